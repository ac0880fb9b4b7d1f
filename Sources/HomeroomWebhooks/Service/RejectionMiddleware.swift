import HTTPTypes
import Hummingbird
import Logging

/// Turns every refused request into a short JSON error with its status — never a 500 with a
/// stack trace — and logs it once.
struct RejectionMiddleware<Context: RequestContext>: RouterMiddleware {
    struct ErrorBody: Encodable {
        let error: String
    }

    let logger: Logger

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let rejection as WebhookRejection {
            var response = refuse(request, status: rejection.status, message: rejection.message)
            if rejection.closesConnection { response.headers[.connection] = "close" }
            return response
        } catch let error as HTTPError {
            let message =
                error.status == .notFound
                ? "no endpoint \(request.method) \(request.uri.path)" : error.body ?? error.status.reasonPhrase
            return refuse(request, status: error.status, message: message)
        } catch {
            logger.error("\(request.method) \(request.uri.path) failed: \(error)")
            return JSONBody.response(ErrorBody(error: "internal error, logged"), status: .internalServerError)
        }
    }

    private func refuse(_ request: Request, status: HTTPResponse.Status, message: String) -> Response {
        logger.notice("refused \(request.method) \(request.uri.path): \(status.code) \(message)")
        return JSONBody.response(ErrorBody(error: message), status: status)
    }
}
