import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomMessageAPI
import HomeroomTesting
import HomeroomWebhooks
import Testing

/// A JSON API client's channels are its own: a client's `#lobby` is `CLIENT:#lobby`, its
/// notifications go to that client's `notifyURL` alone, and a failed post is retried to that
/// client alone. The clients are loopback receivers.
@Suite struct APIChannelNotificationTests {
    static let kioskToken = "kiosk-token-0123456789abcdef"
    static let portalToken = "portal-token-0123456789abcdef"

    /// Two clients, each with a bearer token and a `notifyURL` at its own receiver.
    struct Clients {
        let kiosk: LoopbackHTTPServer
        let portal: LoopbackHTTPServer
        var settings: APISettings {
            var api = APISettings()
            api.clients = [
                "kiosk": .init(token: kioskToken, notifyURL: kiosk.url("/notify")),
                "portal": .init(token: portalToken, notifyURL: portal.url("/notify")),
            ]
            return api
        }
    }

    /// A harness whose API has the two clients of ``Clients``, each receiver answering 200 unless
    /// the test serves otherwise; a lunch menu is posted for Monday, November 23, and
    /// `api:kiosk:ann` and `api:portal:bob` are admins.
    static func with(
        backend: DatabaseBackend = .sqlite, _ body: (WebhookHarness, Clients, OutboxDeliveryWorker) async throws -> Void
    ) async throws {
        let clients = Clients(kiosk: try await LoopbackHTTPServer.start(), portal: try await LoopbackHTTPServer.start())
        clients.kiosk.serve("/notify", .init(status: 200))
        clients.portal.serve("/notify", .init(status: 200))
        do {
            try await WebhookHarness.with(
                at: "2026-11-23T08:00:00-05:00", backend: backend, settings: { $0.api = clients.settings }
            ) { harness in
                let bot = harness.bot
                try await bot.loginAsAdmin()
                try await bot.expect(#"/lunch set 2026-11-23 specials "Tacos""#, from: "console:admin")
                for admin in ["api:kiosk:ann", "api:portal:bob"] {
                    try await bot.runtime.access.grant("admin", to: UserID(admin)!, by: AuditEntry.commandLine)
                }
                let sender = APINotificationSender(
                    settings: clients.settings, fetcher: bot.runtime.fetcher, timeout: .seconds(5), clock: bot.clock)
                let worker = OutboxDeliveryWorker(
                    outbox: bot.runtime.outbox, sender: sender, logger: TestBot.testLogger())
                try await body(harness, clients, worker)
            }
        } catch {
            await clients.kiosk.stop()
            await clients.portal.stop()
            throw error
        }
        await clients.kiosk.stop()
        await clients.portal.stop()
    }

    /// Posts `text` in `#lobby` as `user` of the client with `token`; returns the replies.
    static func say(_ text: String, as user: String, token: String, _ harness: WebhookHarness) async throws -> [String]
    {
        let body = try JSONSerialization.data(withJSONObject: ["user": user, "channel": "#lobby", "text": text])
        let answer = try await harness.post(
            "/api/v1/messages", body: Array(body), headers: [("Authorization", "Bearer \(token)")])
        #expect(answer.status == 200, "\(answer.body)")
        return answer.json["replies"] as? [String] ?? []
    }

    @Test func aClientsChannelHearsItsOwnSubscriptionAndNoOtherClientDoes() async throws {
        try await Self.with { harness, clients, worker in
            let subscribed = try await Self.say("/subscribe lunch 10:30", as: "ann", token: Self.kioskToken, harness)
            // The client is shown its channel as it knows it, without its own name before it.
            #expect(subscribed == ["Subscribed: #lobby gets the day's lunch menu at 10:30 on school days."])
            let portalList = try await Self.say("/subscriptions", as: "bob", token: Self.portalToken, harness)
            #expect(portalList.first?.hasPrefix("No subscriptions for #lobby.") == true, "\(portalList)")

            _ = try await harness.bot.sendSubscriptions(at: "2026-11-23T10:30:00-05:00")
            #expect(try await worker.deliverDue() == 1)
            let post = try #require(try await clients.kiosk.requests(to: "/notify", count: 1).first)
            let json = try #require(try JSONSerialization.jsonObject(with: Data(post.body)) as? [String: Any])
            #expect(json["channel"] as? String == "#lobby")
            #expect((json["text"] as? String)?.hasPrefix("Lunch for Monday, November 23:") == true, "\(post.text)")
            #expect(clients.portal.requests.isEmpty, "the other client heard nothing")
            #expect(try await harness.bot.runtime.outbox.pendingCount() == 0)
        }
    }

    @Test func aFailedPostIsRetriedToItsOwnClientAlone() async throws {
        try await Self.with { harness, clients, worker in
            _ = try await Self.say("/subscribe lunch 10:30", as: "ann", token: Self.kioskToken, harness)
            _ = try await Self.say("/subscribe lunch 10:30", as: "bob", token: Self.portalToken, harness)
            clients.kiosk.serve("/notify", sequence: [.init(status: 503), .init(status: 200)])
            _ = try await harness.bot.sendSubscriptions(at: "2026-11-23T10:30:00-05:00")
            #expect(try await worker.deliverDue() == 1, "the portal's went out; the kiosk's failed")
            harness.bot.clock.advance(by: 10)
            #expect(try await worker.deliverDue() == 1, "the kiosk's, retried")
            #expect(try await worker.deliverDue() == 0)

            let kioskPosts = clients.kiosk.requests
            #expect(kioskPosts.count == 2)
            #expect(Set(kioskPosts.map { $0.headers["idempotency-key"] }).count == 1, "one notification, tried twice")
            #expect(clients.portal.requests.count == 1, "the portal got its own once, and never the kiosk's")
            #expect(
                clients.portal.requests.first?.headers["idempotency-key"]
                    != kioskPosts.first?.headers["idempotency-key"])
        }
    }

