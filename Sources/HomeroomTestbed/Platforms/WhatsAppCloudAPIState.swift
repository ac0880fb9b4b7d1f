import Foundation

/// What ``WhatsAppCloudAPIServer`` remembers, and its decision on a send, with no I/O: the route
/// reads a request, asks this under a lock, and sends what it answers.
struct WhatsAppCloudAPIState {
    /// What a send comes to.
    enum Outcome {
        /// 200 with the message's id.
        case accepted(WhatsAppCloudAPIServer.AcceptedMessage)
        /// An error; for a throughput refusal, the seconds to put in `Retry-After`.
        case refused(WhatsAppCloudAPIError, retryAfterSeconds: Int?)
    }

    /// The customer-service window: "a 24-hour timer … starts or refreshes whenever a user messages
    /// you" (Cloud API, "Customer service windows"); outside it only templates are delivered.
    static let windowLength: TimeInterval = 24 * 3_600
    /// The longest text body: "Maximum 4096 characters" (Cloud API reference, "Text messages").
    static let maximumTextLength = 4_096

    let phoneNumberID: String
    let accessToken: String
    /// Messages a second per business number: "up to 80 messages per second (mps) by default"
    /// (WhatsApp Business Platform, "Throughput").
    var throughput: WhatsAppRateMeter
    /// Per recipient: "1 message every 6 seconds … up to 45 messages in a 6-second burst" (Cloud API,
    /// "Pair rate limits"): one every 6 s, with a burst of 45 borrowed from later.
    var pairRate = WhatsAppRateMeter(interval: .seconds(6), burst: 45)
    /// Template name and language → the number of body parameters its approved text has.
    var templates: [String: Int] = [:]
    /// Recipient's digits → when they last wrote (the server's clock), from the messages it posted.
    var lastInbound: [String: Date] = [:]
    var injectedFailures: [WhatsAppCloudAPIError] = []
    /// Recipient's digits → how messages to them end (delivered, unless set).
    var finalStatusByRecipient: [String: WhatsAppCloudAPIServer.FinalStatus] = [:]
    /// The statuses of accepted messages waiting to be posted, in order.
    var pendingStatuses: [PendingStatus] = []
    var rejections: [WhatsAppCloudAPIServer.Rejection] = []

    /// Answers a send to `phoneNumber` (the path's) with `authorization` (the header) and `body`,
    /// arriving at `uptime` (for rates) and `now` (for the window); an accepted message takes `id`.
    mutating func answer(
        _ body: [UInt8], phoneNumber: String, authorization: String?, uptime: Duration, now: Date, id: String
    ) -> Outcome {
        if !injectedFailures.isEmpty {
            let failure = injectedFailures.removeFirst()
            return refuse(failure, to: nil, retryAfterSeconds: failure.status == 429 ? 1 : nil)
        }
        guard authorization == "Bearer \(accessToken)" else { return refuse(.accessToken, to: nil) }
        guard phoneNumber == phoneNumberID else {
            return refuse(
                .invalidParameter(
                    "Unsupported post request. Object with ID '\(phoneNumber.prefix(32))' does not exist"), to: nil)
        }
        guard let json = (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] else {
            return refuse(.invalidParameter("the body is not a JSON object"), to: nil)
        }
        guard json["messaging_product"] as? String == "whatsapp" else {
            return refuse(.invalidParameter("messaging_product must be whatsapp"), to: nil)
        }
        guard let to = json["to"] as? String, (7...15).contains(to.utf8.count),
            to.utf8.allSatisfy({ (48...57).contains($0) })
        else { return refuse(.invalidParameter("to must be the recipient's number in digits"), to: nil) }
        if let recipientType = json["recipient_type"], recipientType as? String != "individual" {
            return refuse(.invalidParameter("recipient_type must be individual"), to: to)
        }
        let content: WhatsAppCloudAPIServer.AcceptedMessage.Content
        switch json["type"] as? String {
        case "text":
            guard let text = json["text"] as? [String: Any], let body = text["body"] as? String, !body.isEmpty else {
                return refuse(.invalidParameter("text.body is required"), to: to)
            }
            guard body.count <= Self.maximumTextLength else {
                return refuse(.invalidParameter("text.body is longer than 4096 characters"), to: to)
            }
            guard let last = lastInbound[to], now.timeIntervalSince(last) < Self.windowLength else {
                return refuse(.reEngagement, to: to)
            }
            content = .text(body)
        case "template":
            switch template(json["template"]) {
            case .success(let template): content = template
            case .failure(let error): return refuse(error, to: to)
            }
        default:
            return refuse(.invalidParameter("type must be text or template"), to: to)
        }
        if let wait = throughput.admit(phoneNumberID, at: uptime) {
            return refuse(.throughput, to: to, retryAfterSeconds: Self.wholeSeconds(wait))
        }
        if pairRate.admit(to, at: uptime) != nil { return refuse(.pairRate, to: to) }
        return .accepted(.init(id: id, to: to, content: content, arrivedAt: uptime, sentAt: now))
    }

