import Foundation
import HomeroomCore
import Synchronization

/// What plain language asked people and waits for them to answer: numbered choices, or a yes
/// before a command that changes something. One per person, forgotten after ``lifetime`` or
/// once answered; at most ``capacity`` are kept, the oldest dropped first.
///
/// Kept in memory: after a restart, a person whose choice was lost asks again, and nothing has run.
package final class PendingQuestions: Sendable {
    /// What waits for an answer.
    package enum Waiting: Sendable, Equatable {
        /// Numbered choices: a number picks one.
        case choices([Reading.Choice])
        /// A command that changes something: yes runs it.
        case confirmation(Reading.Choice)
    }

    private struct Entry {
        var waiting: Waiting
        var language: String
        var expires: Date
    }

    /// How long a question waits for its answer.
    package static let lifetime: TimeInterval = 10 * 60
    /// The most people waited on at once.
    package static let capacity = 10_000

    private let entries = Mutex<[UserID: Entry]>([:])
    /// How many wait, read without the lock: a typed command of someone with nothing waiting
    /// (nearly every message) costs one atomic load.
    private let waiting = Atomic<Int>(0)

    /// Creates an empty store.
    package init() {}

    /// Remembers that `person` was asked `waiting`, in `language`, at `now`.
    package func ask(_ person: UserID, _ waiting: Waiting, language: String, at now: Date) {
        entries.withLock { entries in
            if entries.count >= Self.capacity {
                entries = entries.filter { $0.value.expires > now }
                if entries.count >= Self.capacity, let oldest = entries.min(by: { $0.value.expires < $1.value.expires })
                {
                    entries[oldest.key] = nil
                }
            }
            entries[person] = Entry(waiting: waiting, language: language, expires: now + Self.lifetime)
            self.waiting.store(entries.count, ordering: .relaxed)
        }
    }

    /// Forgets what `person` was asked: they moved on to a typed command.
    package func forget(_ person: UserID) {
        guard waiting.load(ordering: .relaxed) > 0 else { return }
        entries.withLock { entries in
            entries[person] = nil
            waiting.store(entries.count, ordering: .relaxed)
        }
    }

    /// What `person` was asked and has not answered, with its language, and forgets it; nil when
    /// nothing waits or it expired.
    package func take(_ person: UserID, at now: Date) -> (waiting: Waiting, language: String)? {
        guard waiting.load(ordering: .relaxed) > 0 else { return nil }
        return entries.withLock { entries in
            let entry = entries.removeValue(forKey: person)
            waiting.store(entries.count, ordering: .relaxed)
            guard let entry, entry.expires > now else { return nil }
            return (entry.waiting, entry.language)
        }
    }
}
