import Foundation
import HomeroomCore

/// The school lunch screen, as a bot: today's specials, vegetables, fries and the dishes that are
/// always there; admins keep it up to date from chat or by importing a file.
public struct LunchPlugin: ConfigurablePlugin {
    public static let id = "lunch"

    /// The `plugins.lunch` configuration section.
    public struct Settings: Decodable, Sendable {
        /// How many days ahead `/lunch` looks for the next posted menu.
        public var lookAheadDays = 14
        /// Seconds an answer is served from memory before it is read again (writes on any instance clear it at once).
        public var cacheSeconds = 60.0

        enum CodingKeys: String, CodingKey, CaseIterable { case lookAheadDays, cacheSeconds }

        /// The defaults.
        public init() {}

        public init(from decoder: any Decoder) throws {
            try decoder.rejectUnknownKeys(CodingKeys.self)
            let container = try decoder.container(keyedBy: CodingKeys.self)
            lookAheadDays = try container.decode(.lookAheadDays, or: lookAheadDays)
            cacheSeconds = try container.decode(.cacheSeconds, or: cacheSeconds)
        }
    }

    let settings: Settings
    let cache: ExpiringCache<LunchAnswer.Key, LunchAnswer>

    public init(settings: Settings) throws {
        guard (1...366).contains(settings.lookAheadDays) else {
            throw UserFacingError("lookAheadDays must be 1 to 366")
        }
        guard settings.cacheSeconds >= 0 else { throw UserFacingError("cacheSeconds must be 0 or more") }
        self.settings = settings
        self.cache = ExpiringCache(timeToLive: settings.cacheSeconds, capacity: 1_000)
    }

    public var migrations: [Migration] { LunchMenuStore.migrations() }

    /// Nothing about the people who ask; a menu names the admin who set it.
    public var personalData: PersonalData {
        .keepsNothing(but: [.kept("menus", "updated_by", because: "the record of which admin set a menu")])
    }

    /// The answers, emptied on every instance when a menu changes.
    public var caches: [String: SharedCache] { ["answers": SharedCache(cache)] }

    public var topics: [SubscriptionTopic] { [lunchTopic] }

    public var daySections: [DaySection] { [lunchSection] }

    public var commands: [Command] {
        [
            Command(
                "lunch", aliases: ["menu"],
                summary: "the lunch menu: specials, vegetables, fries, always-available dishes",
                usage: "[today | tomorrow | friday | 2026-12-03 | week | next week]",
                examples: [
                    .init("lunch", "today's menu, or the next school day's", answerContains: "Lunch for"),
                    .init("lunch tomorrow", "tomorrow's menu", answerContains: "Lunch for"),
                    .init("lunch friday", "this Friday's menu", answerContains: "Lunch for"),
                    .init("lunch week", "Monday to Friday of this week", answerContains: "Lunch, "),
                    .init("lunch next week", "Monday to Friday of next week", answerContains: "Lunch, "),
                ],
                subcommands: [setCommand, clearCommand, alwaysListCommand, alwaysAddCommand, alwaysRemoveCommand],
                handler: show)
        ]
    }
}
