import HomeroomCore

/// The answers kept for `!more`: the lines of an answer not shown yet, by conversation and
/// person, at most `capacity` answers at one time (a new one replaces the oldest). A value: the
/// ``ConversationMachine`` keeps one, with keys folded by the platform's case rules.
package struct MoreBook: Sendable {
    /// Whose kept lines: a conversation (a channel, or a nick for a direct message or a notice)
    /// and the person asking there, each folded.
    package struct Key: Hashable, Sendable {
        /// The channel or nick, folded.
        package let conversation: String
        /// The asker's nick, folded.
        package let person: String

        /// The key of what `person` keeps in `conversation`, both folded.
        package init(conversation: String, person: String) {
            self.conversation = conversation
            self.person = person
        }
    }

    /// The lines one `!more` takes, and how many are left after them.
    package struct Page: Sendable, Equatable {
        /// The lines taken.
        package let lines: [String]
        /// Kept lines still waiting.
        package let remaining: Int
        /// The language of the answer they were kept from (nil: English): what the adapter adds to
        /// the page is said in it.
        package let language: Language?

        /// `lines` taken from an answer in `language`, with `remaining` still waiting.
        package init(lines: [String], remaining: Int, language: Language? = nil) {
            self.lines = lines
            self.remaining = remaining
            self.language = language
        }
    }

    private struct Kept {
        var lines: [String]
        let language: Language?
        /// When it was kept, counted in answers: the lowest is the oldest.
        let order: Int
    }

    /// Answers kept at one time at most (at least one).
    package let capacity: Int
    private var kept: [Key: Kept] = [:]
    private var keptSoFar = 0

    /// An empty book holding at most `capacity` answers.
    package init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// How many answers are kept.
    package var count: Int { kept.count }

    /// Keeps `lines` of an answer in `language` for the next `!more` under `key`, in place of what
    /// was kept there; no lines forget what was kept there.
    package mutating func keep(_ lines: [String], for key: Key, language: Language? = nil) {
        guard !lines.isEmpty else {
            kept[key] = nil
            return
        }
        if kept[key] == nil, kept.count >= capacity, let oldest = kept.min(by: { $0.value.order < $1.value.order })?.key
        {
            kept[oldest] = nil
        }
        keptSoFar &+= 1
        kept[key] = Kept(lines: lines, language: language, order: keptSoFar)
    }

    /// Takes up to `count` kept lines under `key`; nil when nothing is kept there.
    package mutating func take(_ count: Int, for key: Key) -> Page? {
        guard let answer = kept[key] else { return nil }
        let taken = Array(answer.lines.prefix(max(0, count)))
        let rest = Array(answer.lines.dropFirst(max(0, count)))
        kept[key]?.lines = rest
        if rest.isEmpty { kept[key] = nil }
        return Page(lines: taken, remaining: rest.count, language: answer.language)
    }
}
