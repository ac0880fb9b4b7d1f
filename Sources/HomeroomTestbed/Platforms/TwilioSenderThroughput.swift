/// How many message segments a Twilio sender (a phone number or a Messaging Service) may send each
/// second, the figure ``TwilioAPIServer`` meters each sender by.
///
/// Twilio's published defaults, for the US and Canada, count segments, not messages: "Each Twilio
/// SMS-enabled long code … can send 1 SMS message segment per-second, per-number" and "US and
/// Canadian toll free phone numbers have a rate limit of 3 message segments per-second"
/// (https://www.twilio.com/help/faq/twilio-basics/what-are-the-limits-on-outbound-calls-and-sms-messages-per-second;
/// toll-free also https://support.twilio.com/hc/en-us/articles/4411046744987 — "3 MPS (message
/// segments per second)"); "Twilio short codes can send 100 SMS messages per second by default"
/// (https://support.twilio.com/hc/en-us/articles/223182068-What-is-a-short-code-).
public struct TwilioSenderThroughput: Sendable, Equatable {
    /// Segments per second, between 0.01 and 10,000.
    public let segmentsPerSecond: Double

    /// `segmentsPerSecond`, clamped to 0.01…10,000 (a value that is not a number means 1).
    public init(segmentsPerSecond: Double) {
        self.segmentsPerSecond = segmentsPerSecond.isNaN ? 1 : min(max(segmentsPerSecond, 0.01), 10_000)
    }

    /// A long code (a local ten-digit number) in the US and Canada: 1 segment a second.
    public static let longCode = TwilioSenderThroughput(segmentsPerSecond: 1)
    /// A US or Canadian toll-free number: 3 segments a second.
    public static let tollFree = TwilioSenderThroughput(segmentsPerSecond: 3)
    /// A short code: 100 a second.
    public static let shortCode = TwilioSenderThroughput(segmentsPerSecond: 100)

    /// How long `segments` segments take this sender.
    func duration(of segments: Int) -> Duration {
        .seconds(Double(max(1, segments)) / segmentsPerSecond)
    }
}
