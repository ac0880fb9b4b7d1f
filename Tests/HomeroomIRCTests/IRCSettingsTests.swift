import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomRuntime
import HomeroomTesting
import Testing

@testable import HomeroomIRC

@Suite struct IRCSettingsTests {
    static func decode(_ json: String, environment: [String: String] = [:]) throws -> IRCSettings {
        var configuration = try HomeroomConfiguration.parse(Data(##"{"irc": \##(json)}"##.utf8))
        configuration.environment = environment
        return try configuration.resolve().decodeSection(configuration.irc, key: "irc", as: IRCSettings.self)
    }

    static func problem(_ json: String) -> String? {
        do {
            _ = try decode(json)
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func aNetworkWithItsDefaults() throws {
        let settings = try Self.decode(
            ##"{"networks": [{"name": "libera", "host": "irc.libera.chat", "channels": ["#school", "#staff s3cret"], "sasl": {"account": "homeroom", "password": "env:IRC_PASSWORD"}}]}"##,
            environment: ["IRC_PASSWORD": "pw"])
        let network = try #require(settings.networks.first)
        #expect(network.port == 6697 && network.tls)
        #expect(!network.allowInvalidCertificate)
        #expect(network.session.nick == "homeroom")
        #expect(network.session.channels == [.init(name: "#school"), .init(name: "#staff", key: "s3cret")])
        #expect(network.session.sasl == .init(account: "homeroom", password: "pw", continueOnFailure: true))
        #expect(network.flood == FloodControl())
        #expect(network.maximumLinesInChannel == 4)
        #expect(network.maximumReconnectSeconds == 300)
        let plain = try Self.decode(##"{"networks": [{"name": "school", "host": "irc.school", "tls": false}]}"##)
        #expect(plain.networks[0].port == 6667)
    }

    @Test func eachBadSettingIsNamedByItsKey() {
        let cases: [(String, String)] = [
            (##"{"networks": [{"host": "x"}]}"##, "name"),
            (##"{"networks": [{"name": "two words", "host": "x"}]}"##, "irc.networks[0].name"),
            (##"{"networks": [{"name": "a", "host": "x", "channels": ["school"]}]}"##, "is not a channel"),
            (##"{"networks": [{"name": "a", "host": "x", "nick": "home room"}]}"##, "irc.networks[0].nick"),
            (
                ##"{"networks": [{"name": "a", "host": "x", "sasl": {"account": "a", "password": "p", "onFailure": "retry"}}]}"##,
                "continue or disconnect"
            ),
            (##"{"networks": [{"name": "a", "host": "x", "flood": {"secondsPerLine": 0}}]}"##, "irc.networks[0].flood"),
            (##"{"networks": [{"name": "a", "host": "x", "flood": {"burst": 1.5}}]}"##, "burst from 2 to 1000"),
            (##"{"networks": [{"name": "a", "host": "x", "flood": {"secondsPerLine": 1e300}}]}"##, "at most 60"),
            (##"{"networks": [{"name": "a", "host": "x"}, {"name": "a", "host": "y"}]}"##, "two networks are named a"),
            (##"{"networks": [{"name": "a", "host": "x", "colour": "blue"}]}"##, "unknown key"),
        ]
        for (json, expected) in cases {
            let problem = Self.problem(json)
            #expect(problem?.contains(expected) == true, "\(json) → \(problem ?? "accepted")")
        }
    }

    @Test func rolesGoToServicesAccountsNotToNicks() async throws {
        #expect(AccessPolicy.problemGranting(to: UserID("irc:libera:alice")!) == nil)
        let problem = try #require(AccessPolicy.problemGranting(to: UserID("irc:libera:alice!~a@host")!))
        #expect(problem.contains("grant the services account instead"))
        #expect(problem.contains("irc:libera:alice"))
        try await TestBot.with { bot in
            await #expect(throws: UserFacingError.self) {
                try await bot.runtime.access.grant(
                    "admin", to: UserID("irc:libera:alice!~a@host")!, by: AuditEntry.commandLine)
            }
            let roles = try await bot.runtime.access.roles(of: UserID("irc:libera:alice!~a@host")!)
            #expect(roles.isEmpty)
        }
        var configuration = HomeroomConfiguration()
        configuration.admins = ["irc:libera:bob!b@h"]
        #expect(throws: ConfigurationError.self) { try configuration.resolve() }
    }
}

extension IRCSettingsTests {
    @Test func theExampleFilesNetworkIsValidAndEveryKeyIsDocumented() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../config.example.json")
        let data = try Data(contentsOf: url)
        var configuration = try HomeroomConfiguration.parse(data)
        configuration.environment = ["HOMEROOM_IRC_PASSWORD": "pw"]
        let resolved = try configuration.resolve()
        #expect(try resolved.decodeSection(configuration.irc, key: "irc", as: IRCSettings.self).networks.isEmpty)
        guard case .object(let section) = configuration.irc, let example = section["//networks example"] else {
            Issue.record("config.example.json has no irc example network")
            return
        }
        let settings = try resolved.decodeSection(.object(["networks": example]), key: "irc", as: IRCSettings.self)
        let network = try #require(settings.networks.first)
        #expect(network.session.sasl?.password == "pw")
        #expect(network.session.channels.count == 2)
        let text = String(decoding: data, as: UTF8.self)
        for key in IRCNetworkSettings.CodingKeys.allCases.map(\.stringValue) + [
            "account", "password", "onFailure", "burst", "secondsPerLine",
        ] {
            #expect(text.contains("\"\(key)\""), "config.example.json does not mention \(key)")
        }
    }
}
