import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomTelegram
import HomeroomTestbed
import HomeroomTesting
import Testing

/// Telegram's long polling against a loopback Bot API: updates are picked up and answered, a
/// failed call is retried after the backoff (on the polling's own clock), and the offset stored
/// after each batch keeps a restart from answering an update again.
@Suite struct TelegramPollingTests {
    typealias Harness = TelegramHarness

    /// Runs the polling on `clock` (its waits and pacing) while `body` runs, moving the clock on
    /// whenever the polling waits on it.
    static func polling(
        _ telegram: Harness, clock: TestClock, _ body: () async throws -> Void
    ) async throws {
        let polling = try #require(
            TelegramPolling(settings: telegram.web.settings, dependencies: telegram.web.dependencies, clock: clock))
        let roster = Task { await telegram.bot.runtime.roster.run() }
        defer { roster.cancel() }
        let advancing = Task {
            while !Task.isCancelled {
                try await Task.sleep(for: .milliseconds(2))
                if clock.sleeperCount > 0 { clock.advance(by: 0.5) }
            }
        }
        defer { advancing.cancel() }
        try await withRunningService(polling) { try await body() }
    }

    /// The stored offset.
    static func storedOffset(_ telegram: Harness) async throws -> String? {
        let botID = String(TelegramBotAPIServer.token.prefix { $0 != ":" })
        return try await AdapterState(adapter: "telegram", account: botID).value(
            for: "offset", in: telegram.bot.runtime.database)
    }

    @Test func updatesArePickedUpAfterAFailureAndNotAnsweredAgainAfterARestart() async throws {
        let clock = TestClock("2026-11-23T08:00:00-05:00")
        try await Harness.with(mode: .polling, apiClock: clock) { telegram in
            let api = telegram.telegram
            api.failNextCalls(2)
            let first = api.queuePrivateText("/lunch", from: Harness.parent)
            try await Self.polling(telegram, clock: clock) {
                let sent = try await api.messages(count: 1)
                #expect(sent.first?.visibleText.contains("Tacos") == true, "\(sent)")
                #expect(api.getUpdatesCalls >= 3, "two failed calls, then the one that brought the update")
                _ = try await eventually("the offset is stored", within: .seconds(30)) {
                    try await Self.storedOffset(telegram) == String(first + 1)
                }
            }
            // Telegram sends the update again, as if the offset had never reached it, with a new one.
            api.queue(
                TelegramBotAPIServer.update(
                    id: first, text: "/lunch", from: Harness.parent, chatID: Harness.parent, chatType: "private"))
            let second = api.queuePrivateText("what's for lunch today?", from: Harness.parent)
            clock.advance(by: 2)
            try await Self.polling(telegram, clock: clock) {
                let sent = try await api.messages(count: 2)
                #expect(sent.last?.visibleText.contains("Tacos") == true, "\(sent)")
                _ = try await eventually("the offset is stored", within: .seconds(30)) {
                    try await Self.storedOffset(telegram) == String(second + 1)
                }
            }
            #expect(api.messages.count == 2, "the update answered before the restart was not answered again")
            #expect(api.refusals.isEmpty, "\(api.refusals)")
        }
    }
}
