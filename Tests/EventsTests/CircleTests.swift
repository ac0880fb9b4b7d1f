import Events
import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomTesting
import Logging
import Synchronization
import Testing

/// A sender that keeps what it was given, standing in for an adapter in tests of the queueing.
final class KeptMessages: MessageSender {
    let adapter: String
    private let kept = Mutex<[OutboxMessage]>([])
    init(adapter: String) { self.adapter = adapter }
    var messages: [OutboxMessage] { kept.withLock { $0 } }
    func send(_ message: OutboxMessage) async throws { kept.withLock { $0.append(message) } }
}

@Suite struct CircleTests {
    func delivered(_ bot: TestBot, adapter: String) async throws -> [OutboxMessage] {
        let sender = KeptMessages(adapter: adapter)
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        try await OutboxDeliveryWorker(outbox: bot.runtime.outbox, sender: sender, logger: logger).deliverDue()
        return sender.messages
    }

    @Test(arguments: TemporaryDatabase.availableBackends)
    func invitationsJoinsPostsAndLeavingAnInvitationOnlyCircle(backend: DatabaseBackend) async throws {
        try await withEventsBot(backend: backend) { bot in
            try await bot.expect("/circle create Robotics", from: "console:ana", contains: "Created robotics.")
            try await bot.expect(
                "/circle create robotics", from: "console:ben", contains: "there is already a circle called robotics",
                error: true)
            try await bot.expect(
                "/circle join robotics", from: "console:ben", contains: "robotics is by invitation", error: true)
            try await bot.expect(
                "/circle invite robotics ben", from: "console:cho", contains: "only members of robotics invite",
                error: true)
            try await bot.expect(
                "/circle invite robotics ben", from: "console:ana", contains: "Invited console:ben to robotics")
            try await bot.expect(
                "/circle invite robotics irc:school:dev", from: "console:ana", contains: "Invited irc:school:dev")
            let invitations = try await delivered(bot, adapter: "console")
            #expect(invitations.map(\.target) == [.user(UserID("console:ben")!)])
            #expect(
                invitations.first?.lines == ["You are invited to the circle robotics; join with: /circle join robotics"]
            )
            #expect(try await delivered(bot, adapter: "irc").map(\.target) == [.user(UserID("irc:school:dev")!)])
            try await bot.expect("/circle join robotics", from: "console:ben", contains: "You are in robotics now")
            try await bot.expect("/circle join robotics", from: "irc:school:dev", contains: "You are in robotics now")
            try await bot.expect("/circle join robotics", from: "console:ben", contains: "You are already in robotics.")

            try await bot.expect(
                #"/circle post robotics "meeting moved to B-201""#, from: "console:ana",
                contains: "2 members will get it")
            try await bot.expect(
                #"/circle post robotics "hi""#, from: "console:cho", contains: "only members of robotics post to it",
                error: true)
            let console = try await delivered(bot, adapter: "console")
            let irc = try await delivered(bot, adapter: "irc")
            #expect(console.map(\.target) == [.user(UserID("console:ben")!)])
            #expect(irc.map(\.target) == [.user(UserID("irc:school:dev")!)])
            #expect(console.first?.lines == ["[robotics] ana: meeting moved to B-201"])
            #expect(Set((console + irc).map(\.idempotencyKey)).count == 2)

            try await bot.expect("/circles", from: "console:ben", contains: "Your circles: robotics (3 members).")
            try await bot.expect(
                "/circle leave robotics", from: "console:ana", contains: "you own robotics: hand it over first",
                error: true)
            try await bot.expect(
                "/circle owner robotics cho", from: "console:ana", contains: "console:cho is not in robotics",
                error: true)
            try await bot.expect(
                "/circle owner robotics ben", from: "console:ben", contains: "only the owner of robotics may do that",
                error: true)
            try await bot.expect(
                "/circle owner robotics ben", from: "console:ana", contains: "console:ben owns robotics now.")
            try await bot.expect("/circle leave robotics", from: "console:ana", contains: "You left robotics.")
            try await bot.expect(
                "/circle remove robotics irc:school:dev", from: "console:ben",
                contains: "Took irc:school:dev out of robotics.")
            try await bot.expect(
                "/circle leave robotics", from: "console:ben", contains: "it had no other members, so it is gone")
            try await bot.expect("/circles", from: "console:ben", contains: "You are in no circle.")
        }
    }

    @Test func openCirclesAreListedAndJoinedWithoutInvitation() async throws {
        try await withEventsBot { bot in
            try await bot.expect(
                "/circle create chess open", from: "console:ana", contains: "Created chess, open to anyone.")
            let listing = try await bot.expect("/circles", from: "console:ben")
            #expect(
                listing.lines == [
                    "You are in no circle.", "Open to join: chess (1 member) — /circle join NAME",
                    "Start one: /circle create NAME [open]",
                ])
            try await bot.expect("/circle join chess", from: "console:ben", contains: "You are in chess now")
            try await bot.expect(#"/circle post chess "alone?""#, from: "console:ben", contains: "1 member will get it")
            for (input, problem) in [
                ("/circle create chess!", "a circle's name is 1 to 32 letters, digits or -"),
                ("/circle create a b c", "usage: /circle create NAME [open]"),
                ("/circle join nothing", "no circle nothing — /circles lists them"),
            ] {
                try await bot.expect(input, from: "console:ben", contains: problem, error: true)
            }
        }
    }
}

@Suite struct EventsSubscriptionTests {
    @Test func theDaysEventsComeEveryMorningWithThePersonsCircles() async throws {
        try await withEventsBot(at: "2026-12-02T20:00:00-05:00") { bot in
            try await bot.expect(#"/event add dec 3 15:30 "Robotics meetup" at B-201"#, from: "console:teacher")
            try await bot.expect("/circle create chess", from: "console:student")
            try await bot.expect(#"/event add dec 3 18:00 "Blitz night" in chess"#, from: "console:student")
            try await bot.expect(
                "/subscribe events", from: "console:student",
                contains: "Subscribed: you get the day's events at 07:30 every day.")
            try await bot.expect("/subscribe events 7:00", from: "console:other", contains: "at 07:00 every day")
            bot.clock.set(to: TestClock.instant("2026-12-03T07:30:00-05:00"))
            #expect(await bot.runtime.scheduler.runNow(pluginID: CorePlugin.id, name: "send subscriptions"))
            let morning = try await bot.runtime.outbox.due(for: "console", limit: 10)
            #expect(morning.map(\.target) == [.user(UserID("console:student")!)])
            #expect(
                morning.first?.lines == [
                    "Events on Thursday, December 3:", "• 15:30–16:30 Robotics meetup, B-201 #1",
                    "• 18:00–19:00 Blitz night (chess circle) #2",
                ])
            try await bot.runtime.outbox.markDelivered(morning)
            bot.clock.set(to: TestClock.instant("2026-12-04T07:00:00-05:00"))
            #expect(await bot.runtime.scheduler.runNow(pluginID: CorePlugin.id, name: "send subscriptions"))
            #expect(try await bot.runtime.outbox.due(for: "console", limit: 10).isEmpty, "no events, nothing sent")
        }
    }
}
