import HomeroomCore

/// The runtime's own commands: `/help`, `/login`, `/logout`, `/admin` (per-channel switches, the
/// outbox), `/link` and `/unlink` (one person across platforms), `/me` over the plugins' personal
/// data, and, over the plugins' topics and day sections, `/subscribe`, `/subscriptions`,
/// `/unsubscribe` and `/day` (itself a topic).
///
/// They cannot be switched off per channel. Their tables (`core_…`) are made by the migrations
/// `CoreSchema` lists, run before any plugin's (HomeroomRuntime's `CorePlugin.schemaMigrations`).
package struct CorePlugin: Plugin {
    package static let id = "core"

    let login: PinLogin
    let switchboard: ChannelSwitchboard
    /// The runtime's outbox, which `/admin outbox` looks into.
    let outbox: Outbox
    /// Every plugin's subscription topics, with the plugin's id.
    let topics: [(pluginID: String, topic: SubscriptionTopic)]
    /// The topics of the schools whose plugins are configured apart from the district's, by
    /// school id: the daily subscriptions of their channels and people are composed by them.
    let schoolTopics: [String: [(pluginID: String, topic: SubscriptionTopic)]]
    /// Every plugin's part of `/day`, in order, with the plugin's id.
    let sections: [(pluginID: String, section: DaySection)]
    /// What each plugin keeps about a person, with the plugin's id; plugins that keep nothing are left out.
    let personal: [(pluginID: String, data: PersonalData)]
    /// Every plugin's phrasebook, by plugin id, for what the runtime sends on their behalf.
    let phrasebooks: [String: Phrasebook]
    /// The translations of what admins wrote, which `/translate` changes; nil: none are kept.
    let contentTranslations: ContentTranslationBook?
    /// The machine translator of what admins wrote, when the school runs one.
    let machineTranslator: MachineTranslator?
    /// Sign-ins to the web console, which `/admin web` gives links for; nil: no console.
    let webConsole: WebConsoleSignIns?
    /// Which school each channel and workspace is, and the district's schools; nil: one school.
    let schools: SchoolAssignments?

    /// The assignments of a district of several schools, whose commands (`/schools`, `/me
    /// school`, `/admin school`, `/admin workspace`) are offered; nil for one school, which needs none.
    var district: SchoolAssignments? { schools.flatMap { $0.district.hasOneSchool ? nil : $0 } }
    /// The district the runtime serves; `services`' school alone when none was given.
    func district(_ services: PluginServices) -> District {
        schools?.district
            ?? District(soleSchool: School(id: services.schoolID, name: "", calendar: services.school))
    }

    /// How long `/day` waits for a section before leaving it out.
    let dayDeadline: Duration
    /// What the daily pruning deletes, and when.
    let retention: RetentionPolicy
    /// Whether announcements need approval, and the quiet hours that hold them.
    let announcementRules: AnnouncementRules
    /// The groups plugins keep that announcements may be addressed to (circles), with the plugin's id.
    let audienceProviders: [(pluginID: String, provider: AudienceProvider)]

    /// Creates the core commands over the runtime's login service, channel switches, outbox and the
    /// plugins' subscription topics; throws when two plugins declare the same topic or audience.
    package init(
        login: PinLogin, switchboard: ChannelSwitchboard, outbox: Outbox, plugins: [any Plugin] = [],
        dayDeadline: Duration = .seconds(2), retention: RetentionPolicy = RetentionPolicy(),
        contentTranslations: ContentTranslationBook? = nil, machineTranslator: MachineTranslator? = nil,
        webConsole: WebConsoleSignIns? = nil, schools: SchoolAssignments? = nil,
        schoolTopics: [String: [(pluginID: String, topic: SubscriptionTopic)]] = [:],
        announcements: AnnouncementRules = AnnouncementRules()
    ) throws {
        announcementRules = announcements
        audienceProviders = try PluginAudiences.providers(of: plugins)
        self.schools = schools
        self.schoolTopics = schoolTopics
        self.webConsole = webConsole
        self.contentTranslations = contentTranslations
        self.machineTranslator = machineTranslator
        self.login = login
        self.switchboard = switchboard
        self.outbox = outbox
        self.dayDeadline = dayDeadline
        self.retention = retention
        phrasebooks = Dictionary(plugins.map { ($0.id, $0.phrasebook) }, uniquingKeysWith: { first, _ in first })
            .merging([Self.id: .engine]) { first, _ in first }
        sections = plugins.flatMap { plugin in plugin.daySections.map { (plugin.id, $0) } }
            .sorted { ($0.section.order, $0.section.title) < ($1.section.order, $1.section.title) }
        personal = plugins.compactMap { plugin in
            plugin.personalData.summary == nil ? nil : (plugin.id, plugin.personalData)
        }
        var topics: [(pluginID: String, topic: SubscriptionTopic)] =
            sections.isEmpty
            ? [] : [(Self.id, Self.dayTopic(sections, deadline: dayDeadline, phrasebooks: phrasebooks))]
        topics.append((Self.id, Self.announcementsTopic))
        for plugin in plugins {
            for topic in plugin.topics {
                if let other = topics.first(where: { $0.topic.name == topic.name }) {
                    throw UserFacingError(
                        "the subscription topic \(topic.name) is declared by both \(other.pluginID) and \(plugin.id)")
                }
                topics.append((plugin.id, topic))
            }
        }
        self.topics = topics
    }

    package var jobs: [ScheduledJob] {
        [
            ScheduledJob("prune expired records", schedule: try! CronSchedule("17 3 * * *")) {
                [login, retention] context in
                let logins = try await login.pruneExpired()
                let records = try await RecordPruning.prune(
                    retention, at: context.clock.now, in: context.storage.database)
                context.logger.info("pruned \(logins) expired logins and failure counts, \(records)")
            },
            announcementJob,
        ] + (topics.isEmpty ? [] : [subscriptionJob, changeAlertJob]) + machineTranslationJobs
    }

    package var phrasebook: Phrasebook { .engine }

    /// The capabilities of what is the district's own, not a school's: the translations of what
    /// admins wrote, and the notification outbox of every school. A role held at one school does
    /// not carry them.
    static let districtWideCapabilities = ["translate", "admin.outbox"]

    /// True when `capability` is the district's own (or below one that is).
    package static func isDistrictWide(_ capability: String) -> Bool {
        districtWideCapabilities.contains { CapabilitySet.pattern($0, covers: capability) }
    }

    /// Every plugin's subscription topics, with the plugin's id, for the district's core to send
    /// a school's subscriptions with (``schoolTopics``).
    package var topicsByPlugin: [(pluginID: String, topic: SubscriptionTopic)] { topics }

    /// Every minute, the texts readers found untranslated go to the machine translator, when the
    /// school runs one.
    private var machineTranslationJobs: [ScheduledJob] {
        guard let machineTranslator, let contentTranslations else { return [] }
        return [
            ScheduledJob("machine translation", schedule: try! CronSchedule("* * * * *")) { context in
                let kept = await machineTranslator.translateWanted(in: contentTranslations, logger: context.logger)
                if kept > 0 { context.logger.info("kept \(kept) machine translations") }
            }
        ]
    }

    package var commands: [Command] {
        [
            HelpCommand.command, loginCommand, logoutCommand, adminCommand, linkCommand, unlinkCommand, meCommand,
            languageCommand, announceCommand,
        ] + (contentTranslations == nil ? [] : [translateCommand])
            + (topics.isEmpty ? [] : subscriptionCommands) + (sections.isEmpty ? [] : [dayCommand])
            + (district == nil ? [] : [schoolsCommand])
    }

    /// The office's web console pages of people and roles, and of the audit log.
    package var consolePages: [ConsolePage] { [peoplePage, auditPage] }
}
