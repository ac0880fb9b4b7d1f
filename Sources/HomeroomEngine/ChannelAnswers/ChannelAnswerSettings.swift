import Foundation
import HomeroomCore

/// How chat adapters with channels (IRC, Matrix) answer a class that asks at once: the
/// `channelAnswers` section of the configuration.
public struct ChannelAnswerSettings: Sendable, Equatable, Decodable {
    /// Seconds an answer in a channel stays fresh: the same answer asked for again within them is
    /// not sent again (the askers are named instead). 0 switches coalescing off.
    public var coalesceWindowSeconds: Double

    /// The defaults: a 30 s window, about the time a class takes to ask.
    public init(coalesceWindowSeconds: Double = 30) {
        self.coalesceWindowSeconds = coalesceWindowSeconds
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case coalesceWindowSeconds }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        coalesceWindowSeconds = try container.decode(.coalesceWindowSeconds, or: 30)
        guard coalesceWindowSeconds.isFinite, (0...Self.longestWindowSeconds).contains(coalesceWindowSeconds) else {
            throw container.invalid(.coalesceWindowSeconds, "seconds from 0 (off) to 86400")
        }
    }

    /// Seconds of quiet after the last late asker before the line naming the late askers goes out.
    package static let pointerQuietSeconds = 0.75
    /// The longest that line gathers names, however steadily askers come.
    package static let pointerLongestWaitSeconds = 2.0
    /// The longest window a configuration may set (a day).
    package static let longestWindowSeconds = 86_400.0
}
