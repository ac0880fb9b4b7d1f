import Foundation
import HomeroomCore
import HomeroomRuntime
import HomeroomTesting
import Testing

@testable import HomeroomMatrix

@Suite struct MatrixSettingsTests {
    static func decode(_ json: String, environment: [String: String] = [:]) throws -> MatrixSettings {
        var configuration = try HomeroomConfiguration.parse(Data(##"{"matrix": \##(json)}"##.utf8))
        configuration.environment = environment
        return try configuration.resolve().decodeSection(configuration.matrix, key: "matrix", as: MatrixSettings.self)
    }

    static func problem(_ json: String, environment: [String: String] = [:]) -> String? {
        do {
            _ = try decode(json, environment: environment)
            return nil
        } catch {
            return "\(error)"
        }
    }

    /// One account's JSON with `extra` keys added.
    static func account(_ extra: String = "", name: String = "school", user: String = "@homeroom:school.example")
        -> String
    {
        ##"{"name": "\##(name)", "homeserver": "https://matrix.school.example", "userID": "\##(user)", "accessToken": "t"\##(extra)}"##
    }

    @Test func anAccountWithItsDefaultsAndSecretsFromTheEnvironment() throws {
        let settings = try Self.decode(
            ##"{"accounts": [{"name": "school", "homeserver": "https://matrix.school.example", "userID": "@homeroom:school.example", "password": "env:MATRIX_PASSWORD"}]}"##,
            environment: ["MATRIX_PASSWORD": "pw"])
        let account = try #require(settings.accounts.first)
        #expect(account.password == "pw" && account.accessToken == nil)
        #expect(account.deviceName == "Homeroom" && account.replyToCommands && !account.allowInvalidCertificate)
        #expect(account.syncTimeoutSeconds == 30 && account.requestTimeoutSeconds == 20)
        #expect(account.acceptsInvitation(from: "@teacher:school.example"))
        #expect(!account.acceptsInvitation(from: "@stranger:elsewhere.example"))
        #expect(try Self.decode("{}").accounts.isEmpty, "no section: no Matrix")
    }

    @Test func eachBadSettingIsNamedByItsKey() {
        let cases: [(String, String)] = [
            (##"{"accounts": [{"homeserver": "https://x.example", "userID": "@a:x", "accessToken": "t"}]}"##, "name"),
            (##"{"accounts": [\##(Self.account(name: "two words"))]}"##, "matrix.accounts[0].name"),
            (##"{"accounts": [\##(Self.account(user: "homeroom"))]}"##, "matrix.accounts[0].userID"),
            (
                ##"{"accounts": [{"name": "a", "homeserver": "ftp://x.example", "userID": "@a:x", "accessToken": "t"}]}"##,
                "matrix.accounts[0].homeserver"
            ),
            (
                ##"{"accounts": [{"name": "a", "homeserver": "https://x.example", "userID": "@a:x"}]}"##,
                "an access token or a password is needed"
            ),
            (##"{"accounts": [\##(Self.account(#", "allowedInviters": ["bob"]"#))]}"##, "\"bob\" is not a Matrix id"),
            (
                ##"{"accounts": [\##(Self.account(#", "allowedServers": ["a b"]"#))]}"##,
                "matrix.accounts[0].allowedServers"
            ),
            (
                ##"{"accounts": [\##(Self.account(#", "syncTimeoutSeconds": 301"#))]}"##,
                "matrix.accounts[0].syncTimeoutSeconds"
            ),
            (##"{"accounts": [\##(Self.account(#", "requestTimeoutSeconds": 0"#))]}"##, "requestTimeoutSeconds"),
            (
                ##"{"accounts": [\##(Self.account(#", "maximumCommandAgeSeconds": 1e300"#))]}"##,
                "maximumCommandAgeSeconds"
            ),
            (
                ##"{"accounts": [\##(Self.account(#", "firstReconnectSeconds": 10, "maximumReconnectSeconds": 5"#))]}"##,
                "maximumReconnectSeconds"
            ),
            (##"{"accounts": [\##(Self.account(#", "replyToCommands": "yes""#))]}"##, "replyToCommands"),
            (##"{"accounts": [\##(Self.account(#", "colour": "blue""#))]}"##, "colour"),
            (
                ##"{"accounts": [\##(Self.account()), \##(Self.account(user: "@other:school.example"))]}"##,
                "two accounts are named school"
            ),
            (##"{"accounts": [\##(Self.account()), \##(Self.account(name: "staff"))]}"##, "two accounts log in as"),
            (##"{"accounts": [\##(Self.account(#", "password": "env:NOT_SET_ANYWHERE""#))]}"##, "NOT_SET_ANYWHERE"),
            (##"{"account": []}"##, "account"),
        ]
        for (json, expected) in cases {
            let problem = Self.problem(json)
            #expect(problem?.contains(expected) == true, "\(json) → \(problem ?? "accepted")")
        }
    }
}

extension MatrixSettingsTests {
    @Test func theExampleFilesAccountIsValidAndEveryKeyIsDocumented() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../config.example.json")
        let data = try Data(contentsOf: url)
        var configuration = try HomeroomConfiguration.parse(data)
        configuration.environment = ["HOMEROOM_MATRIX_TOKEN": "token"]
        let resolved = try configuration.resolve()
        #expect(
            try resolved.decodeSection(configuration.matrix, key: "matrix", as: MatrixSettings.self).accounts.isEmpty)
        guard case .object(let section) = configuration.matrix, let example = section["//accounts example"] else {
            Issue.record("config.example.json has no matrix example account")
            return
        }
        let settings = try resolved.decodeSection(
            .object(["accounts": example]), key: "matrix", as: MatrixSettings.self)
        let account = try #require(settings.accounts.first)
        #expect(account.accessToken == "token" && account.name == "school")
        let text = String(decoding: data, as: UTF8.self)
        for key in MatrixAccountSettings.CodingKeys.allCases.map(\.stringValue) {
            #expect(text.contains("\"//\(key)\""), "config.example.json does not document \(key)")
        }
    }
}