    /// A subscription and a switch kept for `#lobby` before a client's channels were its own are
    /// the sole client's at start-up; with several clients, one line names them and nothing moves.
    @Test(arguments: TemporaryDatabase.availableBackends)
    func theChannelsKeptBeforeTheyWereAClientsAreTheSoleClientsAtStartUp(backend: DatabaseBackend) async throws {
        try await Self.with(backend: backend) { harness, clients, worker in
            let bot = harness.bot
            // What the API stored for kiosk's #lobby before: the channel without its client.
            try await bot.expect(
                "/subscribe lunch 10:30", from: "api:kiosk:ann", in: "#lobby", verified: true, contains: "Subscribed")
            try await bot.expect(
                "/admin disable gate", from: "api:kiosk:ann", in: "#lobby", verified: true, contains: "now off")

            let several = LogRecorder()
            await APIUnownedChannels(settings: clients.settings, database: bot.runtime.database, logger: several.logger())
                .adopt()
            #expect(several.lines.count == 1, "\(several.lines)")
            #expect(several.lines.first?.contains("API channels #lobby have") == true, "\(several.lines)")
            #expect(several.lines.first?.contains("(kiosk, portal)") == true, "\(several.lines)")
            let before = try await Self.say("/subscriptions", as: "ann", token: Self.kioskToken, harness)
            #expect(before.first?.hasPrefix("No subscriptions for #lobby.") == true, "\(before)")

            var kioskOnly = clients.settings
            kioskOnly.clients["portal"] = nil
            let one = LogRecorder()
            await APIUnownedChannels(settings: kioskOnly, database: bot.runtime.database, logger: one.logger()).adopt()
            #expect(one.lines.count == 1 && one.lines.first?.contains("are now kiosk's") == true, "\(one.lines)")
            let after = try await Self.say("/subscriptions", as: "ann", token: Self.kioskToken, harness)
            #expect(after.contains { $0.contains("lunch at 10:30") }, "\(after)")
            bot.clock.advance(by: 11)  // past the switchboard's refresh interval
            let disabled = try await Self.say("/admin disabled", as: "ann", token: Self.kioskToken, harness)
            #expect(disabled == ["off in #lobby: gate"])
            let portal = try await Self.say("/subscriptions", as: "bob", token: Self.portalToken, harness)
            #expect(portal.first?.hasPrefix("No subscriptions for #lobby.") == true, "\(portal)")

            // Run again, nothing is left to rename.
            let again = LogRecorder()
            await APIUnownedChannels(settings: kioskOnly, database: bot.runtime.database, logger: again.logger())
                .adopt()
            #expect(again.lines.isEmpty, "\(again.lines)")
            _ = try await bot.sendSubscriptions(at: "2026-11-23T10:30:00-05:00")
            #expect(try await worker.deliverDue() == 1)
            let post = try #require(try await clients.kiosk.requests(to: "/notify", count: 1).first)
            #expect(post.text.contains(##""channel":"#lobby""##), "\(post.text)")
        }
    }

    @Test func aChannelThatNamesNoClientGoesToNoneOfSeveral() async throws {
        try await Self.with { harness, clients, worker in
            let outbox = harness.bot.runtime.outbox
            try await outbox.enqueue(adapter: "api", target: .channel("#lobby"), lines: ["x"], idempotencyKey: "old")
            #expect(try await worker.deliverDue() == 0)
            #expect(try await outbox.deadLetterCount() == 1)
            let dead = try #require(try await outbox.deadLetters().first)
            #expect(dead.lastError?.contains("channel #lobby names no API client") == true, "\(dead.lastError ?? "")")
            #expect(clients.kiosk.requests.isEmpty && clients.portal.requests.isEmpty)

            // A client with no notifyURL of its own is not stood in for by another.
            var kioskOnly = clients.settings
            kioskOnly.clients["portal"]?.notifyURL = nil
            let sender = APINotificationSender(
                settings: kioskOnly, fetcher: harness.bot.runtime.fetcher, timeout: .seconds(5),
                clock: harness.bot.clock)
            let kioskWorker = OutboxDeliveryWorker(outbox: outbox, sender: sender, logger: TestBot.testLogger())
            try await outbox.enqueue(
                adapter: "api", target: .channel("portal:#lobby"), lines: ["x"], idempotencyKey: "portal")
            #expect(try await kioskWorker.deliverDue() == 0)
            #expect(try await outbox.deadLetterCount() == 2)
            // With one client taking notifications, a channel that names none was that client's.
            try await outbox.enqueue(adapter: "api", target: .channel("#hall"), lines: ["y"], idempotencyKey: "one")
            #expect(try await kioskWorker.deliverDue() == 1)
            let post = try #require(try await clients.kiosk.requests(to: "/notify", count: 1).first)
            #expect(post.text == ##"{"channel":"#hall","lines":["y"],"text":"y"}"##)
            #expect(clients.portal.requests.isEmpty)
        }
    }
}
