import CoreMetrics
import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomFetch
import HomeroomStorage
import Logging

/// The assembled bot: configuration, storage, migrations, plugins, dispatcher and scheduler.
///
/// `homeroom serve`, `homeroom say`, the test kit and the benchmarks all build one of these, so
/// every path a message can take is the same path.
public final class BotRuntime: Sendable {
    /// The checked configuration.
    package let configuration: ResolvedConfiguration
    /// The database.
    package let database: any Database
    /// The message path.
    package let dispatcher: Dispatcher
    /// Roles and logins.
    package let access: AccessDirectory
    /// PIN logins.
    package let login: PinLogin
    /// The plugins' jobs.
    package let scheduler: Scheduler
    /// Notifications waiting for delivery.
    package let outbox: Outbox
    /// The clock.
    public let clock: any HomeroomClock
    /// The runtime's logger.
    package let logger: Logger
    /// Outgoing HTTP, shared by plugins and adapters.
    package let fetcher: any HTTPFetching
    /// Where each adapter stands, for the health and metrics endpoints.
    package let adapterStatus = AdapterStatusBoard()
    /// Every plugin it runs, the core commands first.
    package let plugins: [any Plugin]
    /// The duties this instance holds: all of them on SQLite, its share of the leases on PostgreSQL.
    package let roster: any DutyRoster
    /// The shared caches by name (`lunch.answers`, `core.access`), and what this instance changed in them.
    package let caches: CacheChannel
    /// On PostgreSQL, the service that tells the other instances which caches changed and hears
    /// theirs (`homeroom serve` runs it); nil on SQLite, where there is one instance.
    package let cacheNotifications: CacheNotifications?
    /// On PostgreSQL, the roster's own connection, so lease renewals never wait behind requests.
    private let leaseDatabase: (any Database)?
    /// The translations of what admins wrote.
    package let contentTranslations: ContentTranslationBook
    /// Sign-ins to the office's web console; nil when the configuration switches it off.
    package let webConsole: WebConsoleSignIns?
    /// Which school each channel and workspace is.
    package let schools: SchoolAssignments

    private init(
        configuration: ResolvedConfiguration, database: any Database, dispatcher: Dispatcher, access: AccessDirectory,
        login: PinLogin, scheduler: Scheduler, outbox: Outbox, clock: any HomeroomClock, fetcher: any HTTPFetching,
        logger: Logger, plugins: [any Plugin], roster: any DutyRoster, caches: CacheChannel,
        cacheNotifications: CacheNotifications?, leaseDatabase: (any Database)?,
        contentTranslations: ContentTranslationBook, webConsole: WebConsoleSignIns?, schools: SchoolAssignments
    ) {
        self.schools = schools
        self.webConsole = webConsole
        self.contentTranslations = contentTranslations
        self.leaseDatabase = leaseDatabase
        self.caches = caches
        self.cacheNotifications = cacheNotifications
        self.plugins = plugins
        self.roster = roster
        self.configuration = configuration
        self.database = database
        self.dispatcher = dispatcher
        self.access = access
        self.login = login
        self.scheduler = scheduler
        self.outbox = outbox
        self.clock = clock
        self.fetcher = fetcher
        self.logger = logger
    }

