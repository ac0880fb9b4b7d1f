import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// The console's responses, each with the headers that keep its pages to themselves: a
/// Content-Security-Policy that runs only Homeroom's own script and style (no `unsafe-inline`),
/// no framing, a referrer only to the console itself (a sign-in link never leaves for another site
/// in a `Referer`; `no-referrer` would make browsers post forms with `Origin: null`), no caching.
enum ConsoleResponses {
    static let contentSecurityPolicy =
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
        + "form-action 'self'; frame-ancestors 'none'; base-uri 'none'"

    /// An HTML page.
    static func html(_ text: String, status: HTTPResponse.Status = .ok, cookie: String? = nil) -> Response {
        var headers = securityHeaders
        headers[.contentType] = "text/html; charset=utf-8"
        if let cookie { headers[.setCookie] = cookie }
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    /// A 303 to `location` (after a form, so that reloading does not post it again).
    static func redirect(to location: String, cookie: String? = nil) -> Response {
        var headers = securityHeaders
        headers[.location] = location
        if let cookie { headers[.setCookie] = cookie }
        return Response(status: .seeOther, headers: headers)
    }

    /// A file of the console's own (style, script), which browsers may keep for a while.
    static func asset(_ text: String, contentType: String) -> Response {
        var headers = securityHeaders
        headers[.contentType] = contentType
        headers[.cacheControl] = "public, max-age=300"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    /// Plain text: a short refusal where no page is laid out (a display of no such school).
    static func text(_ text: String, status: HTTPResponse.Status) -> Response {
        var headers = securityHeaders
        headers[.contentType] = "text/plain; charset=utf-8"
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    /// JSON for the hallway display's script.
    static func json(_ data: Data) -> Response {
        var headers = securityHeaders
        headers[.contentType] = "application/json; charset=utf-8"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }

    private static var securityHeaders: HTTPFields {
        [
            .contentSecurityPolicy: contentSecurityPolicy, .xContentTypeOptions: "nosniff",
            HTTPField.Name("Referrer-Policy")!: "same-origin", .cacheControl: "no-store",
            HTTPField.Name("X-Frame-Options")!: "DENY",
        ]
    }
}
