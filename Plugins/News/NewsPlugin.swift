import Foundation
import HomeroomCore

/// School news: the latest stories from the feeds admins add or the configuration lists (the
/// school site, the district, clubs), the article text itself without the page's furniture, full-text search, and new
/// stories posted to the channels and people who subscribe.
public struct NewsPlugin: ConfigurablePlugin {
    public static let id = "news"

    /// The `plugins.news` configuration section.
    public struct Settings: Decodable, Sendable {
        /// Minutes between feed polls (a divisor of 60).
        public var refreshMinutes = 15
        /// The largest feed accepted, in bytes.
        public var maximumFeedBytes = 5_000_000
        /// The largest article page accepted, in bytes.
        public var maximumPageBytes = 5_000_000
        /// Seconds a feed or page fetch may take.
        public var fetchTimeoutSeconds = 20
        /// How many stories `/news` lists.
        public var latestCount = 5
        /// Characters of article text a page of `/news read` shows before `/more`.
        public var pageCharacters = 1200
        /// Feeds added as sources of the news of each school reading this setting (the group's, for
        /// schools sharing news) at the first poll, when missing; taking one off the list removes nothing.
        public var feeds: [ConfiguredFeed] = []

        enum CodingKeys: String, CodingKey, CaseIterable {
            case refreshMinutes, maximumFeedBytes, maximumPageBytes, fetchTimeoutSeconds, latestCount, pageCharacters
            case feeds
        }

        /// The defaults.
        public init() {}

        public init(from decoder: any Decoder) throws {
            try decoder.rejectUnknownKeys(CodingKeys.self)
            let container = try decoder.container(keyedBy: CodingKeys.self)
            refreshMinutes = try container.decode(.refreshMinutes, or: refreshMinutes)
            maximumFeedBytes = try container.decode(.maximumFeedBytes, or: maximumFeedBytes)
            maximumPageBytes = try container.decode(.maximumPageBytes, or: maximumPageBytes)
            fetchTimeoutSeconds = try container.decode(.fetchTimeoutSeconds, or: fetchTimeoutSeconds)
            latestCount = try container.decode(.latestCount, or: latestCount)
            pageCharacters = try container.decode(.pageCharacters, or: pageCharacters)
            feeds = try container.decode(.feeds, or: feeds)
        }
    }

    let settings: Settings
    let poller: FeedPoller
    let reader: ArticleReader
    let refreshSchedule: CronSchedule
    /// The configured feeds, when the section lists any.
    let configuredFeeds: ConfiguredFeeds?

    public init(settings: Settings) throws {
        refreshSchedule = try CronSchedule.every(refreshMinutes: settings.refreshMinutes)
        let feedLimits = try FetchLimits(
            maximumBytes: settings.maximumFeedBytes, timeoutSeconds: settings.fetchTimeoutSeconds,
            bytesSetting: "maximumFeedBytes")
        let pageLimits = try FetchLimits(
            maximumBytes: settings.maximumPageBytes, timeoutSeconds: settings.fetchTimeoutSeconds,
            bytesSetting: "maximumPageBytes")
        guard (1...20).contains(settings.latestCount) else { throw UserFacingError("latestCount must be 1 to 20") }
        guard (200...4000).contains(settings.pageCharacters) else {
            throw UserFacingError("pageCharacters must be 200 to 4000")
        }
        let feeds = try ConfiguredFeed.checked(settings.feeds)
        configuredFeeds = feeds.isEmpty ? nil : ConfiguredFeeds(feeds)
        self.settings = settings
        poller = FeedPoller(limits: feedLimits)
        reader = ArticleReader(limits: pageLimits)
    }

    public var migrations: [Migration] { NewsStore.migrations() }

    public var jobs: [ScheduledJob] {
        let poller = self.poller
        let configuredFeeds = self.configuredFeeds
        return [
            ScheduledJob("poll feeds", schedule: refreshSchedule) { context in
                try await configuredFeeds?.addMissing(to: context.services, poller: poller)
                let store = NewsStore(storage: context.storage)
                // The district's poll keeps every school's and group's sources fresh; a school
                // configured apart polls its own too, and only them, so its feeds follow its settings
                // without a hundred schools' polls each fetching every feed.
                let sources =
                    context.schoolID == School.soleSchoolID ? try await store.everySource() : try await store.sources()
                for source in sources {
                    _ = try await poller.poll(
                        source, store: store, fetcher: context.fetcher, now: context.clock.now, announce: true,
                        schoolLanguage: context.school.language, logger: context.logger)
                }
            }
        ]
    }

    public var topics: [SubscriptionTopic] { [newsTopic] }

    public var daySections: [DaySection] { [headlinesSection] }

    public var commands: [Command] {
        [
            Command(
                "news", summary: "the school's latest stories, the article text, search and subscriptions",
                usage: "[latest | NUMBER]",
                examples: [
                    .init("news", "the latest stories, numbered", answerContains: "Winter Concert Tickets on Sale"),
                    .init(
                        "news 1", "story 1's article text; /more for the next page",
                        answerContains: "Paragraph 1 of the concert story"),
                ],
                subcommands: [
                    readCommand, searchCommand, fromCommand, sourcesCommand, sourceAddCommand, sourceRemoveCommand,
                    subscribeCommand, unsubscribeCommand,
                ],
                handler: latestOrRead),
            moreCommand,
        ]
    }
}
