import Foundation

/// Where a plugin keeps the last good copy of a calendar feed and what it records of each refresh.
///
/// ``CalendarFeedRefresher`` calls ``keep(_:of:at:)`` only with a copy that was fetched within
/// the limits and checked, and never replaces the copy otherwise: a failed refresh reaches
/// ``recordFailure(_:of:at:)``, and the held copy keeps serving.
package protocol CalendarFeedStore: Sendable {
    /// The validators of the copy held for `url`; nil when no copy is held, so the request is not
    /// conditional.
    func heldValidators(of url: URL) async throws -> CalendarFeedCopy.Validators?

    /// Makes `copy` the last good copy of `url`, fetched at `now`: the feed works.
    func keep(_ copy: CalendarFeedCopy, of url: URL, at now: Date) async throws

    /// The server answered 304 at `now`: the held copy of `url` is current and the feed works.
    func confirm(_ url: URL, at now: Date) async throws

    /// The refresh of `url` at `now` failed with `problem` (short, the address redacted); the held
    /// copy stays.
    func recordFailure(_ problem: String, of url: URL, at now: Date) async throws
}
