import CalendarFeeds
import Foundation
import Synchronization

/// A calendar feed store in memory: the last good copy of each feed and what each refresh recorded.
final class KeptFeeds: CalendarFeedStore {
    /// What a refresh recorded, in order.
    enum Record: Equatable {
        case kept(events: Int)
        case confirmed
        case failed(String)
    }

    private struct State {
        var copies: [URL: CalendarFeedCopy] = [:]
        var records: [Record] = []
    }

    private let state = Mutex(State())

    /// The last good copy of `url`.
    func copy(of url: URL) -> CalendarFeedCopy? { state.withLock { $0.copies[url] } }

    /// Every refresh's record, oldest first.
    var records: [Record] { state.withLock { $0.records } }

    func heldValidators(of url: URL) async throws -> CalendarFeedCopy.Validators? {
        state.withLock { $0.copies[url]?.validators }
    }

    func keep(_ copy: CalendarFeedCopy, of url: URL, at now: Date) async throws {
        state.withLock {
            $0.copies[url] = copy
            $0.records.append(.kept(events: copy.events))
        }
    }

    func confirm(_ url: URL, at now: Date) async throws {
        state.withLock { $0.records.append(.confirmed) }
    }

    func recordFailure(_ problem: String, of url: URL, at now: Date) async throws {
        state.withLock { $0.records.append(.failed(problem)) }
    }
}
