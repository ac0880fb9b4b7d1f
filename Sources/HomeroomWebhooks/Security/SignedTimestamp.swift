import Foundation

/// The timestamp of a signed request (the header of Slack, Discord and the JSON API, the
/// activity's own time for Teams): close enough to the clock to rule out a replay of an old capture.
package enum SignedTimestamp {
    /// The instant the header names (whole seconds since 1970); throws 401 when it is missing,
    /// not a number, or further than `tolerance` seconds from `now`.
    static func check(_ header: String?, name: String, now: Date, tolerance: TimeInterval) throws(WebhookRejection)
        -> Date
    {
        guard let header else { throw .unauthorized("the \(name) header is missing") }
        guard let seconds = Int64(header.trimmingCharacters(in: .whitespaces)) else {
            throw .unauthorized("the \(name) header is not a number of seconds")
        }
        let instant = Date(timeIntervalSince1970: TimeInterval(seconds))
        try check(instant, now: now, tolerance: tolerance)
        return instant
    }

    /// Throws 401 when `instant` is further than `tolerance` seconds from `now`.
    package static func check(_ instant: Date, now: Date, tolerance: TimeInterval) throws(WebhookRejection) {
        guard abs(instant.timeIntervalSince(now)) <= tolerance else {
            throw .unauthorized("the request's timestamp is more than \(Int(tolerance)) s away from now")
        }
    }
}
