import Foundation
import HomeroomCore
import ICalendar

/// The bell schedule: which period it is and how long is left (`/now`), what comes next, a day's
/// schedule, lunch waves and each student's own classes by block.
///
/// The schedule comes from an iCalendar feed (fetched with conditional GET, its last good copy kept
/// in storage), a local .ics file, or day types admins define (`regular`, `minimum day`) and assign
/// to dates. An assigned day type or a no-school day overrides the calendar for that date.
public struct SchedulePlugin: ConfigurablePlugin {
    public static let id = "schedule"

    /// The `plugins.schedule` configuration section.
    public struct Settings: Decodable, Sendable {
        /// An iCalendar feed (http or https) with the bell schedule, such as a Google Calendar's address.
        public var calendarURL: String?
        /// A local .ics file with the bell schedule (used when there is no URL).
        public var calendarFile: String?
        /// Minutes between feed refreshes (a divisor of 60).
        public var refreshMinutes = 15
        /// The largest feed accepted, in bytes.
        public var maximumFeedBytes = 5_000_000
        /// Seconds a feed fetch may take.
        public var fetchTimeoutSeconds = 20
        /// Where a failing feed is announced, once per failure: `console:#staff`, `slack:U024BE7LH`.
        public var feedAlerts: [String] = []
        /// The day type used on school days that have neither a calendar nor an assigned day type.
        public var defaultDayType: String?
        /// Seconds a day's schedule is served from memory (writes on any instance clear it at once).
        public var cacheSeconds = 60.0

        enum CodingKeys: String, CodingKey, CaseIterable {
            case calendarURL, calendarFile, refreshMinutes, maximumFeedBytes, fetchTimeoutSeconds, feedAlerts
            case defaultDayType, cacheSeconds
        }

        /// The defaults: no calendar, day types only.
        public init() {}

        public init(from decoder: any Decoder) throws {
            try decoder.rejectUnknownKeys(CodingKeys.self)
            let container = try decoder.container(keyedBy: CodingKeys.self)
            calendarURL = try container.decodeIfPresent(String.self, forKey: .calendarURL)
            calendarFile = try container.decodeIfPresent(String.self, forKey: .calendarFile)
            refreshMinutes = try container.decode(.refreshMinutes, or: refreshMinutes)
            maximumFeedBytes = try container.decode(.maximumFeedBytes, or: maximumFeedBytes)
            fetchTimeoutSeconds = try container.decode(.fetchTimeoutSeconds, or: fetchTimeoutSeconds)
            feedAlerts = try container.decode(.feedAlerts, or: feedAlerts)
            defaultDayType = try container.decodeIfPresent(String.self, forKey: .defaultDayType)
            cacheSeconds = try container.decode(.cacheSeconds, or: cacheSeconds)
        }
    }

    let settings: Settings
    let source: BellCalendarSource
    let days: ExpiringCache<DayKey, DaySchedule>
    let viewers: ExpiringCache<UserID, Viewer>
    let refreshSchedule: CronSchedule

    public init(settings: Settings) throws {
        refreshSchedule = try CronSchedule.every(refreshMinutes: settings.refreshMinutes)
        let limits = try FetchLimits(
            maximumBytes: settings.maximumFeedBytes, timeoutSeconds: settings.fetchTimeoutSeconds,
            bytesSetting: "maximumFeedBytes")
        guard settings.cacheSeconds >= 0 else { throw UserFacingError("cacheSeconds must be 0 or more") }
        var alerts: [AlertTarget] = []
        for entry in settings.feedAlerts { alerts.append(try AlertTarget(parsing: entry)) }
        let origin: BellCalendarSource.Origin
        var refresher: BellFeedRefresher?
        if let text = settings.calendarURL, !text.isEmpty {
            guard let url = URL(calendarFeed: text)
            else {
                throw UserFacingError("calendarURL must be an http, https or webcal address")
            }
            origin = .feed(url)
            refresher = BellFeedRefresher(url: url, limits: limits, alertTargets: alerts)
        } else if let path = settings.calendarFile, !path.isEmpty {
            guard FileManager.default.isReadableFile(atPath: path) else {
                throw UserFacingError("calendarFile \(path) does not exist or cannot be read")
            }
            origin = .file(path)
        } else {
            origin = .none
        }
        self.settings = settings
        source = BellCalendarSource(origin: origin, refresher: refresher, recheckSeconds: 60)
        days = ExpiringCache(timeToLive: settings.cacheSeconds, capacity: 400)
        viewers = ExpiringCache(timeToLive: settings.cacheSeconds, capacity: 20_000)
    }

    public var migrations: [Migration] { ScheduleStore.migrations() }

    public var jobs: [ScheduledJob] {
        guard let refresher = source.refresher else { return [] }
        let source = self.source
        let days = self.days
        return [
            ScheduledJob("refresh feed", schedule: refreshSchedule) { context in
                let outcome = try await refresher.refresh(
                    storage: context.storage, fetcher: context.fetcher, now: context.clock.now, school: context.school,
                    logger: context.logger)
                if case .updated = outcome {
                    source.invalidate()
                    days.invalidate()
                }
            }
        ]
    }

    public var daySections: [DaySection] { [scheduleSection] }

    /// The days (with the parsed bell calendar they were built from) and each person's classes,
    /// emptied on every instance when an admin or the feed refresh changes them.
    public var caches: [String: SharedCache] {
        ["days": SharedCache(days) { [source] in source.invalidate() }, "viewers": SharedCache(viewers)]
    }

    public var commands: [Command] {
        [nowCommand, nextCommand, todayCommand, scheduleCommand, classesCommand]
    }

    /// The bell calendar's page of the office's web console.
    public var consolePages: [ConsolePage] { [bellsPage] }
}
