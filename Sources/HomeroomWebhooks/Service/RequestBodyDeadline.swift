import Hummingbird
import NIOCore

/// Reads every request's body before an endpoint sees it, within two limits: at most `limit`
/// bytes (413), and all of it within `timeout` of the request's head. When the time is up and
/// the body has not ended, the connection is closed, so a client trickling a body one byte at a
/// time (or one declared too large) cannot hold it. A request refused before its body was read
/// also tells the client to close (`Connection: close`); the deadline then closes it anyway.
struct RequestBodyDeadline: RouterMiddleware {
    typealias Context = WebhookRequestContext

    let limit: Int
    /// The limit of some paths instead of ``limit`` (a file upload to the web console).
    let limitForPath: @Sendable (String) -> Int?
    let timeout: TimeAmount

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let channel = context.channel
        let deadline = channel.eventLoop.scheduleTask(in: timeout) { channel.close(promise: nil) }
        let limit = limitForPath(request.uri.path) ?? limit
        if let declared = request.headers[.contentLength].flatMap(Int.init), declared > limit {
            throw tooLarge(limit)
        }
        var request = request
        do {
            _ = try await request.collectBody(upTo: limit)
        } catch let error as HTTPError where error.status == .contentTooLarge {
            throw tooLarge(limit)
        } catch {
            guard channel.isActive else { throw timedOut }
            throw error
        }
        // The deadline closes the channel; a body cut short by that is not a body.
        guard channel.isActive else { throw timedOut }
        deadline.cancel()
        return try await next(request, context)
    }

    /// The refusal of a body over `limit`, made only when one is refused.
    private func tooLarge(_ limit: Int) -> WebhookRejection {
        WebhookRejection(.contentTooLarge, "the body is larger than \(limit) bytes", closesConnection: true)
    }

    private var timedOut: WebhookRejection {
        WebhookRejection(
            .requestTimeout, "the request took longer than \(timeout.nanoseconds / 1_000_000) ms to arrive",
            closesConnection: true)
    }
}
