import HomeroomCore
import HomeroomEngine

/// How a channel answer names whom it answers, within the relayed line's byte budget:
/// `alice, bob: Lunch Tue Nov 24: …` on its first line, and the short line that points late
/// askers to an answer that went out: `carol, dave: see the answer just above`.
enum IRCAddressing {
    /// The words of the line that points late askers to the answer.
    static let pointerText = "see the answer just above"

    /// Bytes a channel answer leaves free on its first line for the names, so that a few names
    /// fit without cutting the line in two.
    static func reservedForNames(budget: Int) -> Int { min(64, budget / 4) }

    /// `pieces` (each at most `budget` bytes) with the names leading the first; a first line
    /// that grows past the budget is cut again.
    static func addressed(_ pieces: [String], to names: [String], others: Int, budget: Int) -> [String] {
        guard let first = pieces.first, !names.isEmpty else { return pieces }
        // The names may take the room the first line leaves, and at least three quarters of a
        // line, so that a class is named in full where it can be.
        let room = max(budget - first.utf8.count - 2, budget * 3 / 4)
        let lead = AddresseeList.text(names, others: others, room: room) + ": " + first
        return ReplySplitter.split(lead, budget: budget) + pieces.dropFirst()
    }

    /// The line naming late askers.
    static func pointer(to names: [String], budget: Int) -> String {
        let room = budget - pointerText.utf8.count - 2
        return AddresseeList.text(names, room: room) + ": " + pointerText
    }
}
