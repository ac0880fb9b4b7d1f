import Foundation
import HomeroomCore
import HomeroomRuntime
import HomeroomTestbed
import HomeroomTesting
import SQLKit
import Testing

@testable import HomeroomMattermost
@testable import HomeroomWebhooks

/// Mattermost slash commands: the token proves only that the sender holds it, so a `user_id` is
/// unverified unless `webhooks.mattermost.trustUserIDs` says otherwise, and an admin's role needs
/// a PIN login in a direct message; a direct message is told by the channel name Mattermost gives
/// one (the form has no channel type); each command's `trigger_id` is used once. The forms are
/// Mattermost's documented request (https://developers.mattermost.com/integrate/slash-commands/custom/ —
/// "Basic usage": channel_id, channel_name, command, response_url, team_domain, team_id, text,
/// token, trigger_id, user_id, user_name).
@Suite struct MattermostTrustTests {
    static let token = "xr3j5x3p4pfk7kk6ck7b4e6ghh"
    static let team = "tsb8crrn5tgqtedpkt81b4tcya"
    /// Mattermost ids are 26 characters of lowercase base32.
    static let admin = "k1x4aqdjy3813c84m771eoc9xo"
    static let bot = "4md3yr7cjbd1pcrsk46j9zm1oc"
    static let adminID = "mattermost:\(team):\(admin)"
    /// The harness's instant, 2026-11-23T12:00:00-05:00.
    static let now = Date(timeIntervalSince1970: 1_795_453_200)
    /// The direct channel of the admin and the bot, named as Mattermost names one: the two ids,
    /// sorted, joined by `__`.
    static let directChannel = [admin, bot].sorted().joined(separator: "__")

    /// A `trigger_id` as Mattermost makes one: base64 of `CLIENT:USER:MILLISECONDS:SIGNATURE`, the
    /// signature being the one in the example request of
    /// https://developers.mattermost.com/integrate/slash-commands/custom/ — "Basic usage" (Homeroom
    /// cannot check it, and does not).
    static func triggerID(user: String = admin, at instant: Date = now, client: String = newClientID()) -> String {
        let milliseconds = Int64(instant.timeIntervalSince1970 * 1000)
        let signature =
            "MEUCIHRuakveFgDaM7zPDh1eDVwY+cFmyRaLVCNxITKdgqMfAiEAxd/9Oy51NylbMelDMY+GxKas/fuME6cBumnIlPB9uDU="
        return Data("\(client):\(user):\(milliseconds):\(signature)".utf8).base64EncodedString()
    }

    static func newClientID() -> String {
        String(UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(26))
    }

    /// `/homeroom TEXT` typed by `user` in `channelName`.
    static func command(
        _ text: String, user: String = admin, channelName: String = "town-square", trigger: String? = triggerID(),
        responseURL: String = "http://127.0.0.1:9/hooks/commands/zozc1xwxybdedeyz8djwjpngny"
    ) -> String {
        var fields = [
            ("channel_id", "i3bb9xfyqt8rtbyshmyhgsj16c"), ("channel_name", channelName), ("command", "/homeroom"),
            ("response_url", responseURL), ("team_domain", "school"),
            ("team_id", team), ("text", text), ("token", token), ("user_id", user), ("user_name", "principal"),
        ]
        if let trigger { fields.append(("trigger_id", trigger)) }
        return Signing.form(fields)
    }

    static func with(
        trust: Bool = false, backend: DatabaseBackend = .sqlite, _ body: (WebhookHarness) async throws -> Void
    ) async throws {
        try await WebhookHarness.with(
            backend: backend,
            settings: { settings in
                settings.mattermost.tokens = [token]
                settings.mattermost.trustUserIDs = trust
            }, configure: { $0.admins = [adminID] }, body)
    }

    static func text(of answer: WebhookHarness.Answer) -> String { answer.json["text"] as? String ?? answer.body }

    @Test func anAdminsUserIDIsUnverifiedByDefault() async throws {
        try await Self.with { harness in
            let me = try await harness.post("/mattermost/commands", text: Self.command("me"))
            #expect(me.status == 200, "\(me.body)")
            #expect(me.json["response_type"] as? String == "ephemeral", "only the asker sees it: \(me.body)")
            #expect(Self.text(of: me).contains("Roles: admin (/login PIN puts them in force)."), "\(me.body)")
            let outbox = try await harness.post("/mattermost/commands", text: Self.command("admin outbox"))
            #expect(outbox.json["response_type"] as? String == "ephemeral")
            #expect(Self.text(of: outbox).contains("permission"), "\(outbox.body)")
        }
    }

    @Test func aPINLoginInADirectMessagePutsTheRoleInForce() async throws {
        try await Self.with { harness in
            let admin = try #require(UserID(Self.adminID))
            try await harness.bot.runtime.login.setPIN("4321", for: admin, by: AuditEntry.commandLine)
            let inChannel = try await harness.post("/mattermost/commands", text: Self.command("login 4321"))
            #expect(Self.text(of: inChannel).contains("never type your PIN in a channel"), "\(inChannel.body)")
            let direct = try await harness.post(
                "/mattermost/commands", text: Self.command("login 4321", channelName: Self.directChannel))
            #expect(Self.text(of: direct).contains("logged in until"), "\(direct.body)")
            let outbox = try await harness.post("/mattermost/commands", text: Self.command("admin outbox"))
            #expect(Self.text(of: outbox).contains("Nothing waits for delivery"), "\(outbox.body)")
        }
    }

