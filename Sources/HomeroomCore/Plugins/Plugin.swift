/// What every bot plugin declares, in one place: its id, commands, migrations, scheduled jobs, web
/// pages, subscription topics, parts of the day overview, importers and the personal data it keeps.
///
/// Plugins written for schools conform to ``ConfigurablePlugin``, which adds the typed
/// configuration section; the runtime's own core commands (help, login, admin) conform to this
/// protocol alone. A plugin never sees another plugin, an adapter or the runtime.
public protocol Plugin: Sendable {
    /// The id: lowercase letters, the prefix of the plugin's tables and the name admins switch it by.
    static var id: String { get }

    /// The commands it answers.
    var commands: [Command] { get }

    /// The questions behind its commands as people ask them in their own words, a catalog per
    /// language; none by default, and then only its commands answer.
    var plainQuestions: [PlainQuestions] { get }

    /// Its numbered schema steps; none by default.
    var migrations: [Migration] { get }

    /// Its scheduled jobs, run in the school's time zone.
    var jobs: [ScheduledJob] { get }

    /// The web pages it serves on the webhook server.
    var pages: [WebPage] { get }

    /// The pages it adds to the office's web console.
    var consolePages: [ConsolePage] { get }

    /// What people can subscribe to with `/subscribe`.
    var topics: [SubscriptionTopic] { get }

    /// Its parts of `/day`, the day at a glance.
    var daySections: [DaySection] { get }

    /// What it keeps about a person, for `/me` and `/me forget`: its data, or
    /// ``PersonalData/keepsNothing``. There is no default, so that no plugin is left out of
    /// `/me forget` by forgetting to say.
    var personalData: PersonalData { get }

    /// Its in-memory caches of data that admins change, by short name (lowercase letters, digits,
    /// `-`, `_`): when this instance forgets or invalidates an entry, every other instance sharing
    /// the database empties the cache too. None by default.
    var caches: [String: SharedCache] { get }

    /// Every sentence the plugin says, translated: its `Catalog` folder, built into it as
    /// `EmbeddedCatalogs.files` (see ``Phrasebook``).
    var phrasebook: Phrasebook { get }

    /// How admins load its data from files with `homeroom import` (``Importer``). Static, so that
    /// `homeroom import --help` lists them without a configuration. None by default.
    static var importers: [Importer] { get }
}

extension Plugin {
    /// No plain-language questions.
    public var plainQuestions: [PlainQuestions] { [] }

    /// No migrations.
    public var migrations: [Migration] { [] }

    /// No scheduled jobs.
    public var jobs: [ScheduledJob] { [] }

    /// No web pages.
    public var pages: [WebPage] { [] }

    /// No console pages.
    public var consolePages: [ConsolePage] { [] }

    /// No subscription topics.
    public var topics: [SubscriptionTopic] { [] }

    /// No part in `/day`.
    public var daySections: [DaySection] { [] }

    /// No shared caches.
    public var caches: [String: SharedCache] { [:] }

    /// No translations: the plugin speaks English to everyone.
    public var phrasebook: Phrasebook { .untranslated }

    /// No importers.
    public static var importers: [Importer] { [] }

    /// The id, from an instance.
    public var id: String { Self.id }
}

/// A plugin with a typed configuration section.
///
/// The runtime decodes the plugin's section of the configuration (`"plugins": {"lunch": {…}}`)
/// into ``Settings`` — from `{}` when the section is missing, so every setting needs a default
/// (decode with `decodeIfPresent`) — and creates the plugin with it.
public protocol ConfigurablePlugin: Plugin {
    /// The plugin's configuration section.
    associatedtype Settings: Decodable & Sendable

    /// Creates the plugin from its settings; throw ``UserFacingError`` naming the bad setting.
    init(settings: Settings) throws
}

/// A ``ConfigurablePlugin`` without settings: it is created with `init()`, so it declares no
/// `init(settings:)`.
///
/// A struct without stored properties has an `init()` already, but Swift makes it `internal`:
/// a `public` plugin type in its own module, which the bot's executable lists, declares
/// `public init() {}` to meet this requirement.
public protocol PluginWithoutSettings: ConfigurablePlugin where Settings == NoSettings {
    /// Creates the plugin.
    init()
}

extension PluginWithoutSettings {
    /// Creates the plugin; it has no settings to read.
    public init(settings: NoSettings) { self.init() }
}

/// The settings of a plugin that has none.
public struct NoSettings: Decodable, Sendable {
    /// Creates the empty settings.
    public init() {}
}
