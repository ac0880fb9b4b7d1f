import HomeroomCore
import Synchronization

/// Reads a misspelt word as the known word it is one edit from (`tomorow` → `tomorrow`,
/// `lnuch` → `lunch`), or two for long words, through an index of each known word's one-letter
/// deletions; it never corrects a word shorter than ``shortest`` or one it knows.
struct SpellingCorrector: Sendable {
    /// The shortest word corrected.
    static let shortest = 4

    private let known: Set<String>
    private let targets: Set<String>
    /// The corrections made lately, since the same misspellings come again and again.
    private let recent = RecentCorrections()
    /// Each one-letter deletion of a target, and the targets it comes from.
    private let deletions: [String: [String]]

    /// A corrector to `targets`, the words that carry meaning; words in `alsoKnown` (fillers)
    /// are never corrected, and never a correction.
    init(targets: Set<String>, alsoKnown: Set<String>) {
        self.targets = targets
        self.known = targets.union(alsoKnown)
        var deletions: [String: [String]] = [:]
        for word in targets.sorted() where word.count >= Self.shortest - 1 {
            for deletion in Self.deletions(of: word) { deletions[deletion, default: []].append(word) }
        }
        self.deletions = deletions
    }

    /// True when `word` is known.
    func knows(_ word: String) -> Bool { known.contains(word) }

    /// The known word `word` is a misspelling of, or nil when it is known, too short, not all
    /// letters, or near none.
    func correction(of word: String) -> String? {
        guard word.utf8.count >= Self.shortest, !known.contains(word) else { return nil }
        if let remembered = recent.correction(of: word) { return remembered }
        guard word.allSatisfy(\.isLetter) else { return nil }
        let corrected = nearest(to: word)
        recent.remember(corrected, for: word)
        return corrected
    }

    private func nearest(to word: String) -> String? {
        guard word.count >= Self.shortest else { return nil }
        var candidates = Set(deletions[word] ?? [])
        for deletion in Self.deletions(of: word) {
            if targets.contains(deletion) { candidates.insert(deletion) }
            candidates.formUnion(deletions[deletion] ?? [])
        }
        let limit = word.count >= 8 ? 2 : 1
        let scored = candidates.map { ($0, EditDistance.between(word, $0)) }.filter { $0.1 <= limit }
        guard let best = scored.map(\.1).min() else { return nil }
        let nearest = scored.filter { $0.1 == best }.map(\.0).sorted()
        // Equally near words: those sharing the first letter, if any does, then the shortest
        // (`buss` is `bus` before `buses`), then the first in alphabetical order.
        let sameStart = nearest.filter { $0.first == word.first }
        return (sameStart.isEmpty ? nearest : sameStart).min { ($0.count, $0) < ($1.count, $1) }
    }

    private static func deletions(of word: String) -> [String] {
        let characters = Array(word)
        return characters.indices.map { index in
            var shorter = characters
            shorter.remove(at: index)
            return String(shorter)
        }
    }
}

/// The corrections a ``SpellingCorrector`` made lately, nil for a word near none; at most
/// ``capacity``, all forgotten at once when full.
private final class RecentCorrections: Sendable {
    static let capacity = 4_096
    private let corrections = Mutex<[String: String?]>([:])

    func correction(of word: String) -> String?? { corrections.withLock { $0[word] } }

    func remember(_ correction: String?, for word: String) {
        corrections.withLock { corrections in
            if corrections.count >= Self.capacity { corrections.removeAll(keepingCapacity: true) }
            corrections[word] = .some(correction)
        }
    }
}