    /// Creates the plugins from their configuration sections, opens the database, runs pending
    /// migrations and builds the dispatcher. Handled commands are counted into `metrics` when given;
    /// without a `fetcher`, outgoing HTTP goes only where the configuration's `fetch` section allows.
    package static func start(
        configuration: ResolvedConfiguration, plugins pluginTypes: [any ConfigurablePlugin.Type],
        clock: any HomeroomClock = SystemClock(), fetcher: (any HTTPFetching)? = nil,
        metrics: (any MetricsFactory)? = nil, logger: Logger
    ) async throws -> BotRuntime {
        let plugins = try makePlugins(pluginTypes, configuration: configuration)
        let schoolPlugins = try makeSchoolPlugins(pluginTypes, configuration: configuration)
        let database = try await configuration.storage.open(logger: logger)
        var leaseDatabase: (any Database)?
        do {
            if case .postgres(let url) = configuration.storage {
                leaseDatabase = try await PostgresStore.open(url: url, logger: logger, maximumConnections: 1)
            }
            return try await assemble(
                configuration: configuration, plugins: plugins, schoolPlugins: schoolPlugins, database: database,
                leaseDatabase: leaseDatabase,
                clock: clock, fetcher: fetcher ?? HTTPFetcher(policy: configuration.fetchPolicy, logger: logger),
                observer: metrics.map { CommandMetrics(factory: $0) }, metrics: metrics, logger: logger)
        } catch {
            await leaseDatabase?.close()
            await database.close()
            throw error
        }
    }

