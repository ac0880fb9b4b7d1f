import HomeroomCore

/// Commands for the IRC tests: `echo WORDS` answers the words; `long` answers 60 lines of
/// multi-byte text, some longer than an IRC line; `secret` answers only the sender; `diary`
/// answers only the sender, in short in a channel; `staff` answers only those whose role grants it.
struct TalkPlugin: PluginWithoutSettings {
    static let id = "talk"

    var personalData: PersonalData { .keepsNothing }

    /// The 60 lines `long` answers.
    static let longLines: [String] = (1...60).map { index in
        let words = String(repeating: "crème brûlée 🍎 ", count: index % 7 == 0 ? 40 : 2)
        return "line \(index): \(words)end \(index)"
    }

    var commands: [Command] {
        [
            Command("echo", summary: "answer the words") { context in
                Reply(context.arguments.joined(separator: " "))
            },
            Command("long", summary: "answer 60 lines") { _ in Reply(lines: Self.longLines) },
            Command("secret", summary: "answer privately") { _ in .privately("only for you") },
            Command("diary", summary: "a private page, in short in a channel") { _ in
                Reply(lines: ["diary 1", "diary 2", "diary 3"], visibility: .sender, channelLines: ["diary in short"])
            },
            Command("staff", summary: "a word for staff", access: .restricted) { _ in Reply("staff room") },
        ]
    }
}
