import HomeroomCore

/// What plain language needs of one language beside the plugins' questions: its filler words, how
/// it says yes, hello, thanks and days, and the answers Homeroom gives in it when it is unsure.
///
/// A language is one value of this type (``english``, ``spanish``): adding one is adding data,
/// with no change to how questions are read. Words are written as people type them; they are
/// compared without case or accents.
package struct LanguageWords: Sendable {
    /// What a day or week phrase means.
    package enum DayMeaning: Sendable, Equatable {
        /// Today plus this many days (`tomorrow`, `pasado mañana`).
        case offset(Int)
        /// The weekday's next date, today included (`friday`, `el viernes`).
        case upcoming(Weekday)
        /// The weekday's next date after today (`next friday`, `el próximo viernes`).
        case following(Weekday)
        /// This week (`this week`, `esta semana`).
        case thisWeek
        /// Next week (`next week`, `la próxima semana`).
        case nextWeek
        /// Not a day at all, though a day word is in it (`por la mañana`, in the morning).
        case notADay
    }

    /// The answers Homeroom gives in this language when it reads no single command.
    package struct Answers: Sendable {
        /// A greeting's answer; `{examples}` becomes one example question per line.
        package let welcome: String
        /// The answer to thanks.
        package let thanks: String
        /// The answer when nothing matched; `{examples}` becomes one example with its command per line.
        package let suggestions: String
        /// Several readings; `{choices}` becomes the numbered lines.
        package let choices: String
        /// A command that changes something; `{command}` is the command it would run.
        package let confirm: String
        /// One example line: `{example}` and `{command}`.
        package let exampleLine: String
        /// One numbered choice: `{number}`, `{command}`, `{summary}`.
        package let choiceLine: String
        /// A pending command the person declined: `{command}`.
        package let declined: String
    }

    /// The ISO 639-1 code.
    package let code: String
    /// Words that carry no meaning of their own in a question (`the`, `what`, `please`).
    package let fillers: Set<String>
    /// Chat spellings and their words (`tmrw` → `tomorrow`, `q` → `que`).
    package let shorthands: [String: String]
    /// Words of other languages its speakers mix in (`school`, `lunch` in Spanish), and the words
    /// they are read as. Unlike a chat spelling, one says nothing of the message's language.
    package var borrowed: [String: String] = [:]
    /// Words that open a new clause of a long message (`I`, `my`, `because`): the words of an
    /// argument ("where is the nurse's office, my son called") end before one.
    package var clauseStarters: Set<String> = []
    /// Digits that stand for a word when a word follows them (`2` → `to` in "get 2 the library").
    package let digitWords: [String: String]
    /// The words of a yes.
    package let yes: Set<String>
    /// The words of a no.
    package let no: Set<String>
    /// Greetings and "what can you do" phrases.
    package let greetings: [String]
    /// Thanks.
    package let thanks: [String]
    /// Day and week phrases and what they mean; weekdays are added from ``weekdays``.
    package let dayPhrases: [(String, DayMeaning)]
    /// The weekday names, Monday first, each with its other spellings.
    package let weekdays: [[String]]
    /// Words before a weekday that mean its next date, today included (`this`, `el`).
    package let upcomingWeekdayPrefixes: [String]
    /// Words before a weekday that mean its next date after today (`next`, `el próximo`).
    package let followingWeekdayPrefixes: [String]
    /// Words after a weekday that mean its next date after today (`que viene`).
    package let followingWeekdaySuffixes: [String]
    /// The month names, January first, each with its abbreviations.
    package let months: [[String]]
    /// Words between a day number and a month (`de` of `3 de diciembre`).
    package let dateConnectors: Set<String>
    /// Numbers and ordinals written as words (`three`, `third`, `tercera`), for an argument that takes a number.
    package let numbers: [String: Int]
    /// How "in N days" is said, with `#` for the number (`in # days`, `dentro de # días`).
    package let daysFromNow: [String]
    /// Words before a day of the month alone (`the` of "the 3rd", `el día` of "el día 5"), and
    /// whether the day must be written as an ordinal (`3rd`) after them.
    package let dayOfMonth: (prefixes: [String], ordinalOnly: Bool)
    /// The answers.
    package let answers: Answers
}