    private static func assemble(
        configuration: ResolvedConfiguration, plugins: [any Plugin], schoolPlugins: [String: [String: any Plugin]],
        database: any Database, leaseDatabase: (any Database)?, clock: any HomeroomClock, fetcher: any HTTPFetching,
        observer: (any CommandObserver)?, metrics: (any MetricsFactory)?, logger: Logger
    ) async throws -> BotRuntime {
        try await MigrationRunner(database: database, logger: logger)
            .run([(CorePlugin.id, CorePlugin.schemaMigrations)] + plugins.map { ($0.id, $0.migrations) })
        let access = AccessDirectory(policy: configuration.accessPolicy, database: database, clock: clock)
        let login = PinLogin(
            database: database, directory: access,
            hasher: PBKDF2SecretHasher(rounds: configuration.configuration.security.pinHashRounds),
            policy: configuration.loginPolicy, clock: clock, logger: logger)
        let switchboard = try await ChannelSwitchboard.load(from: database, at: clock.now)
        let translations = try await ContentTranslationBook.load(
            from: database, clock: clock, forMachineTranslation: configuration.machineTranslation != nil)
        let outbox = Outbox(database: database, clock: clock, metrics: metrics)
        let roster: any DutyRoster =
            switch database.backend {
            case .sqlite: SoleInstanceRoster(database: database, clock: clock, logger: logger)
            case .postgres:
                LeaseRoster(
                    database: database, leaseDatabase: leaseDatabase, clock: clock,
                    version: "core schema \(CorePlugin.schemaMigrations.count)", logger: logger)
            }
        let services = Dispatcher.Services(
            database: database, school: configuration.school, clock: clock, access: access, switchboard: switchboard,
            rateLimiter: RateLimiter(), outbox: outbox, fetcher: fetcher, logger: logger, observer: observer,
            userIDForms: UserIDForm.homeroomAdapters, translations: translations.translations,
            translationRecording: translations, district: configuration.district,
            schools: SchoolAssignments(
                district: configuration.district, configured: configuration.schoolPlaces, database: database,
                clock: clock))
        let webConsole =
            configuration.webConsole.enabled
            ? WebConsoleSignIns(settings: configuration.webConsole, database: database, clock: clock) : nil
        let schools = services.schools!
        let machineTranslator = configuration.machineTranslation.map {
            MachineTranslator(settings: $0, fetcher: fetcher)
        }
        // The core commands over each school's plugins: /day and /subscribe read that school's.
        func core(
            over plugins: [any Plugin], schoolTopics: [String: [(pluginID: String, topic: SubscriptionTopic)]] = [:]
        ) throws -> CorePlugin {
            do {
                return try CorePlugin(
                    login: login, switchboard: switchboard, outbox: outbox, plugins: plugins,
                    dayDeadline: configuration.configuration.dayDeadline,
                    retention: configuration.configuration.security.retention, contentTranslations: translations,
                    machineTranslator: machineTranslator, webConsole: webConsole, schools: schools,
                    schoolTopics: schoolTopics, announcements: configuration.announcements)
            } catch let error as UserFacingError {
                throw ConfigurationError(key: "plugins", problem: error.message)
            }
        }
        var allSchoolPlugins: [String: [any Plugin]] = [:]
        var schoolTopics: [String: [(pluginID: String, topic: SubscriptionTopic)]] = [:]
        for (school, own) in schoolPlugins {
            let merged: [any Plugin] = plugins.map { own[$0.id] ?? $0 }
            let schoolCore = try core(over: merged)
            allSchoolPlugins[school] = [schoolCore] + merged
            schoolTopics[school] = schoolCore.topicsByPlugin
        }
        // The district's core sends every daily subscription, with each school's own topics.
        let allPlugins: [any Plugin] = [try core(over: plugins, schoolTopics: schoolTopics)] + plugins
        let caches = CacheChannel()
        caches.register(schools.sharedCache, as: "core.schools")
        caches.register(access.sharedCache, as: "core.access")
        caches.register(switchboard.sharedCache, as: "core.switches")
        caches.register(translations.sharedCache, as: ContentTranslationBook.cacheName)
        // A translation may show in any cached answer.
        translations.onChange { [caches] in caches.emptyAll(except: ContentTranslationBook.cacheName) }
        do {
            for plugin in allPlugins { try caches.register(plugin) }
            for (school, own) in schoolPlugins.sorted(by: { $0.key < $1.key }) {
                for (_, plugin) in own.sorted(by: { $0.key < $1.key }) { try caches.register(plugin, school: school) }
            }
        } catch let error as UserFacingError {
            throw ConfigurationError(key: "plugins", problem: error.message)
        }
        let cacheNotifications: CacheNotifications? =
            if case .postgres(let url) = configuration.storage {
                try CacheNotifications(
                    url: url, database: database, caches: caches, instanceID: roster.instanceID, logger: logger)
            } else {
                nil
            }
        let dispatcher = try Dispatcher(
            plugins: allPlugins, recognizer: configuration.recognizer,
            rateLimit: configuration.configuration.rateLimit.limit, alwaysOnPlugins: [CorePlugin.id],
            channelAnswers: configuration.configuration.channelAnswers, services: services,
            schoolPlugins: allSchoolPlugins)
        // One run of each job for the district's plugins, and one for each school's own (its
        // bell calendar's refresh, at its time zone's minutes).
        var entries = allPlugins.flatMap { plugin in
            plugin.jobs.map {
                Scheduler.Entry(
                    pluginID: plugin.id, job: $0,
                    storage: PluginStorage(
                        pluginID: plugin.id, database: database, audit: AuditLog(), notifications: outbox))
            }
        }
        for school in configuration.district.schools {
            for (_, plugin) in (schoolPlugins[school.id] ?? [:]).sorted(by: { $0.key < $1.key }) {
                entries += plugin.jobs.map {
                    Scheduler.Entry(
                        pluginID: plugin.id, job: $0,
                        storage: PluginStorage(
                            pluginID: plugin.id, database: database, audit: AuditLog(), notifications: outbox,
                            scope: school.scope(of: plugin.id)),
                        school: school)
                }
            }
        }
        let scheduler = Scheduler(
            entries: entries,
            school: configuration.school, clock: clock, outbox: outbox, fetcher: fetcher, roster: roster,
            logger: logger, translations: translations.translations)
        return BotRuntime(
            configuration: configuration, database: database, dispatcher: dispatcher, access: access, login: login,
            scheduler: scheduler, outbox: outbox, clock: clock, fetcher: fetcher, logger: logger, plugins: allPlugins,
            roster: roster, caches: caches, cacheNotifications: cacheNotifications, leaseDatabase: leaseDatabase,
            contentTranslations: translations, webConsole: webConsole, schools: schools)
    }

