import Foundation
import HomeroomCore
import HomeroomEngine

extension HomeroomConfiguration {
    /// Announcements (`/announce`): whether each needs a second person's approval, and the quiet
    /// hours that hold normal ones until morning (the `announcements` section).
    public struct AnnouncementSection: Sendable, Decodable {
        /// True: a normal announcement waits until someone with `announce.approve`, not its author,
        /// approves it. Urgent alerts never wait.
        public var requireApproval = false
        /// When the quiet hours begin and end, in school time: `["21:00", "07:00"]`; an empty
        /// list: none.
        public var quietHours = ["21:00", "07:00"]

        enum CodingKeys: String, CodingKey, CaseIterable { case requireApproval, quietHours }

        /// The defaults: no approval, quiet from 21:00 until 07:00.
        public init() {}

        public init(from decoder: any Decoder) throws {
            try decoder.rejectUnknownKeys(CodingKeys.self)
            let container = try decoder.container(keyedBy: CodingKeys.self)
            requireApproval = try container.decode(.requireApproval, or: requireApproval)
            quietHours = try container.decode(.quietHours, or: quietHours)
        }

        /// The checked rules.
        func resolve() throws(ConfigurationError) -> AnnouncementRules {
            if quietHours.isEmpty { return AnnouncementRules(requireApproval: requireApproval, quietHours: nil) }
            guard quietHours.count == 2, let from = ClockTime(parsing: quietHours[0]),
                let until = ClockTime(parsing: quietHours[1])
            else {
                throw ConfigurationError(
                    key: "announcements.quietHours",
                    problem: "two times, when they begin and end, like [\"21:00\", \"07:00\"], or [] for none")
            }
            return AnnouncementRules(requireApproval: requireApproval, quietHours: (from, until))
        }
    }
}
