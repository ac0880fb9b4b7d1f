import HomeroomCore
import HomeroomTesting
import Testing

@Suite struct TestBotTests {
    @Test func expectationsFailWithTheReplyThatCame() async throws {
        let bot = try await TestBot.start()
        let wrong = await #expect(throws: ReplyExpectationFailure.self) {
            try await bot.expect("/help", contains: "/nothing-like-this")
        }
        #expect(wrong?.description.contains("missing \"/nothing-like-this\"") == true)
        #expect(wrong?.description.contains("Commands you can use") == true)
        await #expect(throws: ReplyExpectationFailure.self) { try await bot.expect("just chatting", in: "#general") }
        await #expect(throws: ReplyExpectationFailure.self) { try await bot.expectSilence("/help") }
        await #expect(throws: ReplyExpectationFailure.self) { try await bot.expect("/nope") }
        try await bot.expect("/nope", contains: "no command /nope", error: true)
        await bot.stop()
    }

    @Test func eachBotHasItsOwnDatabase() async throws {
        let first = try await TestBot.start()
        let second = try await TestBot.start()
        #expect(first.database.location != second.database.location)
        try await first.loginAsAdmin()
        #expect(try await second.runtime.access.roles(of: UserID("console:admin")!).isEmpty)
        await first.stop()
        await second.stop()
    }
}
