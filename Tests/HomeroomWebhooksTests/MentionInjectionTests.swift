import Crypto
import Foundation
import HomeroomCore
import HomeroomFetch
import HomeroomTestbed
import HomeroomTesting
import Testing

@testable import HomeroomDiscord
@testable import HomeroomMattermost
@testable import HomeroomSlack
@testable import HomeroomTeams
@testable import HomeroomWebhooks

/// Event titles, circle posts and feed titles that try to ping a whole channel or smuggle a link
/// reach every platform as plain text: set as today's lunch menu, then asked for through each
/// platform's real endpoint, and posted through each platform's incoming webhook.
@Suite struct MentionInjectionTests {
    /// One hostile title per line (`Tests/Fixtures/hostile/webhooks`).
    static let titles: [String] = {
        let file = Corpus.packageRoot.appendingPathComponent(
            "Tests/Fixtures/hostile/webhooks/mention-and-link-injection.txt")
        let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init)
    }()

    /// Sets today's specials to every hostile title, as a logged-in admin.
    static func setHostileMenu(_ harness: WebhookHarness) async throws {
        try #require(titles.count >= 8, "the fixture is read")
        try await harness.bot.loginAsAdmin()
        try await harness.bot.expect(
            "/lunch set specials \"\(titles.joined(separator: "; "))\"", from: "console:admin", contains: "lunch")
    }

    /// The places in `text` where one of `marks` is not followed by a word joiner, so a platform
    /// would still read the mention or link it starts.
    static func live(_ marks: Set<Unicode.Scalar>, in text: String) -> [String] {
        let scalars = Array(text.unicodeScalars)
        return scalars.indices.filter { index in
            marks.contains(scalars[index]) && (index + 1 == scalars.count || scalars[index + 1] != "\u{2060}")
        }.map { index in
            String(String.UnicodeScalarView(scalars[max(0, index - 8)..<min(scalars.count, index + 12)]))
        }
    }

    /// The text without its word joiners, as a reader sees it.
    static func shown(_ text: String) -> String { text.replacingOccurrences(of: "\u{2060}", with: "") }

    @Test func slackShowsHostileTitlesAsTextWithNoMentionOrMaskedLink() async throws {
        try await SlackTests.withSlack(at: "2026-11-23T12:00:00-05:00") { harness in
            try await Self.setHostileMenu(harness)
            let answer = try await SlackTests.command(harness, "/lunch", text: "")
            #expect(answer.json["response_type"] as? String == "in_channel", "\(answer.body)")
            let text = try #require(answer.json["text"] as? String)
            #expect(!text.contains("<") && !text.contains(">"), "Slack reads <…> as a mention or a link: \(text)")
            #expect(Self.live(["@"], in: text).isEmpty, "\(Self.live(["@"], in: text))")
            #expect(text.contains("&lt;!channel&gt;"), "\(text)")
            #expect(text.contains("&lt;http://evil.example/phish|the menu&gt;"), "\(text)")
            #expect(Self.shown(text).contains("@channel @all @here @everyone lunch"), "the words are still shown")
        }
    }

    @Test func slackEchoesHostileUserTextAsText() async throws {
        try await SlackTests.withSlack(at: "2026-11-23T12:00:00-05:00") { harness in
            let answer = try await SlackTests.command(harness, "/lunch", text: "<!channel> @here")
            let text = try #require(answer.json["text"] as? String)
            #expect(text.contains("&lt;!channel&gt;"), "\(text)")
            #expect(!text.contains("<!channel>") && Self.live(["@"], in: text).isEmpty, "\(text)")
        }
    }

    @Test func mattermostShowsHostileTitlesWithNoMentionLinkOrImage() async throws {
        try await WebhookHarness.with(settings: { $0.mattermost.tokens = [MattermostTests.token] }) { harness in
            try await Self.setHostileMenu(harness)
            let answer = try await harness.post("/mattermost/commands", text: MattermostTests.command(""))
            #expect(answer.json["response_type"] as? String == "in_channel", "\(answer.body)")
            let text = try #require(answer.json["text"] as? String)
            #expect(Self.live(["@"], in: text).isEmpty, "Mattermost pings on @word: \(Self.live(["@"], in: text))")
            #expect(Self.live(["]"], in: text).isEmpty, "[x](url) is a link: \(Self.live(["]"], in: text))")
            #expect(!text.contains("](") && !text.contains("]["), "\(text)")
            #expect(Self.shown(text).contains("![x](http://evil.example/img.png)"), "shown as typed")
        }
    }

    @Test func discordShowsHostileTitlesWithNoMentionOrMaskedLinkAndPingsNoOne() async throws {
        let key = Curve25519.Signing.PrivateKey()
        try await DiscordTests.withDiscord(key: key) { harness in
            try await Self.setHostileMenu(harness)
            let answer = try await DiscordTests.interaction(harness, DiscordTests.command("lunch"), key: key)
            let data = try #require(answer.json["data"] as? [String: Any], "\(answer.body)")
            let text = try #require(data["content"] as? String)
            #expect((data["allowed_mentions"] as? [String: Any])?["parse"] as? [String] == [])
            let live = Self.live(["@", "<", "]"], in: text)
            #expect(live.isEmpty, "Discord reads <@id>, <@&role>, @everyone and [x](url): \(live)")
            #expect(Self.shown(text).contains("<@&123456789>"), "shown as typed")
        }
    }

    @Test func teamsShowsHostileTitlesWithNoAtMentionLinkOrImage() async throws {
        try await WebhookHarness.with(settings: { $0.teams.secret = TeamsTests.secret }) { harness in
            try await Self.setHostileMenu(harness)
            let answer = try await TeamsTests.post(harness, TeamsTests.activity(text: "<at>Homeroom</at> lunch"))
            let text = try #require(answer.json["text"] as? String, "\(answer.body)")
            let lines = text.components(separatedBy: "<br>")
            #expect(lines.count >= 2, "the reply's lines are kept: \(text)")
            #expect(
                lines.allSatisfy { !$0.contains("<") && !$0.contains(">") }, "Teams reads <at>, <a>, <img>: \(text)")
            #expect(text.contains("&lt;at&gt;all&lt;/at&gt;"), "\(text)")
            let live = Self.live(["@", "]"], in: text)
            #expect(live.isEmpty, "\(live)")
        }
    }

    /// The JSON `platform`'s incoming webhook gets for a notification of `lines`.
    static func notification(_ platform: any PlatformModule.Type, _ lines: [String]) throws -> [String: Any] {
        let sender = IncomingWebhookSender(
            platform: platform, urls: ["*": URL(string: "https://hooks.example/incoming")!], fetcher: HTTPFetcher(),
            timeout: .seconds(1))
        return try #require(try JSONSerialization.jsonObject(with: Data(sender.payload(lines))) as? [String: Any])
    }

    @Test func everyPlatformsNotificationCarriesHostileTitlesAsText() throws {
        try #require(Self.titles.count >= 8)
        let slack = try #require(try Self.notification(SlackPlatform.self, Self.titles)["text"] as? String)
        #expect(!slack.contains("<") && Self.live(["@"], in: slack).isEmpty, "\(slack)")
        let mattermost = try #require(try Self.notification(MattermostPlatform.self, Self.titles)["text"] as? String)
        #expect(Self.live(["@", "]"], in: mattermost).isEmpty, "\(mattermost)")
        let discordJSON = try Self.notification(DiscordPlatform.self, Self.titles)
        let discord = try #require(discordJSON["content"] as? String)
        #expect(Self.live(["@", "<", "]"], in: discord).isEmpty, "\(discord)")
        #expect((discordJSON["allowed_mentions"] as? [String: Any])?["parse"] as? [String] == [])
        let teams = try #require(try Self.notification(TeamsPlatform.self, Self.titles)["text"] as? String)
        #expect(!teams.replacingOccurrences(of: "<br>", with: "").contains("<"), "\(teams)")
        #expect(Self.live(["@", "]"], in: teams).isEmpty, "\(teams)")
    }

    @Test func eachPlatformsEscapingLeavesPlainTextAlone() {
        let plain = "Monday, November 23: Specials: Chicken tacos, Soup. Vegetables: corn (sweet) – 3.50 $"
        #expect(SlackText.escaping(plain) == plain)
        #expect(MattermostText.escaping(plain) == plain)
        #expect(DiscordText.escaping(plain) == plain)
        #expect(TeamsText.escaping(plain) == plain)
        // A combining mark after the @ does not hide it.
        #expect(
            MattermostText.escaping("@\u{301}all").unicodeScalars.map(\.value) == [
                0x40, 0x2060, 0x301, 0x61, 0x6C, 0x6C,
            ])
    }

    /// U+0D4E joins the `<` after it into one `Character` and U+0301 the `>` before it, so a test on
    /// `Character`s finds no `<`, `>` or `&` and would leave the markup live.
    @Test func markupJoinedToOtherScalarsIsEscapedToo() {
        let hostile = "\u{0D4E}<!channel>\u{0301} \u{0D4E}<img src=x onerror=alert(1)>\u{0301}"
        #expect(!SlackText.escaping(hostile).unicodeScalars.contains { $0 == "<" || $0 == ">" })
        #expect(!TeamsText.escaping(hostile).unicodeScalars.contains { $0 == "<" || $0 == ">" })
        #expect(!hostile.escapingMarkup.unicodeScalars.contains { $0 == "<" || $0 == ">" })
        #expect(!"x\"\u{0301} onmouseover=alert(1)".escapingMarkupAttribute.unicodeScalars.contains("\""))
        #expect("Fish & chips <today>".escapingMarkup == "Fish &amp; chips &lt;today&gt;")
    }
}
