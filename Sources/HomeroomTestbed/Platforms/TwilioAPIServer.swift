import Foundation
import HomeroomCore
import Hummingbird
import Synchronization

/// A loopback stand-in for the slice of Twilio's Programmable Messaging REST API Homeroom uses —
/// Create Message, `POST /2010-04-01/Accounts/{AccountSid}/Messages.json`
/// (https://www.twilio.com/docs/messaging/api/message-resource) — and for the requests Twilio
/// makes in turn: signed status callbacks and incoming-message webhooks (``postInbound(to:signingURL:from:to:body:extraParameters:authToken:tamper:)``).
///
/// It checks HTTP Basic credentials, answers in Twilio's JSON shapes and error codes, meters each
/// sender in segments per second (``TwilioSenderThroughput``) on an injected clock, refuses
/// numbers that opted out, and can answer the next requests 500 or 503. Tests await accepted
/// messages with ``messages(count:within:)`` and read refusals with ``rejections(code:)``.
public final class TwilioAPIServer: Sendable {
    /// The Account SID tests configure.
    public static let accountSID = "AC8f3b2c1d4e5f60718293a4b5c6d7e8f9"
    /// The Auth Token tests configure.
    public static let authToken = "0b1c2d3e4f5a69788796a5b4c3d2e1f0"
    /// The Messaging Service incoming messages name, and status callbacks for messages sent through one.
    public static let messagingServiceSID = "MG1a2b3c4d5e6f708192a3b4c5d6e7f809"
    /// The number a Messaging Service sends from, as its status callbacks say (Twilio's example number).
    public static let servicePoolNumber = "+15017122661"
    /// How early a sender's next message may come and still be admitted: room for network jitter,
    /// far below any sender's budget.
    public static let pacingTolerance = Duration.milliseconds(50)

    /// The state the routes share, and the requests the fake makes.
    let shared: Shared
    private let application: LoopbackApplication

    /// The port on 127.0.0.1.
    public var port: Int { application.port }

    private init(shared: Shared, application: LoopbackApplication) {
        self.shared = shared
        self.application = application
    }

    /// Starts a server on 127.0.0.1 and a free port that accepts `accountSID`:`authToken`, meters
    /// senders at `throughput` (unless ``setThroughput(_:for:)`` says otherwise) on `clock`'s
    /// uptime, and posts status callbacks as `statusCallbacks` says; stop it with ``stop()``.
    public static func start(
        accountSID: String = TwilioAPIServer.accountSID, authToken: String = TwilioAPIServer.authToken,
        clock: any HomeroomClock = SystemClock(), throughput: TwilioSenderThroughput = .longCode,
        statusCallbacks: StatusCallbackDelivery = .onRequest
    ) async throws -> TwilioAPIServer {
        let shared = Shared(
            state: TwilioAPIState(
                accountSID: accountSID, authToken: authToken, defaultThroughput: throughput,
                pacing: TwilioSenderPacing(tolerance: pacingTolerance)),
            clock: clock, delivery: statusCallbacks)
        let router = Router(context: BasicRequestContext.self)
        // https://www.twilio.com/docs/messaging/api/message-resource — "Create a Message resource"
        router.post("2010-04-01/Accounts/:account/Messages.json") { request, context in
            try await shared.createMessage(request, account: context.parameters.get("account") ?? "")
        }
        let application = try await LoopbackApplication.start(serverName: "Twilio", router: router)
        return TwilioAPIServer(shared: shared, application: application)
    }

    /// The API's base URL, `http://127.0.0.1:PORT`, standing for `https://api.twilio.com`.
    public var apiBaseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// The Create Message URL for the configured account.
    public var messagesURL: URL {
        apiBaseURL.appendingPathComponent("2010-04-01/Accounts/\(shared.accountSID)/Messages.json")
    }

    // MARK: - Setting up

    /// Meters `sender` (a `From` number or a `MessagingServiceSid`) at `throughput`.
    public func setThroughput(_ throughput: TwilioSenderThroughput, for sender: String) {
        shared.state.withLock { $0.throughputBySender[sender] = throughput }
    }

    /// `number` has replied STOP: messages to it answer 400, error 21610.
    public func optOut(_ number: String) { _ = shared.state.withLock { $0.optedOut.insert(number) } }

    /// `number` has replied START: it may be sent to again.
    public func optIn(_ number: String) { _ = shared.state.withLock { $0.optedOut.remove(number) } }

    /// The numbers that have opted out, set by the test or learned from an incoming STOP.
    public var optedOut: Set<String> { shared.state.withLock { $0.optedOut } }

    /// Messages to `number` end as `status` (`.undelivered(errorCode: 30003)` for a phone that is
    /// off: https://www.twilio.com/docs/api/errors/30003 — "Unreachable destination handset").
    public func setFinalStatus(_ status: FinalStatus, for number: String) {
        shared.state.withLock { $0.finalStatusByNumber[number] = status }
    }

    /// The next `count` requests, whatever they are, answer `failure` instead.
    public func failNextRequests(_ count: Int, with failure: InjectedFailure = .serviceUnavailable) {
        shared.state.withLock { $0.injectedFailures = Array(repeating: failure, count: max(0, min(count, 10_000))) }
    }

    // MARK: - Reading back

    /// Every message accepted so far, in order.
    public var messages: [AcceptedMessage] { shared.messages.items }

    /// Waits until `count` messages were accepted, at most `timeout` (then throws
    /// ``ArrivalsError/tooFew(_:expected:got:)``); returns every message so far.
    public func messages(count: Int, within timeout: Duration = .seconds(30)) async throws -> [AcceptedMessage] {
        try await shared.messages.items(count: count, within: timeout)
    }

    /// Every request refused with a Twilio error, in order.
    public var rejections: [Rejection] { shared.state.withLock { $0.rejections } }

    /// The requests refused with Twilio error `code` (21610, 20429, …), in order.
    public func rejections(code: Int) -> [Rejection] { rejections.filter { $0.code == code } }

    /// How many 429s (20429) each sender got.
    public var rateLimitedAnswersBySender: [String: Int] { shared.state.withLock { $0.rateLimitedAnswersBySender } }

    /// How many 429s (20429) `sender` got.
    public func rateLimitedAnswers(for sender: String) -> Int { rateLimitedAnswersBySender[sender, default: 0] }

    /// Every status callback posted so far, in order.
    public var statusCallbacksPosted: [StatusCallbackPost] { shared.state.withLock { $0.postedCallbacks } }

    // MARK: - Status callbacks

    /// Posts every status callback waiting (each accepted message with a `StatusCallback` has one
    /// or two: see ``FinalStatus``), one after another, and returns what they were and how they were
    /// answered. With `proxy` (`http://127.0.0.1:PORT`), each goes to the same path there, as a
    /// reverse proxy in front of the application would forward it, still signed over the
    /// `StatusCallback` URL the message gave (the public address Twilio posts to).
    @discardableResult
    public func deliverStatuses(through proxy: URL? = nil) async -> [StatusCallbackPost] {
        await shared.deliverStatuses(through: proxy)
    }

    /// Stops listening, after the status callbacks under way (``StatusCallbackDelivery/automatic``) are posted.
    public func stop() async {
        await application.stop()
        await shared.finishDeliveries()
        shared.messages.cancelWaiting()
    }
}
