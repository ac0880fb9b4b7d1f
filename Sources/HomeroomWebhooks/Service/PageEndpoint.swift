import HomeroomCore
import Hummingbird
import NIOCore

/// Serves a plugin's web page (`GET /here/B2-EAST?to=B-201`) through Hummingbird.
enum PageEndpoint {
    static func respond(_ page: ServedPage, name: String?, to request: Request) async -> Response {
        let query: [String: String]
        do {
            query =
                try request.uri.query.map { try URLEncodedFormDecoder().decode([String: String].self, from: $0) } ?? [:]
        } catch {
            return response(.text("The address's query is malformed.", status: 400))
        }
        return response(
            await page.respond(name: name, query: query, acceptLanguage: request.headers[.acceptLanguage]))
    }

    private static func response(_ answer: WebPageResponse) -> Response {
        Response(
            status: HTTPResponse.Status(code: answer.status),
            headers: [.contentType: answer.contentType, .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: answer.body)))
    }
}
