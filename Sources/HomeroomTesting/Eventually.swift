/// Waits until `condition` holds, asking again every `interval`; when it still does not after
/// `timeout` of real time, throws ``ConditionUnmet``, which says what it waited for and where.
/// Returns how long the wait took. The default `timeout` is 30 s: a wait ends as soon as the
/// condition holds, and the whole suite on two cores (servers, processes, PostgreSQL) can hold a
/// lease or an answer back for more than 10 s.
///
/// For what happens on its own: a server answering, another task taking a lease, the work a
/// `TestClock` move set off. It cannot show that something did *not* happen: for that, move the
/// test clock past the moment it would have happened, wait here for the sign that the code has
/// looked (a sleeper back on the clock), then check.
///
/// ```swift
/// clock.advance(by: 60)
/// try await eventually("the reminder is sent") { sent.count == 1 }
/// ```
@discardableResult
public func eventually(
    _ what: @autoclosure () -> String, within timeout: Duration = .seconds(30),
    every interval: Duration = .milliseconds(10), fileID: String = #fileID, line: Int = #line,
    _ condition: () async throws -> Bool
) async throws -> Duration {
    let start = ContinuousClock.now
    while ContinuousClock.now - start < timeout {
        if try await condition() { return ContinuousClock.now - start }
        try await Task.sleep(for: interval)
    }
    if try await condition() { return ContinuousClock.now - start }
    throw ConditionUnmet(what: what(), timeout: timeout, fileID: fileID, line: line)
}

/// What ``eventually(_:within:every:fileID:line:_:)`` waited for in vain.
public struct ConditionUnmet: Error, CustomStringConvertible {
    /// What it waited for.
    public let what: String
    /// How long it waited.
    public let timeout: Duration
    /// The file it was called from.
    public let fileID: String
    /// The line it was called from.
    public let line: Int

    public var description: String {
        "still waiting after \(timeout) for \(what) (\(fileID):\(line))"
    }
}
