import Foundation
import HomeroomIRC
import HomeroomTestbed
import HomeroomTesting
import Testing

extension ScaleOutTests {
    /// The IRC connection is a duty: three instances configured with the same network put one bot
    /// in the channel, and when its instance is killed another one's bot takes its place.
    @Suite(.enabled(if: NgircdServer.isInstalled, "needs ngircd (Scripts/test installs it)"))
    struct IRCDutyTests {
        static let duty = "irc:\(ScaleOutSchool.network)"

        @Test func threeInstancesPutOneBotInTheChannelAndItAnswersOnce() async throws {
            try await Self.withSchool { cluster, pupil in
                // Settled: a bot is in, and a whole lease lifetime later still only one.
                try await eventually("a bot joined \(ScaleOutSchool.channel)", within: .seconds(30)) {
                    try await !Self.bots(seenBy: pupil).isEmpty
                }
                var most = 0
                let settled = ContinuousClock.now + .seconds(7)
                while ContinuousClock.now < settled {
                    most = max(most, try await Self.bots(seenBy: pupil).count)
                    try await Task.sleep(for: .milliseconds(500))
                }
                let bots = try await Self.bots(seenBy: pupil)
                print("scale-out: bots in \(ScaleOutSchool.channel) after settling: \(bots) (at most \(most) at once)")
                #expect(bots.count == 1, "\(bots)")
                #expect(most == 1, "at most one bot at any time")
                let holders = await cluster.holders(of: Self.duty).map(\.name)
                #expect(holders.count == 1, "held by \(holders)")

                let asked = pupil.received.count
                try await pupil.send("PRIVMSG \(ScaleOutSchool.channel) :!lunch")
                try await eventually("an answer to !lunch", within: .seconds(15)) {
                    !Self.answers(in: pupil, since: asked).isEmpty
                }
                let answers = try await Self.answersBeforeALaterQuestion(in: pupil, since: asked)
                let answeringBots = Set(answers.map(\.nick))
                print("scale-out: !lunch answered by \(answeringBots.sorted()) with \(answers.count) line(s)")
                #expect(answeringBots.count == 1, "\(answers)")
                #expect(Set(answers.map(\.text)).count == answers.count, "no line twice: \(answers)")
            }
        }

        @Test func aBotIsBackAndAnsweringWithinFifteenSecondsAfterItsInstanceIsKilled() async throws {
            try await Self.withSchool { cluster, pupil in
                let holder = try await cluster.waitForHolder(of: Self.duty)
                try await eventually("a bot joined \(ScaleOutSchool.channel)", within: .seconds(30)) {
                    try await !Self.bots(seenBy: pupil).isEmpty
                }
                let before = pupil.received.count
                let killedAt = ContinuousClock.now
                await holder.kill()

                try await eventually("a bot joined again after the kill", within: .seconds(30)) {
                    pupil.received.dropFirst(before).contains { line in
                        line.message.command == "JOIN" && Self.isBot(line.message.sourceNick)
                            && line.arrivedAt > killedAt
                    }
                }
                let joinedAt = ContinuousClock.now
                let asked = pupil.received.count
                try await pupil.send("PRIVMSG \(ScaleOutSchool.channel) :!lunch")
                try await eventually("an answer to !lunch after the failover", within: .seconds(15)) {
                    !Self.answers(in: pupil, since: asked).isEmpty
                }
                let answer = try #require(Self.answers(in: pupil, since: asked).first)
                let failover = answer.arrivedAt - killedAt
                let successor = await cluster.holder(of: Self.duty)
                print(
                    "scale-out: killed \(holder.name) (kill -9), which held \(Self.duty); a bot rejoined after "
                        + "\(milliseconds(joinedAt - killedAt)) ms and answered !lunch \(milliseconds(failover)) ms "
                        + "after the kill; \(successor?.name ?? "?") holds it now")
                #expect(failover <= .seconds(15), "failover took \(failover)")
                #expect(successor != nil && successor !== holder)
                let bots = try await Self.bots(seenBy: pupil)
                #expect(bots.count == 1, "\(bots)")
            }
        }

