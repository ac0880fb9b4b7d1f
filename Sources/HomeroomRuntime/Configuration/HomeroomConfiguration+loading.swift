import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomFetch
import HomeroomStorage
import Logging

extension HomeroomConfiguration {
    /// Reads the configuration at `path`, or the embedded defaults when `path` is nil, then
    /// applies the environment (`HOMEROOM_DATABASE_URL`; `"env:NAME"` values).
    package static func load(path: String?, environment: [String: String]) throws(ConfigurationError)
        -> HomeroomConfiguration
    {
        var configuration: HomeroomConfiguration
        if let path {
            let data: Data
            do {
                data = try Data(contentsOf: URL(fileURLWithPath: path))
            } catch {
                throw ConfigurationError(key: "", problem: "cannot read \(path): \(error.localizedDescription)")
            }
            configuration = try parse(data)
        } else {
            configuration = HomeroomConfiguration()
        }
        try configuration.applyEnvironment(environment)
        return configuration
    }

    /// Decodes configuration JSON.
    package static func parse(_ data: Data) throws(ConfigurationError) -> HomeroomConfiguration {
        do {
            return try JSONDecoder().decode(HomeroomConfiguration.self, from: data)
        } catch let error as DecodingError {
            throw ConfigurationError(error)
        } catch {
            throw ConfigurationError(key: "", problem: "\(error)")
        }
    }

    /// Applies `HOMEROOM_DATABASE_URL` and resolves `"env:NAME"` secrets.
    mutating func applyEnvironment(_ environment: [String: String]) throws(ConfigurationError) {
        self.environment = environment
        if let url = environment["HOMEROOM_DATABASE_URL"], !url.isEmpty {
            storage.postgres = url
        }
        if let postgres = storage.postgres {
            storage.postgres = try Self.secret(postgres, key: "storage.postgres", environment: environment)
        }
    }

    /// The value itself, or for `env:NAME` the environment variable NAME.
    static func secret(_ value: String, key: String, environment: [String: String]) throws(ConfigurationError) -> String
    {
        guard let resolved = EnvironmentSecret.resolve(value, in: environment) else {
            throw ConfigurationError(key: key, problem: "the environment variable \(value.dropFirst(4)) is not set")
        }
        return resolved
    }

