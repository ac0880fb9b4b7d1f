import Foundation
import HomeroomCore
import HomeroomTexts
import Hummingbird
import Synchronization

extension TwilioAPIServer {
    /// The routes' shared state, and the requests the fake makes in Twilio's place.
    final class Shared: Sendable {
        let state: Mutex<TwilioAPIState>
        let messages = Arrivals<AcceptedMessage>(of: "Twilio messages")
        let clock: any HomeroomClock
        let delivery: StatusCallbackDelivery
        let accountSID: String
        /// Automatic status callbacks under way.
        private let deliveries = Mutex<[Task<Void, Never>]>([])

        init(state: TwilioAPIState, clock: any HomeroomClock, delivery: StatusCallbackDelivery) {
            self.accountSID = state.accountSID
            self.state = Mutex(state)
            self.clock = clock
            self.delivery = delivery
        }

        /// Answers one Create Message request.
        func createMessage(_ request: Request, account: String) async throws -> Response {
            let body = try await request.body.collect(upTo: 1_048_576)
            let fields = TwilioForm.decode(Array(buffer: body))
            let credentials = Self.basicCredentials(request.headers[.authorization])
            let now = clock.uptime
            let sid = Self.newSID(prefix: "SM")
            let outcome = state.withLock { state in
                let outcome = state.answer(fields, account: account, credentials: credentials, at: now, sid: sid)
                // Under the state's lock, so that arrivals keep the order the messages were accepted in.
                if case .created(let message) = outcome { messages.append(message) }
                return outcome
            }
            switch outcome {
            case .created(let message):
                if delivery == .automatic, message.statusCallback != nil { startDelivery() }
                return Response.json(
                    TwilioAPIState.json(of: message, accountSID: accountSID, date: clock.now), status: .created)
            case .refused(let error, let retryAfter):
                return Response.json(
                    error.json, status: HTTPResponse.Status(code: error.status), retryAfter: retryAfter.map(String.init)
                )
            }
        }

        /// Posts the waiting status callbacks, signed with the auth token
        /// (https://www.twilio.com/docs/usage/webhooks/webhooks-security — "X-Twilio-Signature").
        func deliverStatuses(through proxy: URL? = nil) async -> [StatusCallbackPost] {
            let (pending, authToken) = state.withLock { state in
                defer { state.pendingCallbacks = [] }
                return (state.pendingCallbacks, state.authToken)
            }
            var posted: [StatusCallbackPost] = []
            for callback in pending {
                let signature = TwilioSignature.signature(
                    for: callback.url, parameters: callback.parameters, authToken: authToken)
                let answer = try? await TwilioWebhookPost.send(
                    callback.parameters, to: Self.address(callback.url, through: proxy), signature: signature)
                let post = StatusCallbackPost(
                    url: callback.url,
                    parameters: Dictionary(
                        callback.parameters.map { ($0.name, $0.value) }, uniquingKeysWith: { a, _ in a }),
                    signature: signature, responseStatus: answer?.status)
                state.withLock { $0.postedCallbacks.append(post) }
                posted.append(post)
            }
            return posted
        }

        /// `url` with its scheme, host and port those of `proxy`, when given.
        static func address(_ url: String, through proxy: URL?) -> String {
            guard let proxy, let target = URLComponents(string: url),
                var forwarded = URLComponents(url: proxy, resolvingAgainstBaseURL: false)
            else { return url }
            forwarded.path = target.path
            forwarded.query = target.query
            return forwarded.string ?? url
        }

        /// Waits for the automatic status callbacks under way.
        func finishDeliveries() async {
            let running = deliveries.withLock { tasks in
                defer { tasks = [] }
                return tasks
            }
            for task in running { await task.value }
        }

        private func startDelivery() {
            let task = Task { _ = await self.deliverStatuses() }
            deliveries.withLock { $0.append(task) }
        }

        /// The user and password of an `Authorization: Basic …` header, if it is one.
        static func basicCredentials(_ header: String?) -> (user: String, password: String)? {
            guard let header, header.count < 4_096, header.lowercased().hasPrefix("basic "),
                let decoded = Data(base64Encoded: String(header.dropFirst(6)).trimmingCharacters(in: .whitespaces)),
                let text = String(data: decoded, encoding: .utf8), let colon = text.firstIndex(of: ":")
            else { return nil }
            return (String(text[..<colon]), String(text[text.index(after: colon)...]))
        }

        /// A new SID: `prefix` and 32 lowercase hex digits, as Twilio's are.
        static func newSID(prefix: String) -> String {
            prefix + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        }
    }
}
