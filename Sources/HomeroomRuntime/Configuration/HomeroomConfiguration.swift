import Foundation
import HomeroomCore
import HomeroomEngine

/// The configuration file, `homeroom.json` (see `config.example.json`): every key optional, with
/// working defaults, and unknown keys refused so that a typo never passes silently.
public struct HomeroomConfiguration: Sendable, Decodable {
    /// The school's name, as the bot says it.
    public var schoolName = "Homeroom High School"
    /// How families reach the school (`front office 555-0100, office@school.example`), said in
    /// answer to a text's HELP; in a district, the district office's, for schools that give none.
    public var contact: String?
    /// The district's name, when the configuration lists `schools`; `schoolName` when nil.
    public var district: String?
    /// The district's schools; none: the deployment is the one school of the top-level settings.
    public var schools: [SchoolSection] = []
    /// Groups of schools sharing plugins' data, by name.
    public var groups: [String: GroupSection] = [:]
    /// The school's IANA time zone; every date is computed in it.
    public var timeZone = "America/New_York"
    /// The days classes are held.
    public var schoolDays: [Weekday] = [.monday, .tuesday, .wednesday, .thursday, .friday]
    /// The language answers are in for people and channels that chose none: `en`, `es`,
    /// `zh-Hans`, `vi` or `ar`.
    public var language = "en"
    /// Machine translation of what admins wrote; off by default.
    public var machineTranslation = MachineTranslationSettings()
    /// The office's web console and the hallway display.
    public var webConsole = WebConsoleSection()
    /// Announcements: approval and quiet hours.
    public var announcements = AnnouncementSection()
    /// How long `/day` waits for a plugin's section before leaving it out with a note. No
    /// configuration key: 2 s in service, where an answer should come at once; tests on a loaded
    /// machine wait longer, as they do for Slack's and Teams' answer windows.
    package var dayDeadline: Duration = .seconds(2)
    /// The name users address the bot by (`homeroom: lunch`).
    public var botName = "homeroom"
    /// The characters that start a command in a channel.
    public var commandPrefixes = ["/", "!"]
    /// Where the data lives.
    public var storage = StorageSettings()
    /// The per-user limit.
    public var rateLimit = RateLimitSettings()
    /// How identical answers in a busy channel are coalesced.
    public var channelAnswers = ChannelAnswerSettings()
    /// PIN logins.
    public var security = SecuritySettings()
    /// Platform ids that hold the admin role by configuration (`slack:T0001:U024BE7LH`); it applies
    /// when the platform vouches for the id, otherwise after a PIN login.
    public var admins: [String] = []
    /// Roles the school defines: name → capabilities (`-` denies). `admin` (`*`) is built in.
    public var roles: [String: [String]] = [:]
    /// The interactive console adapter of `homeroom serve`.
    public var console = ConsoleSettings()
    /// Where outgoing fetches and posts may go.
    public var fetch = FetchSettings()
    /// `trace`, `debug`, `info`, `notice`, `warning`, `error` or `critical`.
    public var logLevel = "info"
    /// Each plugin's own section, by plugin id.
    public var plugins: [String: JSONValue] = [:]
    /// The webhook adapter's section (HTTP endpoints, platform secrets, outgoing webhook URLs),
    /// decoded by the adapter itself.
    public var webhooks: JSONValue = .object([:])
    /// The IRC adapter's section (networks, nicks, channels), decoded by the adapter itself.
    public var irc: JSONValue = .object([:])
    /// The Matrix adapter's section (accounts, homeservers, whose invitations to accept), decoded by
    /// the adapter itself.
    public var matrix: JSONValue = .object([:])
    /// The environment the file was loaded with: `"env:NAME"` secrets in sections are read from it.
    public var environment: [String: String] = [:]

    /// Storage settings.
    public struct StorageSettings: Sendable, Decodable {
        /// The SQLite file (the default backend); created with its folder on first start.
        public var sqlite = "./homeroom-data/homeroom.sqlite"
        /// A PostgreSQL URL; when set, it is used instead of the SQLite file. `HOMEROOM_DATABASE_URL` overrides it.
        public var postgres: String?

        enum CodingKeys: String, CodingKey, CaseIterable { case sqlite, postgres }

        /// The defaults.
        public init() {}

        public init(from decoder: any Decoder) throws {
            try decoder.rejectUnknownKeys(CodingKeys.self)
            let container = try decoder.container(keyedBy: CodingKeys.self)
            sqlite = try container.decode(.sqlite, or: sqlite)
            postgres = try container.decodeIfPresent(String.self, forKey: .postgres)
        }
    }

    /// The per-user token bucket.
    public struct RateLimitSettings: Sendable, Decodable {
        /// False switches rate limiting off.
        public var enabled = true
        /// Commands allowed at once.
        public var burst = RateLimit.perUserDefault.burst
        /// Commands allowed a minute on average.
        public var perMinute = RateLimit.perUserDefault.perMinute

        enum CodingKeys: String, CodingKey, CaseIterable { case enabled, burst, perMinute }

        /// The defaults.
        public init() {}

        public init(from decoder: any Decoder) throws {
            try decoder.rejectUnknownKeys(CodingKeys.self)
            let container = try decoder.container(keyedBy: CodingKeys.self)
            enabled = try container.decode(.enabled, or: enabled)
            burst = try container.decode(.burst, or: burst)
            perMinute = try container.decode(.perMinute, or: perMinute)
        }

