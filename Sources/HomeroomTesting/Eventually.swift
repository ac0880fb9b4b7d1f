import Testing

/// Waits until `condition` holds, asking again every `interval`; when it still does not after
/// `timeout` of real time, fails the test at the caller's line, saying what it waited for, and
/// throws. Returns how long the wait took.
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
    _ what: @autoclosure () -> String, within timeout: Duration = .seconds(10),
    every interval: Duration = .milliseconds(10), sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: () async throws -> Bool
) async throws -> Duration {
    let start = ContinuousClock.now
    while ContinuousClock.now - start < timeout {
        if try await condition() { return ContinuousClock.now - start }
        try await Task.sleep(for: interval)
    }
    let met = try await condition()
    try #require(met, "still not so after \(timeout): \(what())", sourceLocation: sourceLocation)
    return ContinuousClock.now - start
}
