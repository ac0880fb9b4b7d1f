import HTTPTypes
import HomeroomCore
import Hummingbird
import NIOCore

/// The small HTML pages of the unsubscribe link, each with headers that keep it to itself: no
/// script, style or framing, the token in no `Referer` and in no cache.
enum UnsubscribePage {
    static let contentSecurityPolicy =
        "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"

    /// The question and its button, which posts the one-click unsubscribe to `action`.
    static func confirmation(_ words: EmailWords, question: String, action: String) -> Response {
        page(
            words,
            body: """
                <p>\(question.escapingMarkup)</p>
                <form method="post" action="\(action.escapingMarkupAttribute)">
                <input type="hidden" name="List-Unsubscribe" value="One-Click">
                <button type="submit">\(words.unsubscribe.escapingMarkup)</button>
                </form>
                """)
    }

    /// A page that says `message`, with `status`.
    static func message(_ words: EmailWords, _ message: String, status: HTTPResponse.Status = .ok) -> Response {
        page(words, body: "<p>\(message.escapingMarkup)</p>", status: status)
    }

    private static func page(_ words: EmailWords, body: String, status: HTTPResponse.Status = .ok) -> Response {
        let language = words.language
        let html = """
            <!DOCTYPE html>
            <html lang="\(language.code.escapingMarkupAttribute)" dir="\(language.direction)">
            <head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="robots" content="noindex"><title>\(words.pageTitle.escapingMarkup)</title>
            <style>body{font-family:sans-serif;max-width:32em;margin:2em auto;padding:0 1em}</style></head>
            <body>
            <h1>\(words.pageTitle.escapingMarkup)</h1>
            \(body)
            </body>
            </html>

            """
        let headers: HTTPFields = [
            .contentType: "text/html; charset=utf-8", .contentSecurityPolicy: contentSecurityPolicy,
            .xContentTypeOptions: "nosniff", HTTPField.Name("Referrer-Policy")!: "no-referrer",
            .cacheControl: "no-store", HTTPField.Name("X-Robots-Tag")!: "noindex",
        ]
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
    }
}
