import Events
import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomMatrix
import HomeroomRuntime
import HomeroomTestbed
import HomeroomTesting
import Lunch
import Testing

/// The Matrix adapter end to end: Homeroom syncing with a real Synapse, students talking to it
/// from clients of their own.
@Suite(.enabled(if: SynapseServer.isInstalled, "needs Synapse in .build-venv/synapse (Scripts/test installs it)"))
struct MatrixAdapterTests {
    @Test func lunchInARoomIsAnsweredAsANoticeReplyingToTheAskerAndMentioningThem() async throws {
        try await MatrixSchool.with { school in
            let room = try await school.lunchRoom()
            let chatter = try await school.ada.send(text: "lunch", to: room)
            let answer = try await school.ask("!lunch", in: room, as: school.ada)
            #expect(answer.messageType == "m.notice")
            #expect(answer.body.contains("Chicken tacos"), "\(answer.body)")
            #expect(answer.formattedBody?.contains("Chicken tacos") == true, "\(answer.content)")
            #expect(answer.mentionedUsers == [school.ada.userID])
            // "lunch" without the prefix is chatter in a room: the only answer is to "!lunch".
            let answers = try await school.ada.messages(in: room, from: school.botID)
            #expect(answers.count == 1, "\(answers)")
            #expect(answers.first?["m.relates_to"]?["m.in_reply_to"]?["event_id"]?.string != chatter)
        }
    }

    @Test func aMentionOfTheBotInARoomIsACommand() async throws {
        try await MatrixSchool.with { school in
            let room = try await school.lunchRoom()
            let question = try await school.bo.send(
                text: "homeroom: lunch", to: room,
                html: #"<a href="https://matrix.to/#/\#(school.botID)">homeroom</a>: lunch"#,
                mentions: [school.botID])
            let answer = try await school.bo.waitForMessage(in: room, from: school.botID) { $0.inReplyTo == question }
            #expect(answer.body.contains("Chicken tacos"), "\(answer.body)")
            #expect(answer.mentionedUsers == [school.bo.userID])
        }
    }

    @Test func plainLunchInADirectRoomIsAnswered() async throws {
        try await MatrixSchool.with { school in
            let room = try await school.directRoom(of: school.ada)
            let answer = try await school.ask("lunch", in: room, as: school.ada, isReply: false)
            #expect(answer.messageType == "m.notice")
            #expect(answer.body.contains("Chicken tacos"), "\(answer.body)")
        }
    }

    @Test func anInvitationFromAServerNotOnTheListIsDeclined() async throws {
        try await MatrixSchool.with(allowedServers: ["district.test"]) { school in
            let room = try await school.ada.createRoom(name: "Lunch", invite: [school.botID])
            try await school.ada.waitUntil(school.botID, is: "leave", in: room)
            let answers = try await school.ada.messages(in: room, from: school.botID)
            #expect(answers.isEmpty, "\(answers)")
        }
    }

    @Test func anInvitationFromAListedInviterIsJoined() async throws {
        try await MatrixSchool.with(allowedInviters: ["@bo:school.test"]) { school in
            let room = try await school.bo.createRoom(name: "Bo's room", invite: [school.botID])
            try await school.bo.waitUntil(school.botID, is: "join", in: room)
            let refused = try await school.ada.createRoom(name: "Ada's room", invite: [school.botID])
            try await school.ada.waitUntil(school.botID, is: "leave", in: refused)
        }
    }

    @Test func aRestartAnswersNothingOld() async throws {
        try await MatrixSchool.with { school in
            let room = try await school.lunchRoom()
            let first = try await school.ada.send(text: "!lunch", to: room)
            _ = try await school.ada.waitForMessage(in: room, from: school.botID) { $0.inReplyTo == first }
            await school.homeroom.stopAdapter()
            // Asked while the bot was away: answered once it is back, and the first question not again.
            let second = try await school.ada.send(text: "!lunch tomorrow", to: room)
            school.homeroom.startAdapter()
            _ = try await school.ada.waitForMessage(in: room, from: school.botID) { $0.inReplyTo == second }
            let third = try await school.bo.send(text: "!lunch friday", to: room)
            _ = try await school.ada.waitForMessage(in: room, from: school.botID) { $0.inReplyTo == third }
            let answers = try await school.ada.messages(in: room, from: school.botID)
            let repliesTo = answers.map { $0["m.relates_to"]?["m.in_reply_to"]?["event_id"]?.string }
            #expect(repliesTo == [first, second, third], "\(answers)")
        }
    }

    @Test func aLowRateLimitIsWaitedOutAndEveryQuestionAnswered() async throws {
        // Three messages at once, then one every 5 s: the fourth answer waits for the homeserver.
        try await MatrixSchool.with(messageRateLimit: SynapseRateLimit(perSecond: 0.2, burstCount: 3)) { school in
            let room = try await school.lunchRoom()
            let questions = ["!lunch", "!lunch tomorrow", "!lunch friday", "!lunch week", "!lunch thursday"]
            var asked: [String] = []
            for (index, question) in questions.enumerated() {
                asked.append(
                    try await (index.isMultiple(of: 2) ? school.ada : school.bo).send(text: question, to: room))
            }
            var arrivals: [ContinuousClock.Instant] = []
            for question in asked {
                let answer = try await school.ada.waitForMessage(in: room, from: school.botID, timeout: .seconds(60)) {
                    $0.inReplyTo == question
                }
                arrivals.append(answer.arrivedAt)
            }
            let first = try #require(arrivals.min())
            let last = try #require(arrivals.max())
            #expect(last - first >= .seconds(3), "five answers within \(last - first): the limit was not met")
            let answers = try await school.ada.messages(in: room, from: school.botID)
            #expect(answers.count == questions.count, "\(answers)")
        }
    }

