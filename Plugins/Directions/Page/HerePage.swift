import Campus
import Foundation
import HomeroomCore

/// The small mobile page behind a QR code: where you are, a building picker and a room field,
/// the named places, and the directions once a destination is chosen. Plain HTML and CSS, no
/// script, readable from 320 px up.
struct HerePage {
    /// What the form sent.
    struct Form {
        var to: String?
        var building: String?
        var room: String?
        var accessible: Bool

        init(query: [String: String]) {
            func field(_ name: String) -> String? {
                query[name].map { $0.trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 }
            }
            to = field("to")
            building = field("building")
            room = field("room")
            accessible = field("accessible").map { $0 != "0" && $0.lowercased() != "false" } ?? false
        }

        /// What to look up: `to`, else the room typed, prefixed by the building picked unless
        /// the room already names one (`201` in building B is `B-201`; `B-201` and `library` stand alone).
        func destination(on campus: Campus) -> String? {
            if let to { return to }
            guard let room else { return nil }
            guard let building, campus.room(named: room) == nil, campus.place(named: room) == nil else { return room }
            return "\(building)-\(room)"
        }
    }

    let campus: Campus
    let start: Int
    let form: Form
    var route: Directions?
    var problem: String?

    init(campus: Campus, start: Int, form: Form) {
        self.campus = campus
        self.start = start
        self.form = form
    }

    var html: String {
        let here = campus.checkpoints[start]
        var body = """
            <header><p class="school">\(campus.name.escapingMarkup)</p>
            <h1>You are at \(here.id.escapingMarkup)</h1>
            <p class="where">\(here.name.firstLetterCapitalized.escapingMarkup) — \(campus.buildings[here.building].name.escapingMarkup), floor \(here.floor)</p></header>

            """
        if let problem {
            body += "<p class=\"problem\" role=\"alert\">\(problem.escapingMarkup)</p>\n"
        }
        if let route {
            body +=
                "<section class=\"route\" aria-live=\"polite\"><h2>\(DirectionsText.heading(route, on: campus).escapingMarkup)</h2>\n<ol>\n"
            body += route.steps.map { "<li>\($0.escapingMarkup)</li>\n" }.joined()
            body += "</ol>\n<p class=\"next\">Scan another code on the way for fresh directions.</p></section>\n"
        }
        body += formHTML + placesHTML
        body += """
            <p class="chat">In chat, type <code>/here \(here.id.escapingMarkup)</code>, then <code>/directions B-201</code>.</p>

            """
        return Self.document(title: "Directions from \(here.id)", body: body)
    }

    private var formHTML: String {
        let options = campus.buildings.map { building in
            let selected =
                form.building.map { campus.building(named: $0) == campus.building(named: building.id) } ?? false
            return "<option value=\"\(building.id.escapingMarkupAttribute)\"\(selected ? " selected" : "")>"
                + "\(building.id.escapingMarkup) — \(building.name.escapingMarkup)</option>"
        }
        return """
            <form method="get" class="where-to">
            <h2>Where to?</h2>
            <label for="building">Building</label>
            <select id="building" name="building"><option value="">Any building</option>\(options.joined())</select>
            <label for="room">Room number or name</label>
            <input id="room" name="room" type="text" autocomplete="off" autocapitalize="characters" placeholder="201" value="\((form.room ?? form.to ?? "").escapingMarkupAttribute)">
            <label class="check"><input type="checkbox" name="accessible" value="1"\(form.accessible ? " checked" : "")> No stairs</label>
            <button type="submit">Go</button>
            </form>

            """
    }

    private var placesHTML: String {
        guard !campus.places.isEmpty else { return "" }
        let accessible = form.accessible ? "&amp;accessible=1" : ""
        let links = campus.places.indices.map { index in
            let name = campus.places[index].name
            let query = name.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? name
            return
                "<li><a href=\"?to=\(query)\(accessible)\">\(campus.title(of: .place(index)).escapingMarkup)</a></li>"
        }
        return "<h2>Places</h2>\n<ul class=\"places\">\(links.joined())</ul>\n"
    }

    /// The page for a code the map does not know (or no map at all), listing the places.
    static func missing(campus: Campus?, code: String?) -> String {
        let what = code.map { "the code <strong>\($0.escapingMarkup)</strong>" } ?? "that code"
        var body = """
            <header>\(campus.map { "<p class=\"school\">\($0.name.escapingMarkup)</p>" } ?? "")
            <h1>We don't know this spot</h1></header>
            <p class="problem">The campus map has no checkpoint for \(what). It may have been moved or replaced: \
            scan another code nearby, or ask at the main office.</p>

            """
        if let campus, !campus.places.isEmpty {
            body +=
                "<h2>Places on the map</h2>\n<ul class=\"places plain\">"
                + campus.places.indices.map { "<li>\(campus.title(of: .place($0)).escapingMarkup)</li>" }.joined()
                + "</ul>\n"
        }
        return document(title: "Unknown checkpoint", body: body)
    }

    private static func document(title: String, body: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(title.escapingMarkup)</title>
        <style>\(style)</style>
        </head>
        <body>
        \(body)</body>
        </html>

        """
    }

    private static let style = """
        *{box-sizing:border-box}
        body{margin:0 auto;max-width:40rem;padding:1rem;font:17px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1b1b1b;background:#fafafa}
        h1{font-size:1.5rem;margin:.2rem 0}h2{font-size:1.15rem;margin:1.2rem 0 .4rem}
        .school{margin:0;color:#555;font-size:.9rem}.where{margin:.2rem 0 0;color:#333}
        .route{background:#fff;border:2px solid #1d5fbf;border-radius:.6rem;padding:.4rem 1rem;margin-top:1rem}
        .route ol{padding-left:1.4rem}.route li{margin:.35rem 0}
        .next{font-weight:600;color:#1d5fbf}
        .problem{background:#fff4e5;border-left:4px solid #c25e00;padding:.6rem .8rem}
        form label{display:block;margin:.7rem 0 .2rem;font-weight:600}
        select,input[type=text]{width:100%;font-size:1.1rem;padding:.55rem;border:1px solid #888;border-radius:.4rem;background:#fff}
        .check{font-weight:400}.check input{width:1.3rem;height:1.3rem;vertical-align:middle}
        button{margin-top:.9rem;width:100%;font-size:1.2rem;padding:.7rem;border:0;border-radius:.5rem;background:#1d5fbf;color:#fff;font-weight:700}
        .places{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:.5rem}
        .places a{display:block;padding:.5rem .8rem;border:1px solid #1d5fbf;border-radius:2rem;color:#1d5fbf;text-decoration:none}
        .plain li{padding:.2rem .5rem}
        .chat{color:#555;font-size:.85rem;margin-top:1.5rem}
        """
}