    /// Checks every value and returns them in the types the runtime uses.
    package func resolve() throws(ConfigurationError) -> ResolvedConfiguration {
        guard let zone = TimeZone(identifier: timeZone) else {
            throw ConfigurationError(
                key: "timeZone", problem: "\"\(timeZone)\" is not an IANA time zone such as America/New_York")
        }
        guard !schoolDays.isEmpty else {
            throw ConfigurationError(
                key: "schoolDays", problem: "name at least one day, e.g. [\"monday\", \"tuesday\"]")
        }
        guard let schoolLanguage = Language(code: language) ?? Language(language) else {
            throw ConfigurationError(
                key: "language",
                problem: "\"\(language)\" is not a language Homeroom speaks: "
                    + Language.shipped.map(\.code).joined(separator: ", "))
        }
        guard !botName.isEmpty, !botName.contains(where: { $0.isWhitespace || $0 == ":" || $0 == "," }) else {
            throw ConfigurationError(key: "botName", problem: "one word without spaces, colons or commas")
        }
        for (index, prefix) in commandPrefixes.enumerated()
        where prefix.isEmpty || prefix.contains(where: { $0.isLetter || $0.isNumber || $0.isWhitespace }) {
            throw ConfigurationError(
                key: "commandPrefixes[\(index)]", problem: "\"\(prefix)\" must be punctuation such as / or !")
        }
        guard rateLimit.burst >= 1, rateLimit.perMinute > 0 else {
            throw ConfigurationError(key: "rateLimit", problem: "burst must be 1 or more and perMinute above 0")
        }
        try validateSecurity()
        let policy = try accessPolicy()
        guard let level = Logger.Level(rawValue: logLevel) else {
            throw ConfigurationError(
                key: "logLevel",
                problem: "\"\(logLevel)\" is not one of trace, debug, info, notice, warning, error, critical")
        }
        let location: StorageLocation
        if let postgres = storage.postgres {
            guard postgres.hasPrefix("postgres://") || postgres.hasPrefix("postgresql://") else {
                throw ConfigurationError(
                    key: "storage.postgres", problem: "expected a URL like postgres://user:password@host:5432/homeroom")
            }
            location = .postgres(url: postgres)
        } else {
            guard !storage.sqlite.isEmpty else {
                throw ConfigurationError(key: "storage.sqlite", problem: "empty path")
            }
            location = .sqlite(path: storage.sqlite)
        }
        let fetchPolicy = try fetch.policy()
        let calendar = SchoolCalendar(timeZone: zone, schoolDays: Set(schoolDays), language: schoolLanguage)
        let district = try resolveDistrict(calendar: calendar)
        var schoolPolicy = policy
        schoolPolicy.configuredSchoolRoles = try schoolAdmins()
        guard let consoleUser = UserID("console:\(console.user)"), !console.user.contains(where: \.isWhitespace) else {
            throw ConfigurationError(key: "console.user", problem: "one word, e.g. \"local\"")
        }
        return ResolvedConfiguration(
            configuration: self,
            school: calendar, district: district, schoolPluginSections: schoolPluginSections(),
            schoolPlaces: try configuredPlaces(),
            recognizer: CommandRecognizer(prefixes: commandPrefixes, botName: botName), storage: location,
            accessPolicy: schoolPolicy, loginPolicy: security.loginPolicy, logLevel: level, consoleUser: consoleUser,
            fetchPolicy: fetchPolicy, machineTranslation: try machineTranslation.resolve(environment),
            webConsole: try webConsole.resolve(), announcements: try announcements.resolve())
    }

    private func validateSecurity() throws(ConfigurationError) {
        guard security.pinHashRounds >= 1000 else {
            throw ConfigurationError(
                key: "security.pinHashRounds", problem: "use at least 1000 (210000 or more in production)")
        }
        guard security.maxLoginFailures >= 1 else {
            throw ConfigurationError(key: "security.maxLoginFailures", problem: "must be 1 or more")
        }
        // A lock doubles while the guessing goes on, up to a day: a first lock longer than that,
        // or a login longer than a year, is a typo, and would overflow the clock arithmetic.
        guard security.lockoutMinutes.isFinite, security.lockoutMinutes > 0, security.lockoutMinutes <= 1440 else {
            throw ConfigurationError(
                key: "security.lockoutMinutes", problem: "must be above 0 and at most 1440 (a day)")
        }
        guard security.loginHours.isFinite, security.loginHours > 0, security.loginHours <= 8760 else {
            throw ConfigurationError(key: "security.loginHours", problem: "must be above 0 and at most 8760 (a year)")
        }
        guard security.minimumPINLength >= 4 else {
            throw ConfigurationError(key: "security.minimumPINLength", problem: "must be 4 or more")
        }
        guard security.retentionDays.isFinite, (1...3650).contains(security.retentionDays) else {
            throw ConfigurationError(key: "security.retentionDays", problem: "must be from 1 to 3650 days")
        }
        if let days = security.auditRetentionDays, !(days.isFinite && (1...36500).contains(days)) {
            throw ConfigurationError(
                key: "security.auditRetentionDays", problem: "must be from 1 to 36500 days, or null to keep the log")
        }
    }

    /// The schools' own admins: platform id → school id → `admin`.
    private func schoolAdmins() throws(ConfigurationError) -> [UserID: [String: Set<String>]] {
        var configured: [UserID: [String: Set<String>]] = [:]
        for (schoolIndex, school) in schools.enumerated() {
            for (index, admin) in school.admins.enumerated() {
                let key = "schools[\(schoolIndex)].admins[\(index)]"
                guard let user = UserID(admin) else {
                    throw ConfigurationError(
                        key: key, problem: "\"\(admin)\" is not ADAPTER:ID such as slack:T0001:U024BE7LH")
                }
                if let problem = AccessPolicy.problemGranting(to: user) {
                    throw ConfigurationError(key: key, problem: problem)
                }
                configured[user, default: [:]][school.id, default: []].insert("admin")
            }
        }
        return configured
    }

