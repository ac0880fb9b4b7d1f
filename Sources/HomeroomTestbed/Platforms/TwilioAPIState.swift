import Foundation
import HomeroomTexts

/// What ``TwilioAPIServer`` remembers, and its Create Message decision, with no I/O: the routes
/// read a request, ask this under a lock, and send what it answers.
struct TwilioAPIState {
    /// What a Create Message request comes to.
    enum Outcome {
        /// 201 with the Message resource.
        case created(TwilioAPIServer.AcceptedMessage)
        /// A Twilio error; for 20429, the seconds to put in `Retry-After`.
        case refused(TwilioAPIError, retryAfterSeconds: Int?)
    }

    /// A status callback waiting to be posted: where, and the parameters (signed when posted).
    struct PendingCallback {
        let url: String
        let parameters: [(name: String, value: String)]
    }

    /// The longest `Body` Twilio takes, in characters (counted as UTF-16 units, so that a body
    /// Twilio would count either way passes): https://www.twilio.com/docs/api/errors/21617 —
    /// "The Body parameter for an outgoing message can be up to 1,600 characters".
    static let maximumBodyLength = 1_600

    let accountSID: String
    let authToken: String
    var defaultThroughput: TwilioSenderThroughput
    var throughputBySender: [String: TwilioSenderThroughput] = [:]
    var pacing: TwilioSenderPacing
    var optedOut: Set<String> = []
    var finalStatusByNumber: [String: TwilioAPIServer.FinalStatus] = [:]
    var injectedFailures: [TwilioAPIServer.InjectedFailure] = []
    var rejections: [TwilioAPIServer.Rejection] = []
    var rateLimitedAnswersBySender: [String: Int] = [:]
    var pendingCallbacks: [PendingCallback] = []
    var postedCallbacks: [TwilioAPIServer.StatusCallbackPost] = []

    /// Answers a Create Message request to account `account` (the path's) with `credentials` (HTTP
    /// Basic's user and password, if sent): an injected failure if one is queued, 401 (20003) for
    /// wrong credentials (https://www.twilio.com/docs/iam/api — "HTTP Basic authentication … your
    /// Account SID as the username and your Auth Token as the password"), 404 (20404) for another
    /// account's path, else what ``createMessage(_:at:sid:)`` decides.
    mutating func answer(
        _ fields: [(name: String, value: String)], account: String, credentials: (user: String, password: String)?,
        at now: Duration, sid: String
    ) -> Outcome {
        if !injectedFailures.isEmpty {
            let failure = injectedFailures.removeFirst()
            return .refused(
                failure == .internalServerError ? .internalServerError : .serviceUnavailable, retryAfterSeconds: nil)
        }
        guard let credentials, credentials.user == accountSID, credentials.password == authToken else {
            return refuse(.authenticate, fields)
        }
        guard account == accountSID else { return refuse(.notFound, fields) }
        return createMessage(fields, at: now, sid: sid)
    }

    /// Decides a Create Message request with form `fields` arriving at `now` (the clock's uptime);
    /// an accepted message takes `sid`.
    ///
    /// The parameters are those of https://www.twilio.com/docs/messaging/api/message-resource —
    /// "Create a Message resource": `To`, `From` or `MessagingServiceSid`, `Body`, `StatusCallback`.
    mutating func createMessage(
        _ fields: [(name: String, value: String)], at now: Duration, sid: String
    ) -> Outcome {
        let to = TwilioForm.value(of: "To", in: fields)
        let from = TwilioForm.nonEmptyValue(of: "From", in: fields)
        let service = TwilioForm.nonEmptyValue(of: "MessagingServiceSid", in: fields)
        let body = TwilioForm.value(of: "Body", in: fields) ?? ""
        let statusCallback = TwilioForm.nonEmptyValue(of: "StatusCallback", in: fields)
        guard let to, !to.isEmpty else { return refuse(.toRequired, fields) }
        guard Self.isE164(to) else { return refuse(.invalidTo(to), fields) }
        guard let sender = from ?? service else { return refuse(.fromRequired, fields) }
        guard !body.isEmpty else { return refuse(.bodyRequired, fields) }
        guard body.utf16.count <= Self.maximumBodyLength else { return refuse(.bodyTooLong, fields) }
        if let statusCallback, !Self.isHTTPURL(statusCallback) { return refuse(.invalidStatusCallback, fields) }
        // https://www.twilio.com/docs/api/errors/21610 — "You will not be able to send to the phone
        // number specified in the 'To' parameter until the subscriber … has responded with START".
        if optedOut.contains(to) { return refuse(.unsubscribed, fields) }
        let segments = SegmentCount(of: body).segments
        let throughput = throughputBySender[sender] ?? defaultThroughput
        if case .tooSoon(let wait) = pacing.admit(segments: segments, from: sender, throughput: throughput, at: now) {
            rateLimitedAnswersBySender[sender, default: 0] += 1
            return refuse(.tooManyRequests, fields, retryAfterSeconds: Self.wholeSeconds(wait))
        }
        let message = TwilioAPIServer.AcceptedMessage(
            sid: sid, to: to, from: from, messagingServiceSID: service, body: body, segments: segments,
            statusCallback: statusCallback, arrivedAt: now)
        if let statusCallback { queueCallbacks(for: message, to: statusCallback) }
        return .created(message)
    }

