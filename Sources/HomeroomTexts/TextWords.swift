import HomeroomCore

/// What the texts adapter says itself, in a person's language: its answers to the carrier
/// keywords and the note that more of an answer waits.
struct TextWords {
    let words: Words
    /// The prefix commands are written with (`/`).
    let prefix: String

    /// The texts adapter's words in `language`.
    init(_ language: Language, prefix: String) {
        words = Words(.texts, language)
        self.prefix = prefix
    }

    /// The answer to STOP: the opt-out is confirmed, and how to undo it.
    func optedOut(school: String) -> String {
        words(
            "{school}: you will get no more texts from us. Reply START to get them again.", ["school": school])
    }

    /// The answer to START.
    func optedIn(school: String) -> String {
        words(
            "{school}: you will get our texts again. Reply HELP for help, STOP to stop them.", ["school": school])
    }

    /// The answer to HELP: who sends the texts, how to reach the school, how to ask and how to stop.
    func help(school: String, contact: String?) -> String {
        guard let contact, !contact.isEmpty else {
            return words(
                "{school}: text a question such as \"what is for lunch?\", or {help} for the list. Reply STOP to stop texts.",
                ["school": school, "help": prefix + "help"])
        }
        return words(
            "{school} ({contact}): text a question such as \"what is for lunch?\", or {help} for the list. Reply STOP to stop texts.",
            ["school": school, "contact": contact, "help": prefix + "help"])
    }

    /// The last line of a page with `remaining` pages after it.
    func more(remaining: Int) -> String {
        words.plural(
            "Reply MORE for the rest ({count} more text).", "Reply MORE for the rest ({count} more texts).",
            count: remaining)
    }

    /// The answer to MORE when nothing is kept.
    var nothingMore: String {
        words("Nothing more to show. Text a question, or {help} for the list.", ["help": prefix + "help"])
    }
}