    /// The id of the school `name` names (its id, name or an alias, loosely), or nil for nil;
    /// a usage problem naming the schools when none fits.
    package func schoolID(named name: String?) throws -> String? {
        guard let name else { return nil }
        let district = configuration.district
        guard let school = district.school(idOrName: name) else {
            throw UserFacingError(
                "no school \"\(name)\" — the schools are \(district.schools.map(\.id).joined(separator: ", "))")
        }
        return school.id
    }

    /// Handles one message through the whole path, as the dispatcher does.
    public func handle(_ message: IncomingMessage) async -> Reply? {
        await dispatcher.handle(message)
    }

    /// The storage view of one plugin, for importers and tools: its audit entries go to the audit
    /// log, its notifications to ``outbox``, and an admin's translations to ``contentTranslations``.
    /// `school` (an id) says whose data: that school's scope for the plugin (its own, or the
    /// group's it shares); nil: the district's first school's.
    public func storage(for pluginID: String, at school: String? = nil) -> PluginStorage {
        let district = configuration.district
        return PluginStorage(
            pluginID: pluginID, database: database, audit: AuditLog(), notifications: outbox,
            translations: contentTranslations,
            scope: (school.flatMap(district.school(id:)) ?? district.defaultSchool).scope(of: pluginID))
    }

    /// Closes the database (and on PostgreSQL the roster's connection), once the caches changed
    /// here are announced.
    public func close() async {
        await cacheNotifications?.flush()
        await leaseDatabase?.close()
        await database.close()
    }

    private static func makePlugins(
        _ types: [any ConfigurablePlugin.Type], configuration: ResolvedConfiguration
    ) throws -> [any Plugin] {
        let sections = configuration.configuration.plugins
        let known = Set(types.map { $0.id })
        if let stray = sections.keys.sorted().first(where: { !known.contains($0) && !$0.hasPrefix("//") }) {
            throw ConfigurationError(
                key: "plugins.\(stray)",
                problem: "no such plugin (the plugins are \(known.sorted().joined(separator: ", ")))")
        }
        return try types.map { try makePlugin($0, section: sections[$0.id], configuration: configuration) }
    }

    /// The plugins each school configures apart from the district (in its own `plugins`
    /// sections): school id → plugin id → the school's own instance. A plugin whose section a
    /// school leaves as the district's is the district's, so its caches and jobs are not repeated.
    private static func makeSchoolPlugins(
        _ types: [any ConfigurablePlugin.Type], configuration: ResolvedConfiguration
    ) throws -> [String: [String: any Plugin]] {
        let districtSections = configuration.configuration.plugins
        let known = Set(types.map { $0.id })
        var result: [String: [String: any Plugin]] = [:]
        for (index, school) in configuration.configuration.schools.enumerated() {
            guard let sections = configuration.schoolPluginSections[school.id] else { continue }
            if let stray = school.plugins.keys.sorted().first(where: { !known.contains($0) && !$0.hasPrefix("//") }) {
                throw ConfigurationError(
                    key: "schools[\(index)].plugins.\(stray)",
                    problem: "no such plugin (the plugins are \(known.sorted().joined(separator: ", ")))")
            }
            for type in types where sections[type.id] != districtSections[type.id] {
                do {
                    result[school.id, default: [:]][type.id] = try makePlugin(
                        type, section: sections[type.id], configuration: configuration)
                } catch let error as ConfigurationError {
                    throw ConfigurationError(key: "schools[\(index)].\(error.key)", problem: error.problem)
                }
            }
        }
        return result
    }

    private static func makePlugin<P: ConfigurablePlugin>(
        _ type: P.Type, section: JSONValue?, configuration: ResolvedConfiguration
    ) throws -> any Plugin {
        let settings = try configuration.decodeSection(section, key: "plugins.\(P.id)", as: P.Settings.self)
        do {
            return try P(settings: settings)
        } catch let error as UserFacingError {
            throw ConfigurationError(key: "plugins.\(P.id)", problem: error.message)
        }
    }
}