    /// Records that `error` answered a request with `fields`, and answers it.
    private mutating func refuse(
        _ error: TwilioAPIError, _ fields: [(name: String, value: String)], retryAfterSeconds: Int? = nil
    ) -> Outcome {
        let sender =
            TwilioForm.nonEmptyValue(of: "From", in: fields)
            ?? TwilioForm.nonEmptyValue(of: "MessagingServiceSid", in: fields)
        rejections.append(
            TwilioAPIServer.Rejection(
                code: error.code, status: error.status, to: TwilioForm.value(of: "To", in: fields), sender: sender))
        return .refused(error, retryAfterSeconds: retryAfterSeconds)
    }

    /// The Message resource Twilio answers a create with
    /// (https://www.twilio.com/docs/messaging/api/message-resource — "Message Properties" and the
    /// create example). Sent through a Messaging Service alone, a message is `accepted` with
    /// `num_segments` "0" until a sender is picked ("Note: For messages sent via a Messaging
    /// Service, num_segments is initially 0"); else it is `queued`.
    static func json(of message: TwilioAPIServer.AcceptedMessage, accountSID: String, date: Date) -> [String: Any] {
        let created = Self.rfc2822(date)
        let uri = "/2010-04-01/Accounts/\(accountSID)/Messages/\(message.sid)"
        let viaServiceOnly = message.from == nil
        return [
            "account_sid": accountSID, "api_version": "2010-04-01", "body": message.body,
            "date_created": created, "date_updated": created, "date_sent": NSNull(), "direction": "outbound-api",
            "error_code": NSNull(), "error_message": NSNull(), "from": message.from.map { $0 as Any } ?? NSNull(),
            "messaging_service_sid": message.messagingServiceSID.map { $0 as Any } ?? NSNull(), "num_media": "0",
            "num_segments": viaServiceOnly ? "0" : String(message.segments), "price": NSNull(),
            "price_unit": "USD", "sid": message.sid, "status": viaServiceOnly ? "accepted" : "queued",
            "subresource_uris": ["media": uri + "/Media.json"], "to": message.to,
            "uri": uri + ".json",
        ]
    }

    /// Queues the callbacks that tell how `message` ends: `sent` then `delivered`, `sent` then
    /// `undelivered`, or `failed`, with the parameters of
    /// https://www.twilio.com/docs/messaging/guides/track-outbound-message-status — "Status callback
    /// requests" (a subset of the standard request parameters, plus `MessageStatus` and `ErrorCode`).
    private mutating func queueCallbacks(for message: TwilioAPIServer.AcceptedMessage, to url: String) {
        let statuses: [(status: String, errorCode: Int?)] =
            switch finalStatusByNumber[message.to] ?? .delivered {
            case .delivered: [("sent", nil), ("delivered", nil)]
            case .undelivered(let code): [("sent", nil), ("undelivered", code)]
            case .failed(let code): [("failed", code)]
            }
        for (status, errorCode) in statuses {
            var parameters: [(name: String, value: String)] = [
                ("AccountSid", accountSID), ("ApiVersion", "2010-04-01"),
                ("From", message.from ?? TwilioAPIServer.servicePoolNumber), ("MessageSid", message.sid),
                ("MessageStatus", status), ("SmsSid", message.sid), ("SmsStatus", status), ("To", message.to),
            ]
            if let service = message.messagingServiceSID { parameters.append(("MessagingServiceSid", service)) }
            if let errorCode { parameters.append(("ErrorCode", String(errorCode))) }
            pendingCallbacks.append(PendingCallback(url: url, parameters: parameters))
        }
    }

    /// True for `+` and 2 to 15 digits, the first not 0: E.164 as Twilio asks for `To`
    /// (https://www.twilio.com/docs/glossary/what-e164).
    static func isE164(_ number: String) -> Bool {
        let digits = number.utf8.dropFirst()
        return number.utf8.first == UInt8(ascii: "+") && (2...15).contains(digits.count)
            && digits.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
            && digits.first != UInt8(ascii: "0")
    }

    private static func isHTTPURL(_ text: String) -> Bool {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), url.host?.isEmpty == false else {
            return false
        }
        return scheme == "http" || scheme == "https"
    }

    /// `duration` rounded up to whole seconds, at least 1, as `Retry-After` takes it.
    private static func wholeSeconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return Int(clamping: max(1, attoseconds > 0 ? seconds + 1 : seconds))
    }

    /// `date` as Twilio writes `date_created`: "Tue, 26 Jul 2016 12:50:07 +0000".
    private static func rfc2822(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss Z"
        return formatter.string(from: date)
    }
}
