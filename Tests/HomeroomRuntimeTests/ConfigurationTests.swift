import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomRuntime
import HomeroomStorage
import Testing

@Suite struct ConfigurationTests {
    func parse(_ json: String, environment: [String: String] = [:]) throws(ConfigurationError) -> ResolvedConfiguration
    {
        var configuration = try HomeroomConfiguration.parse(Data(json.utf8))
        if !environment.isEmpty {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent(
                "homeroom-config-\(UUID().uuidString).json"
            ).path
            _ = FileManager.default.createFile(atPath: path, contents: Data(json.utf8))
            defer { try? FileManager.default.removeItem(atPath: path) }
            configuration = try HomeroomConfiguration.load(path: path, environment: environment)
        }
        return try configuration.resolve()
    }

    @Test func theEmbeddedDefaultsWork() throws {
        let resolved = try HomeroomConfiguration.load(path: nil, environment: [:]).resolve()
        #expect(resolved.storage == .sqlite(path: "./homeroom-data/homeroom.sqlite"))
        #expect(resolved.school.timeZone.identifier == "America/New_York")
        #expect(resolved.recognizer.prefixes.sorted() == ["!", "/"])
        #expect(resolved.configuration.rateLimit.limit == RateLimit(burst: 5, perMinute: 20))
        #expect(resolved.configuration.channelAnswers == ChannelAnswerSettings(coalesceWindowSeconds: 30))
        #expect(resolved.loginPolicy == LoginPolicy())
        #expect(resolved.consoleUser.description == "console:local")
    }

    @Test func theExampleFileIsValidAndDocumentsEveryKey() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../config.example.json")
        let data = try Data(contentsOf: url)
        let resolved = try HomeroomConfiguration.parse(data).resolve()
        #expect(resolved.configuration.schoolName.isEmpty == false)
        let text = String(decoding: data, as: UTF8.self)
        for key in [
            "schoolName", "timeZone", "schoolDays", "botName", "commandPrefixes", "storage", "sqlite", "postgres",
            "rateLimit", "channelAnswers", "coalesceWindowSeconds",
            "burst", "perMinute", "security", "pinHashRounds", "maxLoginFailures", "lockoutMinutes", "loginHours",
            "minimumPINLength", "admins", "roles", "console", "logLevel", "plugins", "lunch", "lookAheadDays",
            "cacheSeconds", "schedule", "calendarURL", "calendarFile", "refreshMinutes", "maximumFeedBytes",
            "fetchTimeoutSeconds", "feedAlerts", "defaultDayType", "retentionDays", "auditRetentionDays",
        ] {
            #expect(text.contains("\"\(key)\""), "config.example.json does not mention \(key)")
        }
    }

    @Test(arguments: [
        (#"{"timezone": "America/Chicago"}"#, "timezone", "unknown key"),
        (#"{"timeZone": "America/New_Yrok"}"#, "timeZone", "not an IANA time zone"),
        (#"{"storage": {"sqlit": "x"}}"#, "storage.sqlit", "unknown key"),
        (#"{"rateLimit": {"burst": "five"}}"#, "rateLimit.burst", "expected a number"),
        (#"{"channelAnswers": {"coalesceWindowSeconds": -1}}"#, "channelAnswers.coalesceWindowSeconds", "0 (off) to 86400"),
        (#"{"channelAnswers": {"window": 30}}"#, "channelAnswers.window", "unknown key"),
        (#"{"admins": ["alice"]}"#, "admins[0]", "ADAPTER:ID"),
        (#"{"roles": {"staff": ["lunch.set", ""]}}"#, "roles.staff[1]", "not a capability"),
        (#"{"schoolDays": ["monday", "funday"]}"#, "schoolDays[1]", "not a day of the week"),
        (#"{"commandPrefixes": ["/", "go"]}"#, "commandPrefixes[1]", "punctuation"),
        (#"{"security": {"pinHashRounds": 10}}"#, "security.pinHashRounds", "at least 1000"),
        (#"{"security": {"retentionDays": 0}}"#, "security.retentionDays", "from 1 to 3650 days"),
        (#"{"security": {"lockoutMinutes": 1e300}}"#, "security.lockoutMinutes", "at most 1440 (a day)"),
        (#"{"security": {"lockoutMinutes": 0}}"#, "security.lockoutMinutes", "above 0"),
        (#"{"security": {"loginHours": 100000}}"#, "security.loginHours", "at most 8760 (a year)"),
        (#"{"security": {"auditRetentionDays": -5}}"#, "security.auditRetentionDays", "or null to keep the log"),
        (#"{"logLevel": "loud"}"#, "logLevel", "not one of"),
        (#"{"storage": {"postgres": "mysql://x"}}"#, "storage.postgres", "postgres://"),
        (#"{"schoolName": "A", "#, "", "not valid JSON"),
    ])
    func aBadValueNamesItsKey(json: String, key: String, problem: String) {
        let error = #expect(throws: ConfigurationError.self) { try parse(json) }
        #expect(error?.key == key)
        #expect(error?.description.contains(problem) == true, "\(error?.description ?? "")")
        #expect(error?.description.contains("\n") == false)
    }

    @Test func commentsAreAllowedAnywhere() throws {
        let resolved = try parse(#"{"//": "the school", "storage": {"//": "a file", "sqlite": "/tmp/x.sqlite"}}"#)
        #expect(resolved.storage == .sqlite(path: "/tmp/x.sqlite"))
    }

    @Test func theEnvironmentOverridesTheDatabaseAndFillsSecrets() throws {
        let fromVariable = try parse(
            #"{}"#, environment: ["HOMEROOM_DATABASE_URL": "postgres://u:p@127.0.0.1:5432/school"])
        #expect(fromVariable.storage == .postgres(url: "postgres://u:p@127.0.0.1:5432/school"))
        #expect(fromVariable.storage.description == "PostgreSQL postgres://u:***@127.0.0.1:5432/school")
        let fromSecret = try parse(
            #"{"storage": {"postgres": "env:SCHOOL_DB"}}"#,
            environment: ["SCHOOL_DB": "postgres://a@127.0.0.1/b", "X": "1"])
        #expect(fromSecret.storage == .postgres(url: "postgres://a@127.0.0.1/b"))
        let missing = #expect(throws: ConfigurationError.self) {
            try parse(#"{"storage": {"postgres": "env:NOPE"}}"#, environment: ["X": "1"])
        }
        #expect(missing?.description == "config error: storage.postgres: the environment variable NOPE is not set")
    }

    @Test func aMissingFileIsOneClearLine() {
        let error = #expect(throws: ConfigurationError.self) {
            try HomeroomConfiguration.load(path: "/nonexistent/homeroom.json", environment: [:])
        }
        #expect(error?.description.hasPrefix("config error: cannot read /nonexistent/homeroom.json") == true)
    }
}
