import Foundation
import HomeroomCore
import Hummingbird
import NIOCore
import Synchronization

/// A loopback stand-in for the slice of Meta's WhatsApp Cloud API Homeroom uses — the Messages
/// endpoint, `POST /{version}/{phone-number-id}/messages` (Cloud API reference, "Messages") — and
/// for the requests Meta makes in turn: signed event notifications and the verification request
/// (``postText(_:from:to:messageID:tamper:)``, ``verify(_:token:challenge:mode:)``), including the
/// statuses of the messages it accepted (``deliverStatuses(to:)``).
///
/// It checks the Bearer token (error 190), the JSON, the 24-hour customer-service window by its own
/// record of the messages it posted (a text outside it: 131047), approved templates, throughput per
/// business number (429 with 130429 and `Retry-After`) and the pair rate per recipient (131056), on
/// an injected clock, and can answer the next requests with an injected error.
public final class WhatsAppCloudAPIServer: Sendable {
    /// The business phone number id tests configure.
    public static let phoneNumberID = "106540352242922"
    /// The business number's display form, as notifications name it.
    public static let displayPhoneNumber = "15550783881"
    /// The access token tests configure.
    public static let accessToken = "EAAJB-FAKE-ACCESS-TOKEN-0123456789"
    /// The app secret tests configure, which signs notifications.
    public static let appSecret = "f4c3b00c0ffee0123456789abcdef012"
    /// The WhatsApp Business Account id notifications name.
    public static let businessAccountID = "102290129340398"

    /// What the route and the test share: the state, the arrivals, the clock and the app secret.
    final class Shared: Sendable {
        let state: Mutex<WhatsAppCloudAPIState>
        let accepted = Arrivals<AcceptedMessage>(of: "WhatsApp messages")
        let clock: any HomeroomClock
        let appSecret: String

        init(state: WhatsAppCloudAPIState, clock: any HomeroomClock, appSecret: String) {
            self.state = Mutex(state)
            self.clock = clock
            self.appSecret = appSecret
        }
    }

    let shared: Shared
    private let application: LoopbackApplication

    /// The port on 127.0.0.1.
    public var port: Int { application.port }

    private init(shared: Shared, application: LoopbackApplication) {
        self.shared = shared
        self.application = application
    }

    /// Starts a server on 127.0.0.1 and a free port that accepts `accessToken` for `phoneNumberID`,
    /// meters the number at `messagesPerSecond` on `clock`'s uptime, and keeps the window by its
    /// date; stop it with ``stop()``.
    public static func start(
        phoneNumberID: String = WhatsAppCloudAPIServer.phoneNumberID,
        accessToken: String = WhatsAppCloudAPIServer.accessToken,
        appSecret: String = WhatsAppCloudAPIServer.appSecret, messagesPerSecond: Double = 80,
        clock: any HomeroomClock = SystemClock()
    ) async throws -> WhatsAppCloudAPIServer {
        let shared = Shared(
            state: WhatsAppCloudAPIState(
                phoneNumberID: phoneNumberID, accessToken: accessToken,
                throughput: WhatsAppRateMeter(perSecond: messagesPerSecond)),
            clock: clock, appSecret: appSecret)
        let router = Router(context: BasicRequestContext.self)
        // Cloud API reference, "Messages": POST /{Version}/{Phone-Number-ID}/messages.
        router.post(":version/:phone/messages") { request, context in
            let body = try await request.body.collect(upTo: 1_048_576)
            let phone = context.parameters.get("phone") ?? ""
            let id = "wamid." + Data(UUID().uuidString.utf8).base64EncodedString()
            let outcome = shared.state.withLock { state in
                let outcome = state.answer(
                    Array(buffer: body), phoneNumber: phone, authorization: request.headers[.authorization],
                    uptime: clock.uptime, now: shared.clock.now, id: id)
                // Under the state's lock, so that arrivals keep the order the messages were accepted in.
                if case .accepted(let message) = outcome {
                    shared.accepted.append(message)
                    state.queueStatuses(of: message)
                }
                return outcome
            }
            switch outcome {
            case .accepted(let message):
                // "Send messages" response: contacts (input, wa_id) and messages (id).
                return Response.json([
                    "messaging_product": "whatsapp", "contacts": [["input": message.to, "wa_id": message.to]],
                    "messages": [["id": message.id]],
                ])
            case .refused(let error, let retryAfter):
                return Response.json(
                    error.json, status: HTTPResponse.Status(code: error.status), retryAfter: retryAfter.map(String.init)
                )
            }
        }
        let application = try await LoopbackApplication.start(serverName: "WhatsApp", router: router)
        return WhatsAppCloudAPIServer(shared: shared, application: application)
    }

    /// The API's base URL with a version, `http://127.0.0.1:PORT/v21.0`, standing for
    /// `https://graph.facebook.com/v21.0`.
    public var apiURL: URL { URL(string: "http://127.0.0.1:\(port)/v21.0")! }

    // MARK: - Setting up

    /// Approves the template `name` in `language` with `parameters` body parameters.
    public func approveTemplate(_ name: String, language: String, parameters: Int = 1) {
        shared.state.withLock { $0.templates["\(name)|\(language)"] = parameters }
    }

    /// The next `count` sends answer `failure` instead.
    public func failNextRequests(_ count: Int, with failure: InjectedFailure) {
        let error: WhatsAppCloudAPIError =
            switch failure {
            case .tooManyRequests: .throughput
            case .internalServerError: .internalServerError
            case .serviceUnavailable: .serviceUnavailable
            }
        shared.state.withLock { $0.injectedFailures = Array(repeating: error, count: max(0, min(count, 10_000))) }
    }

    // MARK: - Reading back

    /// Every message accepted so far, in order.
    public var messages: [AcceptedMessage] { shared.accepted.items }

    /// Waits until `count` messages were accepted, at most `timeout`; returns every one so far.
    public func messages(count: Int, within timeout: Duration = .seconds(30)) async throws -> [AcceptedMessage] {
        try await shared.accepted.items(count: count, within: timeout)
    }

    /// Every request refused with an error, in order (injected ones included).
    public var rejections: [Rejection] { shared.state.withLock { $0.rejections } }

    /// The requests refused with error `code` (131047, 130429, …), in order.
    public func rejections(code: Int) -> [Rejection] { rejections.filter { $0.code == code } }

    /// Stops listening.
    public func stop() async {
        await application.stop()
        shared.accepted.cancelWaiting()
    }
}
