import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomMatrix
import HomeroomStorage
import HomeroomTestbed
import HomeroomTesting
import Lunch
import Testing

/// Two instances on one PostgreSQL database, each with its Matrix adapter for the same account on
/// a real Synapse: only the one holding the account's duty syncs, so each question is answered
/// once, and the other takes over when the holder loses its lease, sending what the holder had
/// kept: a burst asked across the handover is answered once each.
@Suite(
    .enabled(if: SynapseServer.isInstalled, "needs Synapse in .build-venv/synapse (Scripts/test installs it)"),
    .enabled(if: TemporaryDatabase.postgresServerURL != nil, "needs HOMEROOM_TEST_POSTGRES_URL"))
struct MatrixDutyTests {
    /// One instance: a roster with a short lease (so a takeover is quick), its status board and its adapter.
    struct Instance {
        let roster: LeaseRoster
        let status: AdapterStatusBoard
        let adapter: MatrixAdapter

        init(_ name: String, bot: TestBot, account: MatrixAccountSettings) {
            roster = LeaseRoster(
                database: bot.runtime.database, clock: SystemClock(), instanceID: name, leaseLifetime: .seconds(3),
                renewInterval: .milliseconds(300), logger: TestBot.testLogger())
            status = AdapterStatusBoard()
            var settings = MatrixSettings()
            settings.accounts = [account]
            adapter = MatrixAdapter(
                settings: settings, dispatcher: bot.runtime.dispatcher, adapterStatus: status, roster: roster,
                outbox: nil, clock: SystemClock(), logger: TestBot.testLogger())
        }

        var state: AdapterStatus.State? { status.snapshot["matrix/school"]?.state }

        /// Renews this roster's leases by hand, every 300 ms, until the task is cancelled (then
        /// the leases are not released: they run out, as when the process hangs).
        func renewing() -> Task<Void, Never> {
            Task {
                while !Task.isCancelled {
                    await roster.tick()
                    try? await Task.sleep(for: .milliseconds(300))
                }
            }
        }
    }

    @Test func onlyTheHolderSyncsAndTheOtherTakesOverWhenItsLeaseRunsOut() async throws {
        try await SynapseServer.with { server in
            let botAccount = try await server.register(localpart: "homeroom")
            let ada = try await server.student("ada")
            let account = MatrixHomeroom.account(on: server, as: botAccount)
            try await TestBot.with(plugins: [LunchPlugin.self], backend: .postgres) { bot in
                try await MatrixHomeroom.setLunchMenu(on: bot)
                let first = Instance("first", bot: bot, account: account)
                let second = Instance("second", bot: bot, account: account)
                let firstAdapter = Task { try? await first.adapter.run() }
                let firstRenewing = first.renewing()
                defer {
                    firstAdapter.cancel()
                    firstRenewing.cancel()
                }
                try await eventually("the first instance is up", within: .seconds(60)) { first.state == .up }
                let secondRuns = Task {
                    await withDiscardingTaskGroup { group in
                        group.addTask { await second.roster.run() }
                        group.addTask { try? await second.adapter.run() }
                    }
                }
                defer { secondRuns.cancel() }

                let room = try await ada.createRoom(name: "Lunch", invite: [botAccount.userID])
                try await ada.waitUntil(botAccount.userID, is: "join", in: room)
                let asked = try await ada.send(text: "!lunch", to: room)
                _ = try await ada.waitForMessage(in: room, from: botAccount.userID) { $0.inReplyTo == asked }
                #expect(first.state == .up)
                #expect(second.state == .standby)

                // The first instance stops renewing: its lease runs out and the second syncs.
                firstRenewing.cancel()
                try await eventually("the second instance is up", within: .seconds(60)) { second.state == .up }
                let askedAgain = try await ada.send(text: "!lunch tomorrow", to: room)
                _ = try await ada.waitForMessage(in: room, from: botAccount.userID) { $0.inReplyTo == askedAgain }
                let answers = try await ada.messages(in: room, from: botAccount.userID)
                let repliesTo = answers.map { $0["m.relates_to"]?["m.in_reply_to"]?["event_id"]?.string }
                #expect(repliesTo == [asked, askedAgain], "each question answered once: \(answers)")
                #expect(first.state == .standby)
            }
        }
    }

    @Test func aBurstAskedAcrossAHandoverIsAnsweredOnceEach() async throws {
        try await SynapseServer.with { server in
            let botAccount = try await server.register(localpart: "homeroom")
            let ada = try await server.student("ada")
            let account = MatrixHomeroom.account(on: server, as: botAccount)
            try await TestBot.with(plugins: [LunchPlugin.self], backend: .postgres) { bot in
                let first = Instance("first", bot: bot, account: account)
                let second = Instance("second", bot: bot, account: account)
                let firstAdapter = Task { try? await first.adapter.run() }
                let firstRenewing = first.renewing()
                defer {
                    firstAdapter.cancel()
                    firstRenewing.cancel()
                }
                try await eventually("the first instance is up", within: .seconds(60)) { first.state == .up }
                let secondRuns = Task {
                    await withDiscardingTaskGroup { group in
                        group.addTask { await second.roster.run() }
                        group.addTask { try? await second.adapter.run() }
                    }
                }
                defer { secondRuns.cancel() }
                let direct = try await ada.createRoom(invite: [botAccount.userID], isDirect: true)
                try await ada.waitUntil(botAccount.userID, is: "join", in: direct)

                // Sixteen questions, each about another day; the first instance stops renewing its
                // lease once the first answer is out, and the second takes the account over.
                var asked: [String] = []
                for day in 1...16 {
                    asked.append(try await ada.send(text: "lunch 2026-12-\(String(format: "%02d", day))", to: direct))
                }
                try await eventually("a first answer", within: .seconds(60), every: .milliseconds(20)) {
                    try await !ada.messages(in: direct, from: botAccount.userID).isEmpty
                }
                firstRenewing.cancel()
                try await eventually("the second instance is up", within: .seconds(60)) { second.state == .up }
                for question in asked {
                    _ = try await ada.waitForMessage(in: direct, from: botAccount.userID, timeout: .seconds(90)) {
                        $0.inReplyTo == question
                    }
                }
                let answers = try await ada.messages(in: direct, from: botAccount.userID)
                let repliesTo = answers.compactMap { $0["m.relates_to"]?["m.in_reply_to"]?["event_id"]?.string }
                #expect(repliesTo.sorted() == asked.sorted(), "each question answered once: \(answers)")
                #expect(answers.count == asked.count)
            }
        }
    }
}