    private func accessPolicy() throws(ConfigurationError) -> AccessPolicy {
        var roleSets: [String: CapabilitySet] = [:]
        for (name, patterns) in roles {
            guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
                throw ConfigurationError(key: "roles.\(name)", problem: "a role name is one word of letters and digits")
            }
            for (index, pattern) in patterns.enumerated()
            where pattern.isEmpty || pattern == "-" || pattern.contains(where: \.isWhitespace) {
                throw ConfigurationError(
                    key: "roles.\(name)[\(index)]",
                    problem: "\"\(pattern)\" is not a capability such as lunch.set or -news")
            }
            roleSets[name] = CapabilitySet(patterns: patterns)
        }
        var configured: [UserID: Set<String>] = [:]
        for (index, admin) in admins.enumerated() {
            guard let user = UserID(admin) else {
                throw ConfigurationError(
                    key: "admins[\(index)]", problem: "\"\(admin)\" is not ADAPTER:ID such as slack:T0001:U024BE7LH")
            }
            if let problem = AccessPolicy.problemGranting(to: user) {
                throw ConfigurationError(key: "admins[\(index)]", problem: problem)
            }
            configured[user, default: []].insert("admin")
        }
        return AccessPolicy(roles: roleSets, configuredRoles: configured)
    }
}

/// A checked configuration in the types the runtime uses.
package struct ResolvedConfiguration: Sendable {
    /// The file's values.
    package let configuration: HomeroomConfiguration
    /// The district's own calendar: the time zone, days and language of every school that
    /// sets none of its own.
    package let school: SchoolCalendar
    /// The district's schools (one, `main`, unless the configuration lists `schools`).
    package let district: District
    /// Each school's plugin sections, for the schools that set any of their own, by school id.
    package let schoolPluginSections: [String: [String: JSONValue]]
    /// The channels and workspaces the configuration gives to schools, by school id.
    package let schoolPlaces: [SchoolAssignments.ConfiguredPlace: String]
    /// How commands are recognised.
    package let recognizer: CommandRecognizer
    /// Where the data lives.
    package let storage: StorageLocation
    /// Roles and configured holders.
    package let accessPolicy: AccessPolicy
    /// PIN login behaviour.
    package let loginPolicy: LoginPolicy
    /// The log level.
    package let logLevel: Logger.Level
    /// The console's user.
    package let consoleUser: UserID
    /// Where outgoing fetches and posts may go.
    package let fetchPolicy: FetchPolicy
    /// The machine-translation server, when one is configured.
    package let machineTranslation: MachineTranslator.Settings?
    /// The office's web console and the hallway display.
    package let webConsole: WebConsoleSettings
    /// Announcements: approval and quiet hours.
    package let announcements: AnnouncementRules

    /// Decodes a configuration section (a plugin's, an adapter's) into its settings type: a
    /// problem is reported with its full key (`webhooks.slack.signingSecret`), and `"env:NAME"`
    /// secrets are read from the environment the configuration was loaded with.
    package func decodeSection<Settings: Decodable>(_ section: JSONValue?, key: String, as type: Settings.Type)
        throws(ConfigurationError) -> Settings
    {
        let decoder = JSONDecoder()
        decoder.userInfo[.homeroomEnvironment] = configuration.environment
        do {
            return try decoder.decode(Settings.self, from: try (section ?? .object([:])).encoded())
        } catch let error as DecodingError {
            let inner = ConfigurationError(error)
            throw ConfigurationError(key: inner.key.isEmpty ? key : "\(key).\(inner.key)", problem: inner.problem)
        } catch let error as UserFacingError {
            throw ConfigurationError(key: key, problem: error.message)
        } catch {
            throw ConfigurationError(key: key, problem: "\(error)")
        }
    }
}
