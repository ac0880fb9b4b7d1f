import Campus
import Foundation
import HomeroomCore

/// The small mobile page behind a QR code: where you are, a building picker and a room field,
/// the named places, and the directions once a destination is chosen. Plain HTML and CSS, no
/// script, readable from 320 px up, in the reader's language (`lang` and `dir` on the page).
struct HerePage {
    /// What the form sent.
    struct Form {
        var to: String?
        var building: String?
        var room: String?
        var accessible: Bool
        /// The language `?lang=` chose, kept in the form and the place links so that the next page
        /// is in it too; nil when the page follows the browser or the school.
        var language: String?

        init(query: [String: String]) {
            func field(_ name: String) -> String? {
                query[name].map { $0.trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 }
            }
            to = field("to")
            building = field("building")
            room = field("room")
            accessible = field("accessible").map { $0 != "0" && $0.lowercased() != "false" } ?? false
            language = field("lang").flatMap { Language($0)?.code }
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
    /// What the page says, in the reader's language.
    let words: Words
    var route: Directions?
    var problem: String?

    init(campus: Campus, start: Int, form: Form, words: Words) {
        self.campus = campus
        self.start = start
        self.form = form
        self.words = words
    }

    var html: String {
        let here = campus.checkpoints[start]
        let building = campus.buildings[here.building]
        let whereText = words(
            "{place} — {building}, floor {floor}",
            [
                "place": DirectionsText.capitalized(words.content(here.name)), "building": words.content(building.name),
                "floor": words.number(here.floor),
            ])
        var body = """
            <header><p class="school">\(words.mark(campus.name).escapingMarkup)</p>
            <h1>\(words("You are at {checkpoint}", ["checkpoint": here.id]).escapingMarkup)</h1>
            <p class="where">\(whereText.escapingMarkup)</p></header>

            """
        if let problem {
            body += "<p class=\"problem\" role=\"alert\">\(problem.escapingMarkup)</p>\n"
        }
        if let route {
            body +=
                "<section class=\"route\" aria-live=\"polite\"><h2>"
                + "\(DirectionsText.heading(route, on: campus, words).escapingMarkup)</h2>\n<ol>\n"
            body += DirectionsText.steps(route, on: campus, words).map { "<li>\($0.escapingMarkup)</li>\n" }.joined()
            body +=
                "</ol>\n<p class=\"next\">"
                + "\(words("Scan another code on the way for fresh directions.").escapingMarkup)</p></section>\n"
        }
        body += formHTML + placesHTML
        let chat = Self.html(
            words("In chat, type {here}, then {directions}.", ["here": Self.slot(0), "directions": Self.slot(1)]),
            ["<code>/here \(here.id.escapingMarkup)</code>", "<code>/directions B-201</code>"])
        body += "<p class=\"chat\">\(chat)</p>\n"
        return Self.document(title: words("Directions from {checkpoint}", ["checkpoint": here.id]), body: body, words)
    }

    private var formHTML: String {
        let options = campus.buildings.map { building in
            let selected =
                form.building.map { campus.building(named: $0) == campus.building(named: building.id) } ?? false
            return "<option value=\"\(building.id.escapingMarkupAttribute)\"\(selected ? " selected" : "")>"
                + "\(words.mark("\(building.id) — \(building.name)").escapingMarkup)</option>"
        }
        let language = form.language.map {
            "<input type=\"hidden\" name=\"lang\" value=\"\($0.escapingMarkupAttribute)\">\n"
        }
        return """
            <form method="get" class="where-to">
            <h2>\(words("Where to?").escapingMarkup)</h2>
            <label for="building">\(words("Building").escapingMarkup)</label>
            <select id="building" name="building"><option value="">\(words("Any building").escapingMarkup)</option>\(options.joined())</select>
            <label for="room">\(words("Room number or name").escapingMarkup)</label>
            <input id="room" name="room" type="text" autocomplete="off" autocapitalize="characters" placeholder="201" value="\((form.room ?? form.to ?? "").escapingMarkupAttribute)">
            <label class="check"><input type="checkbox" name="accessible" value="1"\(form.accessible ? " checked" : "")> \(words("No stairs").escapingMarkup)</label>
            \(language ?? "")<button type="submit">\(words("Go").escapingMarkup)</button>
            </form>

            """
    }

    private var placesHTML: String {
        guard !campus.places.isEmpty else { return "" }
        let accessible = form.accessible ? "&amp;accessible=1" : ""
        let language = form.language.map {
            "&amp;lang=\($0.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? $0)"
        }
        let links = campus.places.indices.map { index in
            let name = campus.places[index].name
            let query = name.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? name
            let title = DirectionsText.title(of: .place(index), on: campus, words)
            return "<li><a href=\"?to=\(query)\(accessible)\(language ?? "")\">\(title.escapingMarkup)</a></li>"
        }
        return "<h2>\(words("Places").escapingMarkup)</h2>\n<ul class=\"places\">\(links.joined())</ul>\n"
    }

    /// An error, which Homeroom says as a clause (`no room B-2011 in building B`), as a sentence
    /// on the page: capitalised, and ended as the reader's language ends one unless it already ends.
    static func sentence(_ error: String, _ words: Words) -> String {
        let text = error.firstLetterCapitalized
        guard let last = text.last, !".?!。？！؟".contains(last) else { return text }
        return words("{error}.", ["error": text])
    }

    /// The page for a code the map does not know (or no map at all), listing the places.
    static func missing(campus: Campus?, code: String?, _ words: Words) -> String {
        let problem =
            code.map { code in
                html(
                    words(
                        "The campus map has no checkpoint for the code {code}. It may have been moved or replaced: scan another code nearby, or ask at the main office.",
                        ["code": slot(0)]),
                    ["<strong>\(code.escapingMarkup)</strong>"])
            }
            ?? words(
                "The campus map has no checkpoint for that code. It may have been moved or replaced: scan another code nearby, or ask at the main office."
            ).escapingMarkup
        let school = campus.map { "<p class=\"school\">\(words.mark($0.name).escapingMarkup)</p>" } ?? ""
        var body = """
            <header>\(school)
            <h1>\(words("We don't know this spot").escapingMarkup)</h1></header>
            <p class="problem">\(problem)</p>

            """
        if let campus, !campus.places.isEmpty {
            body +=
                "<h2>\(words("Places on the map").escapingMarkup)</h2>\n<ul class=\"places plain\">"
                + campus.places.indices.map {
                    "<li>\(DirectionsText.title(of: .place($0), on: campus, words).escapingMarkup)</li>"
                }
                .joined()
                + "</ul>\n"
        }
        return document(title: words("Unknown checkpoint"), body: body, words)
    }

    /// A placeholder's stand-in for markup a sentence holds (``html(_:_:)``): a private-use
    /// character no sentence or name contains.
    static func slot(_ index: Int) -> String { String(Unicode.Scalar(0xE000 + UInt32(index))!) }

    /// `sentence` as HTML: its text escaped, and the stand-in ``slot(_:)`` of each of `markup`'s
    /// pieces replaced by the piece, so a translated sentence places the markup where it wants.
    static func html(_ sentence: String, _ markup: [String]) -> String {
        var html = sentence.escapingMarkup
        for (index, piece) in markup.enumerated() { html = html.replacingOccurrences(of: slot(index), with: piece) }
        return html
    }

    private static func document(title: String, body: String, _ words: Words) -> String {
        """
        <!DOCTYPE html>
        <html lang="\(words.language.code)" dir="\(words.language.direction)">
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
