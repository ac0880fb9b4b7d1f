import Foundation
import HomeroomCore
import HomeroomTestbed
import HomeroomTesting
import Testing

@testable import HomeroomMatrix

/// `homeroom serve` syncing with a real Synapse, stopped in the middle of a burst of questions —
/// cleanly (SIGTERM) or killed (`kill -9`) — and started again on the same SQLite file: every
/// question is answered exactly once, in direct rooms and in a room of several askers; and a
/// command a crash cut in the middle is not run again, its asker told so.
@Suite(
    .enabled(if: SynapseServer.isInstalled, "needs Synapse in .build-venv/synapse (Scripts/test installs it)"),
    .enabled(if: HomeroomInstance.isBuilt, "needs the homeroom executable (swift build)"))
struct MatrixRestartTests {
    /// How a run is stopped.
    enum Stop {
        case sigterm
        case kill
    }

    @Test func stoppedCleanlyDuringABurstEveryQuestionIsAnsweredOnce() async throws {
        try await Self.burst(stoppedBy: .sigterm)
    }

    @Test func killedDuringABurstEveryQuestionIsAnsweredOnceAfterTheRestart() async throws {
        try await Self.burst(stoppedBy: .kill)
    }

    @Test func killedWhileTenAskersOfOneQuestionWaitEachIsNamedOnce() async throws {
        try await SynapseServer.with { server in
            let botAccount = try await server.register(localpart: "homeroom")
            var students: [MatrixStudent] = []
            for number in 1...10 { students.append(try await server.student("s\(number)")) }
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("matrix-restart-\(UUID())")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let instance = try HomeroomInstance(
                name: "matrix", configuration: Self.configuration(server: server, bot: botAccount, folder: folder))
            defer { Task { await instance.remove() } }
            try await instance.start()
            let botID = botAccount.userID
            let room = try await Self.lunchRoom(of: students, botID: botID)

            try await withThrowingTaskGroup(of: Void.self) { group in
                for student in students {
                    group.addTask { _ = try await student.send(text: "!lunch 2026-12-01", to: room) }
                }
                try await group.waitForAll()
            }
            try await eventually(
                "a first answer; the log ends: \(instance.log.suffix(4000))", within: .seconds(60),
                every: .milliseconds(20)
            ) { try await !students[0].messages(in: room, from: botID).isEmpty }
            await instance.kill()
            try await instance.start()

            // Each asker is named (and mentioned) in exactly one message of the bot's.
            let askers = Set(students.map(\.userID))
            var named: [String: Int] = [:]
            try await eventually(
                "every asker named: \(named); the log ends: \(instance.log.suffix(3000))", within: .seconds(90),
                every: .milliseconds(200)
            ) {
                let messages = try await students[0].messages(in: room, from: botID)
                named = [:]
                for message in messages {
                    for user in message["m.mentions"]?["user_ids"]?.array?.compactMap(\.string) ?? [] {
                        named[user, default: 0] += 1
                    }
                }
                return Set(named.keys) == askers
            }
            #expect(named.values.allSatisfy { $0 == 1 }, "\(named)")
        }
    }

    @Test func aCommandCutInTheMiddleIsNotRunAgainAndItsAskerIsTold() async throws {
        try await MatrixSchool.with { school in
            let room = try await school.lunchRoom()
            _ = try await school.ask("!lunch", in: room, as: school.ada)
            await school.homeroom.stopAdapter()
            let question = try await school.ada.send(text: "!lunch", to: room)
            // What a crash while the command ran leaves: its mark, no answer.
            let bot = school.homeroom.bot
            try await MatrixAnswerStore(account: "school", database: bot.runtime.database, clock: bot.clock).start(
                question,
                .init(
                    roomID: room, asker: MatrixAsker(userID: school.ada.userID, name: "ada", eventID: question),
                    isDirect: false))
            school.homeroom.startAdapter()
            // Beside the other tests' servers and processes, the restarted session may take a while.
            let answer = try await school.ada.waitForMessage(in: room, from: school.botID, timeout: .seconds(90)) {
                $0.inReplyTo == question
            }
            #expect(answer.body.hasSuffix(MatrixNotices.interrupted), "\(answer.body)")
            #expect(!answer.body.contains("Chicken tacos"), "not run again")
            // Another day's menu: the same menu asked again so soon would be folded into the first
            // answer ("see the answer just above"), as in any busy room.
            let later = try await school.ask("!lunch tomorrow", in: room, as: school.bo)
            #expect(later.body.contains("Lunch"), "\(later.body)")
            let replies = try await school.ada.messages(in: room, from: school.botID)
                .compactMap { $0["m.relates_to"]?["m.in_reply_to"]?["event_id"]?.string }
            #expect(replies.filter { $0 == question }.count == 1, "\(replies)")
        }
    }

    /// A room named Lunch, made by the first of `students`, that every other student and the bot
    /// (`botID`) joined.
    static func lunchRoom(of students: [MatrixStudent], botID: String) async throws -> String {
        let room = try await students[0].createRoom(
            name: "Lunch", invite: students.dropFirst().map(\.userID) + [botID])
        for student in students.dropFirst() { _ = try await student.join(room) }
        try await students[0].waitUntil(botID, is: "join", in: room, timeout: .seconds(60))
        return room
    }