    /// The template a request's `template` object names, checked against the approved ones
    /// ("Template messages": `name`, `language.code`, `components[].parameters[]`).
    private func template(_ value: Any?) -> Result<
        WhatsAppCloudAPIServer.AcceptedMessage.Content, WhatsAppCloudAPIError
    > {
        guard let template = value as? [String: Any], let name = template["name"] as? String,
            let language = (template["language"] as? [String: Any])?["code"] as? String
        else { return .failure(.invalidParameter("template.name and template.language.code are required")) }
        guard let expected = templates["\(name)|\(language)"] else { return .failure(.noTemplate) }
        let components = (template["components"] as? [Any]) ?? []
        let body = components.compactMap { $0 as? [String: Any] }.first { $0["type"] as? String == "body" }
        let parameters = ((body?["parameters"] as? [Any]) ?? []).compactMap { parameter -> String? in
            guard let parameter = parameter as? [String: Any], parameter["type"] as? String == "text" else {
                return nil
            }
            return parameter["text"] as? String
        }
        guard parameters.count == expected else { return .failure(.parameterCount) }
        for parameter in parameters
        where parameter.contains(where: { $0 == "\n" || $0 == "\t" })
            || parameter.contains("     ")
        {
            return .failure(.parameterFormat)
        }
        return .success(.template(name: name, language: language, parameters: parameters))
    }

    private mutating func refuse(
        _ error: WhatsAppCloudAPIError, to: String?, retryAfterSeconds: Int? = nil
    ) -> Outcome {
        rejections.append(.init(code: error.code, status: error.status, to: to))
        return .refused(error, retryAfterSeconds: retryAfterSeconds)
    }

    /// `duration` rounded up to whole seconds, at least 1, as `Retry-After` takes it.
    private static func wholeSeconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return Int(clamping: max(1, attoseconds > 0 ? seconds + 1 : seconds))
    }
}

/// A generic cell rate meter by key: one event every `interval`, with `burst` events at once
/// borrowed from later; readings are a monotonic clock's.
struct WhatsAppRateMeter {
    let interval: Duration
    /// How far ahead of its turn an event may come.
    let tolerance: Duration
    private var due: [String: Duration] = [:]

    /// A meter of one event every `interval`, `burst` at once, with 50 ms for network jitter.
    init(interval: Duration, burst: Int = 1) {
        self.interval = interval
        tolerance = interval * max(0, burst - 1) + .milliseconds(50)
    }

    /// A meter of `perSecond` events a second.
    init(perSecond: Double) {
        self.init(interval: .seconds(1 / max(0.01, perSecond)))
    }

    /// Admits an event for `key` at `now` (nil), or says how much sooner it came than allowed.
    mutating func admit(_ key: String, at now: Duration) -> Duration? {
        let next = max(due[key] ?? now, now)
        let early = next - now
        if early > tolerance { return early - tolerance }
        if due.count >= 10_000 { due = due.filter { $0.value > now } }
        due[key] = next + interval
        return nil
    }
}
