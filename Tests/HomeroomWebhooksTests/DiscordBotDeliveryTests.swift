import Events
import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomTesting
import Testing

@testable import HomeroomDiscord
@testable import HomeroomWebhooks

/// Notifications for Discord members, from the command that made them to the member's DM channel
/// at the fake Discord: through the outbox, ``PlatformSender`` and the bot.
@Suite struct DiscordBotDeliveryTests {
    @Test func aLunchSubscriptionReachesADiscordMemberInADirectMessage() async throws {
        try await DiscordBotSetup.with(at: "2026-11-23T08:00:00-05:00") { setup in
            let bot = setup.bot
            try await bot.loginAsAdmin()
            try await bot.expect(#"/lunch set 2026-11-23 specials "Tacos @everyone""#, from: "console:admin")
            try await bot.expect(
                "/subscribe lunch 10:30", from: "discord:dm:2200000000000000009",
                contains: "Subscribed: you get the day's lunch menu at 10:30 on school days.")
            _ = try await bot.sendSubscriptions(at: "2026-11-23T10:30:00-05:00")
            #expect(try await bot.runtime.outbox.pendingCount(for: "discord") == 1)

            #expect(try await setup.worker.deliverDue() == 1)
            let channel = try #require(setup.discord.directChannel(with: "2200000000000000009"))
            let messages = setup.discord.messages(in: channel)
            let message = try #require(messages.first)
            #expect(messages.count == 1)
            #expect(message.content.hasPrefix("Lunch for Monday, November 23:"), "\(message.content)")
            #expect(message.content.contains("Tacos @\u{2060}everyone"))
            #expect(message.nonce == "subscription:1:2026-11-23")
            #expect(try await bot.runtime.outbox.pendingCount() == 0)

            // The DM channel is the member's personal data: `/me forget` deletes it.
            let state = AdapterState(adapter: "discord", account: "bot")
            #expect(try await state.value(for: "direct:2200000000000000009", in: bot.runtime.database) == channel)
            try await bot.expect("/me forget", from: "discord:dm:2200000000000000009", verified: true)
            try await bot.expect(
                "/me forget yes", from: "discord:dm:2200000000000000009", verified: true, contains: "Done")
            #expect(try await state.value(for: "direct:2200000000000000009", in: bot.runtime.database) == nil)
        }
    }

    @Test func aCirclePostReachesADiscordMemberOnce() async throws {
        try await DiscordBotSetup.with(plugins: [EventsPlugin.self]) { setup in
            let bot = setup.bot
            try await bot.expect("/circle create robotics open", from: "console:ana")
            try await bot.expect("/circle join robotics", from: "discord:1200000000000000001:2200000000000000010")
            try await bot.expect(
                #"/circle post robotics "meeting moved to B-201""#, from: "console:ana",
                contains: "1 member will get it")
            #expect(try await setup.worker.deliverDue() == 1)
            #expect(try await setup.worker.deliverDue() == 0, "nothing is sent twice")

            let channel = try #require(setup.discord.directChannel(with: "2200000000000000010"))
            #expect(
                setup.discord.messages(in: channel).map(\.content) == [
                    "[robotics]\u{2060} ana: meeting moved to B-201"
                ], "the escaping undoes a masked link")
            #expect(setup.discord.messages.count == 1)
        }
    }
}