    @Test func anEncryptedRoomIsDeclinedAndTheInviterToldWhyInADirectRoom() async throws {
        try await MatrixSchool.with { school in
            let room = try await school.ada.createRoom(name: "Secret", invite: [school.botID], encrypted: true)
            try await school.ada.waitUntil(school.botID, is: "leave", in: room)
            let direct = try await school.ada.directRoom(with: school.botID)
            let told = try await school.ada.waitForMessage(in: direct, from: school.botID)
            #expect(told.body.localizedCaseInsensitiveContains("encrypt"), "\(told.body)")
            #expect(direct != room)
        }
    }

    @Test func anEncryptedEventIsNeverAnswered() async throws {
        try await MatrixSchool.with { school in
            let room = try await school.lunchRoom()
            let encrypted = JSONValue.object([
                "algorithm": .string("m.megolm.v1.aes-sha2"), "ciphertext": .string("AwgAEnACgAkLmt6qF84IK++J7UDH"),
                "device_id": .string("ADA"), "sender_key": .string("junk"), "session_id": .string("junk"),
            ])
            try await school.ada.send(type: "m.room.encrypted", content: encrypted, to: room)
            let question = try await school.ada.send(text: "!lunch", to: room)
            let answer = try await school.ada.waitForMessage(in: room, from: school.botID)
            #expect(answer.inReplyTo == question)
            let answers = try await school.ada.messages(in: room, from: school.botID)
            #expect(answers.count == 1, "\(answers)")
        }
    }

    @Test func synapseStoppedAndStartedAgainIsReconnected() async throws {
        try await MatrixSchool.with { school in
            let room = try await school.lunchRoom()
            _ = try await school.ask("!lunch", in: room, as: school.ada)
            await school.server.stop()
            try await eventually("the adapter no longer up", within: .seconds(60), every: .milliseconds(50)) {
                !school.homeroom.isUp
            }
            #expect(school.homeroom.status()?.state == .down)
            try await school.server.start()
            let answer = try await school.ask("!lunch tomorrow", in: room, as: school.bo)
            #expect(answer.mentionedUsers == [school.bo.userID])
            #expect(school.homeroom.isUp)
        }
    }

    @Test func aCirclePostReachesAMembersDirectRoomExactlyOnce() async throws {
        try await MatrixSchool.with(plugins: [LunchPlugin.self, EventsPlugin.self]) { school in
            let bot = school.homeroom.bot
            try await bot.expect("/circle create robotics open", from: "console:ana")
            let direct = try await school.directRoom(of: school.ada)
            let joined = try await school.ask("circle join robotics", in: direct, as: school.ada, isReply: false)
            #expect(joined.body.contains("You are in robotics now"), "\(joined.body)")
            try await bot.expect(
                #"/circle post robotics "meeting moved to B-201""#, from: "console:ana", contains: "will get it")
            let sender = try #require(school.homeroom.adapter?.sender)
            let outbox = bot.runtime.outbox
            // Sent twice before the outbox recorded it (as after a crash), then delivered: Matrix
            // keeps one, the transaction id being the outbox's idempotency key.
            let due = try await outbox.due(for: "matrix")
            let post = try #require(due.first)
            #expect(due.count == 1)
            try await sender.send(post)
            try await sender.send(post)
            let delivered = try await OutboxDeliveryWorker(outbox: outbox, sender: sender, logger: TestBot.testLogger())
                .deliverDue()
            #expect(delivered == 1)
            let seen = try await school.ada.waitForMessage(in: direct, from: school.botID) {
                $0.body.contains("meeting moved to B-201")
            }
            #expect(seen.body == "[robotics] ana: meeting moved to B-201")
            let posts = try await school.ada.messages(in: direct, from: school.botID).filter {
                $0["body"]?.string?.contains("meeting moved") == true
            }
            #expect(posts.count == 1, "\(posts)")
            #expect(try await outbox.pendingCount() == 0)
        }
    }

    @Test func removedFromARoomItLeavesAndJoinsAgainWhenInvitedBack() async throws {
        try await MatrixSchool.with { school in
            let room = try await school.lunchRoom()
            try await school.ada.kick(school.botID, from: room, reason: "quiet please")
            try await school.ada.waitUntil(school.botID, is: "leave", in: room)
            try await school.ada.invite(school.botID, to: room)
            try await school.ada.waitUntil(school.botID, is: "join", in: room)
            let answer = try await school.ask("!lunch", in: room, as: school.bo)
            #expect(answer.body.contains("Chicken tacos"), "\(answer.body)")
        }
    }

    @Test func theOutboxDeliversToARoomByItsAliasOnce() async throws {
        try await MatrixSchool.with { school in
            let room = try await school.lunchRoom()
            try await school.ada.addAlias("#lunch:school.test", for: room)
            let outbox = school.homeroom.bot.runtime.outbox
            try await outbox.enqueue(
                adapter: "matrix", target: .channel("#lunch:school.test"), lines: ["Pizza day moved to Friday"],
                idempotencyKey: "alias-test")
            let sender = try #require(school.homeroom.adapter?.sender)
            let delivered = try await OutboxDeliveryWorker(outbox: outbox, sender: sender, logger: TestBot.testLogger())
                .deliverDue()
            #expect(delivered == 1)
            let notice = try await school.bo.waitForMessage(in: room, from: school.botID)
            #expect(notice.body == "Pizza day moved to Friday")
            #expect(notice.messageType == "m.notice")
            #expect(notice.mentionedUsers.isEmpty)
        }
    }
}
