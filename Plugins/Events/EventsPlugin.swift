import Foundation
import HomeroomCore
import ICalendar

/// What is happening at school: events added in chat (public ones by staff, a circle's by its
/// members) and read from the school calendar's feeds, published as `/calendar.ics`; circles,
/// small groups whose members get the circle's posts and see its events; the clubs admins keep;
/// and the office's contact details.
public struct EventsPlugin: ConfigurablePlugin {
    public static let id = "events"

    /// The `plugins.events` configuration section.
    public struct Settings: Decodable, Sendable {
        /// iCalendar feeds whose events show in `/events` (http, https or webcal).
        public var calendarURLs: [String] = []
        /// Minutes between feed refreshes (a divisor of 60).
        public var refreshMinutes = 15
        /// The largest feed accepted, in bytes.
        public var maximumFeedBytes = 5_000_000
        /// Seconds a feed fetch may take.
        public var fetchTimeoutSeconds = 20
        /// The name calendar apps show for `/calendar.ics`.
        public var calendarName = "School events"
        /// What `/contact` answers.
        public var contact = Contact()

        /// The school office's contact details; every one optional.
        public struct Contact: Decodable, Sendable {
            public var office: String?
            public var phone: String?
            public var email: String?
            public var hours: String?
            public var address: String?

            enum CodingKeys: String, CodingKey, CaseIterable { case office, phone, email, hours, address }

            public init() {}

            public init(from decoder: any Decoder) throws {
                try decoder.rejectUnknownKeys(CodingKeys.self)
                let container = try decoder.container(keyedBy: CodingKeys.self)
                office = try container.decodeIfPresent(String.self, forKey: .office)
                phone = try container.decodeIfPresent(String.self, forKey: .phone)
                email = try container.decodeIfPresent(String.self, forKey: .email)
                hours = try container.decodeIfPresent(String.self, forKey: .hours)
                address = try container.decodeIfPresent(String.self, forKey: .address)
            }
        }

        enum CodingKeys: String, CodingKey, CaseIterable {
            case calendarURLs, refreshMinutes, maximumFeedBytes, fetchTimeoutSeconds, calendarName, contact
        }

        /// The defaults: no feeds.
        public init() {}

        public init(from decoder: any Decoder) throws {
            try decoder.rejectUnknownKeys(CodingKeys.self)
            let container = try decoder.container(keyedBy: CodingKeys.self)
            calendarURLs = try container.decode(.calendarURLs, or: calendarURLs)
            refreshMinutes = try container.decode(.refreshMinutes, or: refreshMinutes)
            maximumFeedBytes = try container.decode(.maximumFeedBytes, or: maximumFeedBytes)
            fetchTimeoutSeconds = try container.decode(.fetchTimeoutSeconds, or: fetchTimeoutSeconds)
            calendarName = try container.decode(.calendarName, or: calendarName)
            contact = try container.decode(.contact, or: contact)
        }
    }

    let settings: Settings
    let feeds: [URL]
    /// What a feed refresh may fetch.
    let feedLimits: FetchLimits
    let refreshSchedule: CronSchedule

    public init(settings: Settings) throws {
        refreshSchedule = try CronSchedule.every(refreshMinutes: settings.refreshMinutes)
        feeds = try settings.calendarURLs.enumerated().map { index, text throws(UserFacingError) in
            // The text is not repeated: a feed address may hold a secret.
            guard let url = URL(calendarFeed: text) else {
                throw UserFacingError("calendarURLs entry \(index + 1) is not an http, https or webcal address")
            }
            return url
        }
        feedLimits = try FetchLimits(
            maximumBytes: settings.maximumFeedBytes, timeoutSeconds: settings.fetchTimeoutSeconds,
            bytesSetting: "maximumFeedBytes")
        self.settings = settings
    }

    public var migrations: [Migration] {
        EventStore.migrations() + [ClubStore.migration(), EventStore.scopeMigration()]
    }

    public var commands: [Command] {
        [eventsCommand, eventCommand, circleCommand, circlesCommand, clubsCommand, clubCommand, contactCommand]
    }

    public var jobs: [ScheduledJob] {
        guard !feeds.isEmpty else { return [] }
        return [
            ScheduledJob("refresh calendar feeds", schedule: refreshSchedule) { context in
                try await refreshFeeds(context)
            }
        ]
    }

    public var pages: [WebPage] { [WebPage("calendar.ics", handler: calendarFeed)] }

    public var topics: [SubscriptionTopic] { [eventsTopic] }

    public var daySections: [DaySection] { [eventsSection] }
}
