import HomeroomCore
import HomeroomEngine
import HomeroomRuntime
import HomeroomTesting
import SQLKit
import Testing

/// The language of each answer: the person's choice, kept across restarts and shared by their
/// linked accounts, else the channel's, else the school's; `/me forget` removes the choice.
@Suite struct LanguageChoiceTests {
    /// The language of the answer to `text`.
    static func language(
        of text: String, _ bot: TestBot, from user: String = "console:ana", in channel: String? = nil
    ) async throws -> Language {
        let reply = try #require(await bot.send(text, from: user, in: channel))
        return try #require(reply.language)
    }

    @Test func aPersonsChoiceHoldsAcrossARestartAndForEveryLinkedAccount() async throws {
        try await TestBot.with { bot in
            #expect(try await Self.language(of: "/help", bot) == .english)
            let chosen = try await bot.expect("/me language es", from: "console:ana")
            #expect(chosen.language == .spanish)
            #expect(chosen.text.contains("Español"))
            #expect(try await Self.language(of: "/help", bot) == .spanish)

            let answer = try await bot.expect("/link", from: "console:ana")
            let code = try #require(answer.text.firstMatch(of: /([0-9A-Z]{4}-[0-9A-Z]{4})/)).1
            _ = try await bot.expect("/link \(code)", from: "slack:T1:U9", verified: true)
            #expect(try await Self.language(of: "/help", bot, from: "slack:T1:U9") == .spanish)

            let restarted = try await bot.restarted()
            #expect(try await Self.language(of: "/help", restarted) == .spanish)
            #expect(try await Self.language(of: "/help", restarted, from: "slack:T1:U9") == .spanish)
            await restarted.runtime.close()
        }
    }

    @Test func forgettingAPersonForgetsTheirLanguage() async throws {
        try await TestBot.with { bot in
            try await bot.expect("/language vi", from: "console:ana")
            #expect(try await Self.language(of: "/help", bot) == .vietnamese)
            try await bot.expect("/me forget", from: "console:ana")
            try await bot.expect("/me forget yes", from: "console:ana")
            #expect(try await Self.language(of: "/help", bot) == .english)
            let rows = try await bot.runtime.database.read { db in
                try await db.select().column("person").from("core_person_languages").all()
            }
            #expect(rows.isEmpty)
        }
    }

    @Test func aChannelsLanguageServesThoseWhoChoseNone() async throws {
        try await TestBot.with { bot in
            try await bot.loginAsAdmin()
            let set = try await bot.expect("/admin language ar", from: "console:admin", in: "#class")
            #expect(set.language == .arabic)
            #expect(try await Self.language(of: "/help", bot, from: "console:ben", in: "#class") == .arabic)
            #expect(try await Self.language(of: "/help", bot, from: "console:ben") == .english)
            try await bot.expect("/me language es", from: "console:ana")
            #expect(try await Self.language(of: "/help", bot, from: "console:ana", in: "#class") == .spanish)
            try await bot.expect("/admin language default", from: "console:admin", in: "#class")
            #expect(try await Self.language(of: "/help", bot, from: "console:ben", in: "#class") == .english)
            try await bot.expect("/admin disabled", from: "console:admin", in: "#class", contains: "#class")
        }
    }

    @Test func theSchoolsLanguageIsTheDefault() async throws {
        try await TestBot.with(configure: { $0.language = "zh-Hans" }) { bot in
            #expect(try await Self.language(of: "/help", bot) == .chinese)
            #expect(try await Self.language(of: "/nosuchcommand", bot) == .chinese)
            try await bot.expect("/me language en", from: "console:ana")
            #expect(try await Self.language(of: "/help", bot) == .english)
        }
    }

    @Test func aLanguageNobodyShipsIsRefusedWithTheChoices() async throws {
        try await TestBot.with { bot in
            let refusal = try await bot.expect("/me language klingon", from: "console:ana", error: true)
            #expect(refusal.text.contains("klingon"))
            #expect(refusal.text.contains("es Español"))
            try await bot.loginAsAdmin()
            try await bot.expect("/admin language es", from: "console:admin", error: true)
            #expect(try await Self.language(of: "/help", bot) == .english)
        }
    }

    @Test func anUnknownSchoolLanguageIsAConfigurationError() throws {
        var configuration = TestBot.testConfiguration()
        configuration.language = "tlh"
        #expect(throws: (any Error).self) { try configuration.resolve() }
    }
}