        @Test func aPausedHolderThatWakesAfterLosingItsLeaseLeavesTheChannelToItsSuccessor() async throws {
            try await Self.withSchool { cluster, pupil in
                let holder = try await cluster.waitForHolder(of: Self.duty)
                try await eventually("a bot joined \(ScaleOutSchool.channel)", within: .seconds(30)) {
                    try await !Self.bots(seenBy: pupil).isEmpty
                }
                let before = pupil.received.count
                let pausedAt = ContinuousClock.now
                holder.pause()
                // Its connection stays open (the server has not timed it out), so the successor's bot
                // joins beside the paused one.
                let successor: HomeroomInstance
                do {
                    successor = try await cluster.waitForHolder(of: Self.duty)
                    try await eventually("the successor's bot joined", within: .seconds(30)) {
                        pupil.received.dropFirst(before).contains { line in
                            line.message.command == "JOIN" && Self.isBot(line.message.sourceNick)
                                && line.arrivedAt > pausedAt
                        }
                    }
                } catch {
                    holder.resume()
                    throw error
                }
                let beside = try await Self.bots(seenBy: pupil)
                let resumedAt = ContinuousClock.now
                holder.resume()
                try await eventually("the woken instance's bot left", within: .seconds(15)) {
                    try await Self.bots(seenBy: pupil).count == 1
                }
                let left = ContinuousClock.now - resumedAt
                let asked = pupil.received.count
                try await pupil.send("PRIVMSG \(ScaleOutSchool.channel) :!lunch")
                try await eventually("an answer to !lunch", within: .seconds(15)) {
                    !Self.answers(in: pupil, since: asked).isEmpty
                }
                let answeringBots = Set(try await Self.answersBeforeALaterQuestion(in: pupil, since: asked).map(\.nick))
                let holders = await cluster.holders(of: Self.duty)
                print(
                    "scale-out: paused \(holder.name) (SIGSTOP); \(successor.name) took \(Self.duty) and its bot "
                        + "joined beside it (\(beside)); woken (SIGCONT), \(holder.name)'s bot left after "
                        + "\(milliseconds(left)) ms; !lunch answered by \(answeringBots.sorted())")
                #expect(successor !== holder)
                #expect(holders.map(\.name) == [successor.name], "held by \(holders.map(\.name))")
                #expect(answeringBots.count == 1)
            }
        }

        /// A line a bot said in the channel.
        struct Answer: CustomStringConvertible {
            let nick: String
            let text: String
            let arrivedAt: ContinuousClock.Instant

            var description: String { "<\(nick)> \(text)" }
        }

        /// Runs `body` with ngircd, three instances connecting to it, and a pupil in the channel.
        static func withSchool(_ body: (HomeroomCluster, ClassroomStudent) async throws -> Void) async throws {
            let server = try NgircdServer()
            do {
                try await server.start()
                try await ScaleOutSchool.withCluster(ircPort: server.port) { cluster, _ in
                    try await ClassroomStudent.with(port: server.port, nick: "pupil", channel: ScaleOutSchool.channel) {
                        pupil in
                        try await body(cluster, pupil)
                    }
                }
                await server.remove()
            } catch {
                await server.remove()
                throw error
            }
        }

        /// True for the bot's nick and the ones a second bot would take (`homeroom_`, …).
        static func isBot(_ nick: String?) -> Bool { nick?.hasPrefix(ScaleOutSchool.nick) ?? false }

        /// The bots in the channel, as `NAMES` shows them to the pupil now.
        static func bots(seenBy pupil: ClassroomStudent) async throws -> [String] {
            let asked = pupil.received.count
            try await pupil.send("NAMES \(ScaleOutSchool.channel)")
            try await eventually("the end of NAMES", within: .seconds(10)) {
                pupil.received.dropFirst(asked).contains { $0.message.command == "366" }
            }
            return pupil.received.dropFirst(asked).filter { $0.message.command == "353" }.flatMap {
                ($0.message.parameters.last ?? "").split(separator: " ").map {
                    String($0.trimmingPrefix(while: { "@+%~&".contains($0) }))
                }
            }.filter { isBot($0) }.sorted()
        }

        /// Asks `!lunch week` in the channel, waits until every bot there has answered it, and
        /// returns what each bot said in the channel since the pupil's `index`-th line before that
        /// answer: all it will ever say about the questions asked before.
        ///
        /// This cannot pass by luck. A bot writes a channel's answers in the order their questions
        /// came, so a copy of an earlier answer, however late, comes before the bot's answer to the
        /// week. A second bot that heard an earlier question and is still in the channel hears this
        /// one too, and the `NAMES` asked right after it lists that bot, so the wait is for its
        /// answer as well. A day's answer never looks like the week's, which spans two dates
        /// ("Lunch Mon Nov 30 – Fri Dec 4: …").
        static func answersBeforeALaterQuestion(in pupil: ClassroomStudent, since index: Int) async throws -> [Answer] {
            try await pupil.send("PRIVMSG \(ScaleOutSchool.channel) :!lunch week")
            let present = try await bots(seenBy: pupil)
            var before: [Answer] = []
            var answered: Set<String> = []
            try await eventually(
                "every bot in the channel (\(present)) answered !lunch week; answered: \(answered.sorted())",
                within: .seconds(15)
            ) {
                before = []
                answered = []
                let said = answers(in: pupil, since: index)
                for answer in said {
                    if answer.text.contains(" – ") {
                        answered.insert(answer.nick)
                    } else if !answered.contains(answer.nick) {
                        before.append(answer)
                    }
                }
                return answered.isSuperset(of: present + said.map(\.nick))
            }
            return before
        }

        /// What bots said in the channel since the pupil's `index`-th line.
        static func answers(in pupil: ClassroomStudent, since index: Int) -> [Answer] {
            pupil.received.dropFirst(index).compactMap { line in
                guard line.message.command == "PRIVMSG", line.message.parameter(0) == ScaleOutSchool.channel,
                    let nick = line.message.sourceNick, isBot(nick)
                else { return nil }
                return Answer(nick: nick, text: line.message.parameter(1) ?? "", arrivedAt: line.arrivedAt)
            }
        }
    }
}