        /// The limit in force, or nil when switched off.
        public var limit: RateLimit? { enabled ? RateLimit(burst: burst, perMinute: perMinute) : nil }
    }

    /// PIN logins and their hashing.
    public struct SecuritySettings: Sendable, Decodable {
        /// PBKDF2-HMAC-SHA256 rounds for new PIN hashes (stored hashes keep their own count).
        public var pinHashRounds = 210_000
        /// Wrong PINs in a row that lock an identity.
        public var maxLoginFailures = 5
        /// How long a lock lasts, in minutes.
        public var lockoutMinutes = 15.0
        /// How long a login lasts, in hours.
        public var loginHours = 8.0
        /// The fewest digits a PIN may have.
        public var minimumPINLength = 4
        /// Days a delivered notification is kept (it may be a private circle post).
        public var retentionDays = 30.0
        /// Days an audit entry is kept; nil (the default) keeps the audit log for good.
        public var auditRetentionDays: Double?

        enum CodingKeys: String, CodingKey, CaseIterable {
            case pinHashRounds, maxLoginFailures, lockoutMinutes, loginHours, minimumPINLength, retentionDays
            case auditRetentionDays
        }

        /// The defaults.
        public init() {}

        public init(from decoder: any Decoder) throws {
            try decoder.rejectUnknownKeys(CodingKeys.self)
            let container = try decoder.container(keyedBy: CodingKeys.self)
            pinHashRounds = try container.decode(.pinHashRounds, or: pinHashRounds)
            maxLoginFailures = try container.decode(.maxLoginFailures, or: maxLoginFailures)
            lockoutMinutes = try container.decode(.lockoutMinutes, or: lockoutMinutes)
            loginHours = try container.decode(.loginHours, or: loginHours)
            minimumPINLength = try container.decode(.minimumPINLength, or: minimumPINLength)
            retentionDays = try container.decode(.retentionDays, or: retentionDays)
            auditRetentionDays = try container.decodeIfPresent(Double.self, forKey: .auditRetentionDays)
        }

        /// What the daily pruning keeps, as these settings say.
        package var retention: RetentionPolicy {
            RetentionPolicy(
                deliveredNotifications: retentionDays * 86_400, auditLog: auditRetentionDays.map { $0 * 86_400 })
        }

        /// The login policy these settings describe.
        package var loginPolicy: LoginPolicy {
            LoginPolicy(
                maxFailures: maxLoginFailures, lockout: lockoutMinutes * 60, sessionLength: loginHours * 3600,
                minimumPINLength: minimumPINLength)
        }
    }

    /// The console adapter.
    public struct ConsoleSettings: Sendable, Decodable {
        /// True to read commands from standard input while serving.
        public var enabled = true
        /// The id the console's user has (`console:local`).
        public var user = "local"

        enum CodingKeys: String, CodingKey, CaseIterable { case enabled, user }

        /// The defaults.
        public init() {}

        public init(from decoder: any Decoder) throws {
            try decoder.rejectUnknownKeys(CodingKeys.self)
            let container = try decoder.container(keyedBy: CodingKeys.self)
            enabled = try container.decode(.enabled, or: enabled)
            user = try container.decode(.user, or: user)
        }
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case schoolName, timeZone, schoolDays, language, botName, commandPrefixes, storage, rateLimit, channelAnswers,
            security,
            admins, roles, console, logLevel, plugins, webhooks, irc, matrix
        case fetch, machineTranslation, webConsole, district, schools, groups, contact, announcements
    }

    /// The embedded defaults.
    public init() {}

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        schoolName = try container.decode(.schoolName, or: schoolName)
        district = try container.decodeIfPresent(String.self, forKey: .district)
        contact = try container.decodeIfPresent(String.self, forKey: .contact)
        schools = try container.decode(.schools, or: schools)
        groups = try container.decode(.groups, or: groups)
        timeZone = try container.decode(.timeZone, or: timeZone)
        schoolDays = try container.decode(.schoolDays, or: schoolDays)
        language = try container.decode(.language, or: language)
        botName = try container.decode(.botName, or: botName)
        commandPrefixes = try container.decode(.commandPrefixes, or: commandPrefixes)
        storage = try container.decode(.storage, or: storage)
        rateLimit = try container.decode(.rateLimit, or: rateLimit)
        channelAnswers = try container.decode(.channelAnswers, or: channelAnswers)
        security = try container.decode(.security, or: security)
        admins = try container.decode(.admins, or: admins)
        roles = try container.decode(.roles, or: roles)
        console = try container.decode(.console, or: console)
        fetch = try container.decode(.fetch, or: fetch)
        machineTranslation = try container.decode(.machineTranslation, or: machineTranslation)
        webConsole = try container.decode(.webConsole, or: webConsole)
        announcements = try container.decode(.announcements, or: announcements)
        logLevel = try container.decode(.logLevel, or: logLevel)
        plugins = try container.decode(.plugins, or: plugins)
        webhooks = try container.decode(.webhooks, or: webhooks)
        irc = try container.decode(.irc, or: irc)
        matrix = try container.decode(.matrix, or: matrix)
    }
}
