import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomTesting
import Testing

/// Plain language through the whole dispatcher: where it applies, choices, and the yes a change needs.
@Suite struct PlainLanguageTests {
    func withBot(_ body: (TestBot) async throws -> Void) async throws {
        try await TestBot.with(plugins: [AskPlugin.self], body)
    }

    @Test func aQuestionInADirectMessageRunsItsCommand() async throws {
        try await withBot { bot in
            try await bot.expect("what's for lunch tomorrow?", contains: "menu: tomorrow")
            try await bot.expect("¿Qué hay de almuerzo el viernes?", contains: "menu: friday")
            try await bot.expect("when does the chess club meet", contains: "club: chess")
        }
    }

    @Test func inAChannelOnlyWhenAddressed() async throws {
        try await withBot { bot in
            try await bot.expectSilence("what's for lunch tomorrow?", in: "#general")
            try await bot.expectSilence("lunch was great today", in: "#general")
            try await bot.expectSilence("¿qué hay de almuerzo?", in: "#general")
            try await bot.expect("homeroom, what's for lunch tomorrow?", in: "#general", contains: "menu: tomorrow")
            try await bot.expect("@homeroom lunch on friday", in: "#general", contains: "menu: friday")
        }
    }

    @Test func aTypedCommandRunsAsTypedAndClosingPunctuationIsLeftOut() async throws {
        try await withBot { bot in
            try await bot.expect("/menu?", contains: "menu: ")
            try await bot.expect("!menu tomorrow?!", in: "#general", contains: "menu: tomorrow")
            try await bot.expect("/note hello", contains: "note: hello")
            // A change typed without a prefix waits for a yes, as plain words do.
            try await bot.expect("note hello", contains: "That would run /note hello")
            try await bot.expect("yes", contains: "note: hello")
            // Without a prefix in a direct message: the exact path, unless plain language reads more.
            try await bot.expect("menu week", contains: "menu: week")
            try await bot.expect("menu tomorow", contains: "menu: tomorrow")
            try await bot.expect("period now please", contains: "period: ")
            // A subcommand typed by name is meant, whatever its words would read as.
            try await bot.loginAsAdmin()
            try await bot.expect("note clear", from: "console:admin", contains: "That would run /note clear")
        }
    }

    @Test func anUnknownTypedCommandMayStillBeAQuestion() async throws {
        try await withBot { bot in
            try await bot.expect("/what is on the menu today?", contains: "menu: today")
            try await bot.expect("/xyzzy", contains: "no command /xyzzy", error: true)
        }
    }

    @Test func aQuestionMarkAloneGetsTheWelcomeAndAnEmojiNothing() async throws {
        try await withBot { bot in
            try await bot.expect("?", contains: "Ask me about the school in your own words", "• what's for lunch tomorrow?")
            try await bot.expect("¿?", contains: "Ask me about the school")
            try await bot.expectSilence("👍")
            try await bot.expect("hola", contains: "Pregúntame", "¿qué hay de almuerzo mañana?")
            try await bot.expect("thanks!", contains: "You're welcome")
        }
    }

    @Test func nothingMatchedSuggestsThreeQuestionsNeverAnUnknownCommand() async throws {
        try await withBot { bot in
            let reply = try await bot.expect(
                "what colour is the sky", contains: "• what's for lunch tomorrow? (/menu)",
                "• what's happening this week? (/events)", "• when does the chess club meet? (/club)")
            #expect(!reply.text.contains("no command"))
        }
    }

    @Test func choicesArePickedByNumber() async throws {
        try await withBot { bot in
            try await bot.expect(
                "lunch events tomorrow", contains: "Reply with its number", "1. /menu tomorrow — the menu of a day",
                "2. /events tomorrow — the events of a day")
            try await bot.expect("2", contains: "events: tomorrow")
            // A choice is picked once.
            try await bot.expect("2", contains: "I'm not sure")
            try await bot.expect("lunch events", contains: "Reply with its number")
            // A number that is no choice is a new message.
            try await bot.expect("5", contains: "I'm not sure")
            try await bot.expect("lunch events", contains: "Reply with its number")
            bot.clock.advance(by: 11 * 60)
            // Choices are forgotten after ten minutes.
            try await bot.expect("1", contains: "I'm not sure")
        }
    }

    @Test func aChangeRunsOnlyAfterAYes() async throws {
        try await withBot { bot in
            let asked = try await bot.expect(
                "remember to bring a coat", contains: "That would run /note bring coat", "Reply yes")
            #expect(asked.visibility == .sender)
            try await bot.expect("yes", contains: "note: bring coat")
            // A yes runs it once.
            try await bot.expect("yes", contains: "I'm not sure")
            try await bot.expect("remember to bring a coat", contains: "That would run")
            try await bot.expect("no", contains: "OK, I left it: /note bring coat did not run")
            try await bot.expect("remember to bring a coat", contains: "That would run")
            try await bot.expect("/menu", contains: "menu: ")
            // A typed command in between drops the question.
            try await bot.expect("yes", contains: "I'm not sure")
            try await bot.expect("remember the milk", from: "console:a", contains: "That would run")
            // A yes counts for its asker alone.
            try await bot.expect("yes", from: "console:b", contains: "I'm not sure")
        }
    }

    @Test func aRestrictedCommandIsNeverRunFromPlainWordsWithoutAYes() async throws {
        try await withBot { bot in
            try await bot.loginAsAdmin()
            try await bot.expect("clear notes", from: "console:admin", contains: "That would run /note clear")
            try await bot.expect("sí", from: "console:admin", contains: "note clear: ")
            try await bot.expect("clear notes", from: "console:student", contains: "That would run /note clear")
            try await bot.expect("yes", contains: "you need the note.clear permission", error: true)
        }
    }

    @Test func aPINIsNeverRead() async throws {
        try await withBot { bot in
            let reply = try #require(await bot.send("my pin is 4821"))
            #expect(!reply.text.contains("4821"))
            #expect(!reply.text.contains("logged in"))
        }
    }
}
