import HomeroomCore
import HomeroomEngine

/// How a channel answer names whom it answers, within the relayed line's byte budget:
/// `alice, bob: Lunch Tue Nov 24: …` on its first line, and the short line that points late
/// askers to an answer that went out: `carol, dave: see the answer just above`. The names ("and 3
/// others") and the pointer are said in the answer's language.
enum IRCAddressing {
    /// Bytes a channel answer leaves free on its first line for the names, so that a few names
    /// fit without cutting the line in two.
    static func reservedForNames(budget: Int) -> Int { min(64, budget / 4) }

    /// `pieces` (each at most `budget` bytes) with the names leading the first; a first line
    /// that grows past the budget is cut again. The names are counted in `language`.
    static func addressed(
        _ pieces: [String], to names: [String], others: Int, budget: Int, language: Language = .english
    ) -> [String] {
        guard let first = pieces.first, !names.isEmpty else { return pieces }
        // The names may take the room the first line leaves, and at least three quarters of a
        // line, so that a class is named in full where it can be.
        let room = max(budget - first.utf8.count - 2, budget * 3 / 4)
        let lead = AddresseeList.text(names, others: others, room: room, Words(.engine, language)) + ": " + first
        return ReplySplitter.split(lead, budget: budget) + pieces.dropFirst()
    }

    /// The line naming late askers, in `language`, within `budget` bytes.
    static func pointer(to names: [String], budget: Int, language: Language = .english) -> String {
        let words = Words(.irc, language)
        // The sentence's own bytes, with an empty list of names marked as the names will be.
        let room = budget - pointer(names: "", words).utf8.count
        let line = pointer(names: AddresseeList.text(names, room: room, Words(.engine, language)), words)
        // One name always shows: a long one in a long sentence is cut rather than left to the server.
        return ReplySplitter.split(line, budget: budget).first ?? line
    }

    /// "carol, dave: see the answer just above".
    private static func pointer(names: String, _ words: Words) -> String {
        words("{names}: see the answer just above", ["names": names])
    }
}