    @Test func trustUserIDsPutsRolesInForceWithoutALogin() async throws {
        try await Self.with(trust: true) { harness in
            let outbox = try await harness.post("/mattermost/commands", text: Self.command("admin outbox"))
            #expect(outbox.status == 200, "\(outbox.body)")
            #expect(Self.text(of: outbox).contains("Nothing waits for delivery"), "\(outbox.body)")
        }
    }

    /// A link joins roles: a code asked for in an admin's name and typed on another account would
    /// make that account an admin.
    @Test func linkAndUnlinkAreRefusedWhileIDsAreUnverified() async throws {
        try await Self.with { harness in
            for typed in ["link", "link ABCD-EFGH", "unlink slack"] {
                let answer = try await harness.post(
                    "/mattermost/commands", text: Self.command(typed, channelName: Self.directChannel))
                #expect(answer.status == 200, "\(typed): \(answer.body)")
                #expect(answer.json["response_type"] as? String == "ephemeral")
                #expect(Self.text(of: answer).contains("is off on Mattermost"), "\(typed): \(answer.body)")
                #expect(Self.text(of: answer).contains("webhooks.mattermost.trustUserIDs"), "\(answer.body)")
            }
            let codes = try await harness.bot.runtime.database.read { db in
                try await db.select().column("digest").from("core_link_codes").all()
            }
            #expect(codes.isEmpty, "no link code was made")
        }
        try await Self.with(trust: true) { harness in
            let answer = try await harness.post(
                "/mattermost/commands", text: Self.command("link", channelName: Self.directChannel))
            #expect(Self.text(of: answer).contains("Your code is"), "\(answer.body)")
        }
    }

    @Test func aDirectChannelIsToldByItsNameOfTwoIDsOneTheSenders() {
        let other = "aoa1agao6t8fmx3ikt1j9w5ybw"
        let cases: [(String?, String, Bool)] = [
            ([Self.admin, other].sorted().joined(separator: "__"), Self.admin, true),
            ("\(Self.admin)__\(Self.admin)", Self.admin, true),
            ([Self.bot, other].sorted().joined(separator: "__"), Self.admin, false),
            ([Self.admin, other].sorted(by: >).joined(separator: "__"), Self.admin, false),
            ("town__square", "town", false),
            ("\(Self.admin)___\(other)", Self.admin, false),
            ("\(Self.admin)__\(other)__\(Self.bot)", Self.admin, false),
            ("\(Self.admin.uppercased())__\(other)", Self.admin.uppercased(), false),
            ("town-square", Self.admin, false),
            (nil, Self.admin, false),
        ]
        for (name, user, direct) in cases {
            #expect(MattermostDirectChannel.isDirect(channelName: name, user: user) == direct, "\(name ?? "nil")")
        }
    }

    /// On PostgreSQL the trigger ids seen are kept in the database every instance shares.
    @Test(arguments: TemporaryDatabase.availableBackends)
    func theSameCommandSentAgainIsRefused(backend: DatabaseBackend) async throws {
        try await Self.with(backend: backend) { harness in
            let command = Self.command("lunch")
            let first = try await harness.post("/mattermost/commands", text: command)
            #expect(first.status == 200, "\(first.body)")
            #expect(Self.text(of: first).contains("Monday, November 23"), "\(first.body)")
            let again = try await harness.post("/mattermost/commands", text: command)
            #expect(again.status == 401, "\(again.body)")
            #expect(again.json["error"] as? String == "this request was already received (a replay)")
        }
    }

    @Test func eachBadTriggerIDIsRefusedWithItsReason() async throws {
        try await Self.with { harness in
            let minute: TimeInterval = 60
            let cases: [(String, String?, String)] = [
                ("missing", nil, "the trigger_id is missing"),
                ("not base64", "%%%", "the trigger_id is not Mattermost's"),
                ("three parts", Data("a:b:c".utf8).base64EncodedString(), "the trigger_id is not Mattermost's"),
                ("another user", Self.triggerID(user: Self.bot), "the trigger_id was made for another user"),
                ("ten minutes old", Self.triggerID(at: Self.now - 10 * minute), "more than 300 s away from now"),
                ("from the future", Self.triggerID(at: Self.now + 10 * minute), "more than 300 s away from now"),
                (
                    "too long", String(repeating: "A", count: MattermostTrigger.maximumLength + 4),
                    "the trigger_id is not Mattermost's"
                ),
            ]
            for (name, trigger, reason) in cases {
                let answer = try await harness.post(
                    "/mattermost/commands", text: Self.command("lunch", trigger: trigger))
                #expect(answer.status == 401, "\(name): \(answer.body)")
                #expect((answer.json["error"] as? String)?.contains(reason) == true, "\(name): \(answer.body)")
            }
            // Within the tolerance is fine.
            let recent = try await harness.post(
                "/mattermost/commands", text: Self.command("lunch", trigger: Self.triggerID(at: Self.now - 2 * minute)))
            #expect(recent.status == 200, "\(recent.body)")
        }
    }

    @Test func trustUserIDsIsReadFromTheConfiguration() throws {
        let decoder = JSONDecoder()
        let unset = try decoder.decode(MattermostSettings.self, from: Data(#"{"tokens": ["t"]}"#.utf8))
        #expect(unset.trustUserIDs == false)
        let set = try decoder.decode(
            MattermostSettings.self, from: Data(#"{"tokens": ["t"], "trustUserIDs": true}"#.utf8))
        #expect(set.trustUserIDs)
        #expect(throws: (any Error).self) {
            try decoder.decode(MattermostSettings.self, from: Data(#"{"trustUserIDs": "yes"}"#.utf8))
        }
    }
}
