import Crypto
import Events
import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomMessageAPI
import HomeroomTestbed
import HomeroomTesting
import HomeroomWebhooks
import Lunch
import Testing

@testable import HomeroomIRC

/// A circle's post reaching its members where they use Homeroom: one over a real ngircd server,
/// one through the JSON API's notification URL on a loopback receiver.
@Suite(.enabled(if: NgircdServer.isInstalled, "needs Debian's ngircd (Scripts/test installs it)"))
struct CirclePostDeliveryTests {
    @Test func aPostReachesAnIRCMemberAndAnAPIMemberOnceEach() async throws {
        let receiver = try await LoopbackHTTPServer.start()
        receiver.serve("/notify", .init(status: 204))
        let secret = "kiosk-secret-0123456789"
        try await IRCIntegrationTests.withServer { server in
            try await IRCBotHarness.with(
                networks: [IRCBotHarness.network(port: server.port)], plugins: [LunchPlugin.self, EventsPlugin.self]
            ) { harness in
                try await harness.waitUntilJoined()
                let bot = harness.bot
                try await bot.expect("/circle create robotics open", from: "console:ana")
                try await IRCTestClient.with(port: server.port, nick: "ada") { ada in
                    try await ada.sendLine("PRIVMSG homeroom :circle join robotics")
                    try await ada.waitFor { $0.parameters.last?.contains("You are in robotics now") == true }
                    try await bot.expect("/circle join robotics", from: "api:kiosk:bob")
                    try await bot.expect(
                        #"/circle post robotics "meeting moved to B-201""#, from: "console:ana",
                        contains: "2 members will get it")

                    var api = APISettings()
                    api.clients["kiosk"] = .init(hmacSecret: secret, notifyURL: receiver.url("/notify"))
                    let apiSender = APINotificationSender(
                        settings: api, fetcher: bot.runtime.fetcher, timeout: .seconds(5), clock: bot.clock)
                    let outbox = bot.runtime.outbox
                    let logger = TestBot.testLogger()
                    #expect(
                        try await OutboxDeliveryWorker(outbox: outbox, sender: harness.adapter.sender, logger: logger)
                            .deliverDue() == 1)
                    #expect(
                        try await OutboxDeliveryWorker(outbox: outbox, sender: apiSender, logger: logger).deliverDue()
                            == 1)

                    try await ada.waitFor { $0.parameters == ["ada", "[robotics] ana: meeting moved to B-201"] }
                    let posts = try await receiver.requests(to: "/notify", count: 1)
                    let post = try #require(posts.first)
                    #expect(
                        post.text
                            == #"{"lines":["[robotics] ana: meeting moved to B-201"],"text":"[robotics] ana: meeting moved to B-201","user":"bob"}"#
                    )
                    #expect(post.headers["idempotency-key"]?.hasPrefix("circle-post:1:api:kiosk:bob") == true)
                    let timestamp = try #require(post.headers["x-homeroom-timestamp"])
                    let expected = HMAC<SHA256>.authenticationCode(
                        for: Array("homeroom-notification:v1:\(timestamp):".utf8) + post.body,
                        using: SymmetricKey(data: Array(secret.utf8)))
                    #expect(
                        post.headers["x-homeroom-notification-signature"] == "v1="
                            + expected.map { String(format: "%02x", $0) }.joined())
                    #expect(post.headers["x-homeroom-client"] == "kiosk")
                    #expect(try await outbox.pendingCount() == 0)
                }
            }
        }
        await receiver.stop()
    }
}
