import Logging

/// The services a plugin uses, in one value: its tables, the school's calendar, the clock, a
/// logger, the notification outbox and outgoing HTTP.
///
/// Every context a plugin's code receives carries one (``CommandContext``, ``ScheduledJob/Context``,
/// ``SubscriptionTopic/DailyContext``, ``WebPageRequest``) and reads its fields as its own, so
/// `context.storage`, `context.clock` and `context.school` read the same in every handler. A
/// ``Migration/Context`` carries none: a migration runs in the start-up transaction, before the
/// school's services start, and changes the schema alone.
public struct PluginServices: Sendable {
    /// The plugin's tables.
    public let storage: PluginStorage
    /// The school's calendar and time zone.
    public let school: SchoolCalendar
    /// The id of the school asked about (``School/id``); the storage's ``PluginStorage/scope``
    /// says whose rows that school reads.
    public let schoolID: String
    /// The school itself, when the services were made for one (``at(_:)``): handing over to
    /// another plugin then reads that plugin's scope at the school.
    private let attended: School?
    /// The clock; tests stand it at any instant.
    public let clock: any HomeroomClock
    /// A logger with the plugin's (and the command's or job's) metadata.
    public let logger: Logger
    /// Outgoing HTTP (feeds, calendars, pages).
    public let fetcher: any HTTPFetching
    /// What admins wrote, translated (``Words/content(_:)`` reads it).
    public let translations: ContentTranslations

    /// Notifications to deliver later (the storage's ``PluginStorage/notifications``); enqueue inside
    /// the transaction that causes them.
    public var outbox: any NotificationOutbox { storage.notifications }

    /// Bundles the services. The runtime does this; a plugin's tests reach them through `TestBot`.
    package init(
        storage: PluginStorage, school: SchoolCalendar, clock: any HomeroomClock, logger: Logger,
        fetcher: any HTTPFetching, translations: ContentTranslations = ContentTranslations(),
        schoolID: String = School.soleSchoolID
    ) {
        self.init(
            storage: storage, school: school, clock: clock, logger: logger, fetcher: fetcher,
            translations: translations, schoolID: schoolID, attended: nil)
    }

    private init(
        storage: PluginStorage, school: SchoolCalendar, clock: any HomeroomClock, logger: Logger,
        fetcher: any HTTPFetching, translations: ContentTranslations, schoolID: String, attended: School?
    ) {
        self.attended = attended
        self.schoolID = schoolID
        self.translations = translations
        self.storage = storage
        self.school = school
        self.clock = clock
        self.logger = logger
        self.fetcher = fetcher
    }

    /// The same services over the tables of plugin `pluginID`.
    package func handingOver(to pluginID: String) -> PluginServices {
        var storage = storage.handingOver(to: pluginID)
        if let attended { storage = storage.scoped(to: attended.scope(of: pluginID)) }
        return PluginServices(
            storage: storage, school: school, clock: clock, logger: logger, fetcher: fetcher,
            translations: translations, schoolID: schoolID, attended: attended)
    }

    /// The same services at `school`, whose data plugin ``PluginStorage/pluginID`` keeps under
    /// the school's scope for it.
    package func at(_ school: School) -> PluginServices {
        PluginServices(
            storage: storage.scoped(to: school.scope(of: storage.pluginID)), school: school.calendar, clock: clock,
            logger: logger, fetcher: fetcher, translations: translations, schoolID: school.id, attended: school)
    }
}
