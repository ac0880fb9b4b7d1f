import HomeroomCore

/// A plugin that answers plain questions in English and Spanish by saying exactly what it was
/// asked: each command answers with its name and arguments, so a test reads the reading.
struct AskPlugin: ConfigurablePlugin {
    static let id = "ask"

    struct Settings: Decodable, Sendable {}
    init(settings: Settings) {}

    var personalData: PersonalData { .keepsNothing }

    /// What each command answers: `NAME: ARGUMENTS`.
    static func says(_ name: String) -> Command.Handler {
        { context in Reply("\(name): \(context.arguments.joined(separator: " "))") }
    }

    var commands: [Command] {
        [
            Command("menu", summary: "the menu of a day", usage: "[DATE | week]", handler: Self.says("menu")),
            Command("events", summary: "the events of a day", usage: "[DATE | week]", handler: Self.says("events")),
            Command("club", summary: "one club", usage: "NAME", handler: Self.says("club")),
            Command("story", summary: "a story", usage: "[NUMBER]", handler: Self.says("story")),
            Command("period", summary: "the period now", handler: Self.says("period")),
            Command(
                "note", summary: "keep a note (changes something)", usage: "WORDS",
                subcommands: [
                    Command("clear", summary: "forget every note", access: .restricted, handler: Self.says("note clear"))
                ], handler: Self.says("note")),
        ]
    }

    var plainQuestions: [PlainQuestions] {
        [
            PlainQuestions(
                "en",
                [
                    PlainQuestion(
                        "menu", keywords: ["menu", "lunch", "eat"], hints: ["hungry"], argument: .dayOrWeek,
                        example: "what's for lunch tomorrow?"),
                    PlainQuestion(
                        "events", keywords: ["events", "happening"], argument: .dayOrWeek,
                        example: "what's happening this week?"),
                    PlainQuestion(
                        "club", keywords: ["club", "meet"], argument: .words(required: true),
                        example: "when does the chess club meet?"),
                    PlainQuestion(
                        "story", keywords: ["story", "news"], argument: .number, example: "read story 2"),
                    PlainQuestion("period", keywords: ["period", "right now"], example: "what period is it?"),
                    PlainQuestion(
                        "note", keywords: ["note", "remember"], argument: .words(required: true), changes: true,
                        example: "remember to bring a coat"),
                    PlainQuestion("note clear", keywords: ["clear notes"], example: "clear notes"),
                    PlainQuestion("nothing", keywords: ["nothing"], example: "a question no command answers"),
                ]),
            PlainQuestions(
                "es",
                [
                    PlainQuestion(
                        "menu", keywords: ["almuerzo", "comer", "menu"], argument: .dayOrWeek,
                        example: "¿qué hay de almuerzo mañana?"),
                    PlainQuestion(
                        "club", keywords: ["club", "se reune"], argument: .words(required: true),
                        example: "¿cuándo se reúne el club de ajedrez?"),
                ],
                glossary: ["ajedrez": "chess", "salon": "", "el salon": "", "salon de arte": "art"]),
            PlainQuestions("xx", [PlainQuestion("menu", keywords: ["xx"], example: "xx")]),
        ]
    }
}