    /// Four students each ask four questions in their direct room and two in a shared room, all
    /// at once; the run is stopped (`stop`) once the first answer arrives and started again.
    static func burst(stoppedBy stop: Stop) async throws {
        try await SynapseServer.with { server in
            let botAccount = try await server.register(localpart: "homeroom")
            var students: [MatrixStudent] = []
            for name in ["ada", "bo", "cy", "dee"] { students.append(try await server.student(name)) }
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("matrix-restart-\(UUID())")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let instance = try HomeroomInstance(
                name: "matrix", configuration: configuration(server: server, bot: botAccount, folder: folder))
            defer { Task { await instance.remove() } }
            try await instance.start()

            let botID = botAccount.userID
            let room = try await Self.lunchRoom(of: students, botID: botID)
            var directs: [String] = []
            for student in students {
                let direct = try await student.createRoom(invite: [botID], isDirect: true)
                try await student.waitUntil(botID, is: "join", in: direct, timeout: .seconds(60))
                directs.append(direct)
            }

            // The burst: 16 direct questions and 8 in the room, each about another day (no two
            // answers alike, so none is folded into another).
            let asked = try await withThrowingTaskGroup(of: [(room: String, event: String)].self) { group in
                for (index, student) in students.enumerated() {
                    let direct = directs[index]
                    group.addTask {
                        var events: [(room: String, event: String)] = []
                        for day in 1...4 {
                            events.append((direct, try await student.send(text: "lunch 2026-12-0\(day)", to: direct)))
                        }
                        for day in [5, 6] {
                            let date = "2026-12-\(String(format: "%02d", day + index * 2))"
                            events.append((room, try await student.send(text: "!lunch \(date)", to: room)))
                        }
                        return events
                    }
                }
                var all: [(room: String, event: String)] = []
                for try await events in group { all += events }
                return all
            }
            // Stopped as soon as the first answer is out (read without taking it from the inbox).
            try await eventually(
                "a first answer; the log ends: \(instance.log.suffix(4000))", within: .seconds(60),
                every: .milliseconds(20)
            ) { try await !students[0].messages(in: directs[0], from: botID).isEmpty }
            switch stop {
            case .sigterm:
                let status = await instance.stop()
                #expect(status == 0, "a clean stop; the log ends: \(instance.log.suffix(1500))")
            case .kill:
                await instance.kill()
            }
            try await instance.start()

            // Every question gets its answer, replying to it…
            for (questionRoom, event) in asked {
                do {
                    _ = try await students[reader(of: questionRoom, directs)]
                        .waitForMessage(in: questionRoom, from: botID, timeout: .seconds(90)) { $0.inReplyTo == event }
                } catch {
                    Issue.record(
                        "\(event) in \(questionRoom) is not answered; the log ends: \(instance.log.suffix(4000))")
                    throw error
                }
            }
            // …exactly once, and nothing else is posted.
            for questionRoom in directs + [room] {
                let answers = try await students[reader(of: questionRoom, directs)].messages(
                    in: questionRoom, from: botID)
                let replies = answers.compactMap { $0["m.relates_to"]?["m.in_reply_to"]?["event_id"]?.string }
                let expected = asked.filter { $0.room == questionRoom }.map(\.event)
                #expect(replies.sorted() == expected.sorted(), "in \(questionRoom): \(answers)")
                #expect(answers.count == expected.count, "in \(questionRoom): \(answers)")
            }
            if stop == .sigterm {
                #expect(!instance.log.contains("answers kept from the last session"), "a clean stop sent what waited")
            }
        }
    }

    /// The student (by index) who reads `room`: the owner of a direct room, Ada for the shared room.
    static func reader(of room: String, _ directs: [String]) -> Int {
        directs.firstIndex(of: room) ?? 0
    }

    /// The configuration of the instance: SQLite in `folder`, the webhook server on a free port
    /// (the test waits for it to listen), and the bot's account on `server`, reconnecting quickly.
    static func configuration(server: SynapseServer, bot: SynapseServer.Account, folder: URL) throws -> String {
        let configuration: [String: Any] = [
            "schoolName": "Restart High School",
            "storage": ["sqlite": folder.appendingPathComponent("homeroom.sqlite").path],
            "console": ["enabled": false],
            "logLevel": "info",
            "rateLimit": ["enabled": false],
            "security": ["pinHashRounds": 1000],
            "webhooks": ["port": 0, "api": ["clients": ["kiosk": ["token": "kiosk-token-0123456789abcdef"]]]],
            "matrix": [
                "accounts": [
                    [
                        "name": "school", "homeserver": server.url.absoluteString, "userID": bot.userID,
                        "accessToken": bot.accessToken, "syncTimeoutSeconds": 10, "firstReconnectSeconds": 0.2,
                        "maximumReconnectSeconds": 2,
                    ] as [String: Any]
                ]
            ],
        ]
        let data = try JSONSerialization.data(withJSONObject: configuration, options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }
}
