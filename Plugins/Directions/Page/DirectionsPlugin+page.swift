import Campus
import HomeroomCore

extension DirectionsPlugin {
    /// `GET /here/CHECKPOINT[?to=B-201 | ?building=B&room=201][&accessible=1]`: the page a QR
    /// code opens. An unknown checkpoint gets a 404 page listing the places.
    func herePage(_ request: WebPageRequest) async throws -> WebPageResponse {
        let words = request.words
        guard let campus = try await campus(for: request.services) else {
            return .html(HerePage.missing(campus: nil, code: request.name, words), status: 404)
        }
        guard let name = request.name, let start = campus.checkpoint(named: name) else {
            return .html(HerePage.missing(campus: campus, code: request.name, words), status: 404)
        }
        let form = HerePage.Form(query: request.query)
        var page = HerePage(campus: campus, start: start, form: form, words: words)
        if let target = form.destination(on: campus) {
            do {
                let destination = try CampusLookup(campus: campus, prefix: "/", words: words).destination(target)
                if let route = campus.directions(from: start, to: destination, accessible: form.accessible) {
                    page.route = route
                } else {
                    page.problem = HerePage.sentence(
                        DirectionsText.noWay(
                            from: start, to: destination, accessible: form.accessible, on: campus, words),
                        words)
                }
            } catch {
                page.problem = HerePage.sentence(error.message, words)
            }
        }
        return .html(page.html)
    }
}
