import Foundation
import HomeroomMatrix

/// libFuzzer entry: what a homeserver answers. The bytes are read as a `/sync` batch, as one room
/// event, and as an error answer (with the rate limit it may name), as the client reads them; every
/// field of the result is then read as the session reads it.
@_cdecl("LLVMFuzzerTestOneInput")
func matrixSyncFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    let decoder = JSONDecoder()
    if let batch = try? decoder.decode(SyncBatch.self, from: bytes) {
        precondition(batch.joined.count <= SyncBatch.maximumRooms && batch.invited.count <= SyncBatch.maximumRooms)
        precondition(batch.left.count <= SyncBatch.maximumRooms)
        for room in batch.joined {
            precondition(room.state.count <= SyncBatch.maximumEventsPerRoom)
            precondition(room.timeline.count <= SyncBatch.maximumEventsPerRoom)
            for event in room.state + room.timeline { walk(event) }
        }
        for room in batch.invited {
            precondition(room.inviteState.count <= SyncBatch.maximumEventsPerRoom)
            for event in room.inviteState { walk(event) }
        }
    }
    if let event = try? decoder.decode(RoomEvent.self, from: bytes) { walk(event) }
    // The error text stands in for a Retry-After header too.
    let answer = MatrixErrorAnswer(body: Array(bytes))
    let error = answer.error(status: 429, retryAfterHeader: answer.error, what: "sync", accessToken: secret)
    guard case .rateLimited(let wait) = error.kind else { preconditionFailure("a 429 that is no rate limit") }
    precondition(wait >= .zero && wait <= MatrixAPIError.longestRateLimitWait, "wait out of bounds: \(wait)")
    precondition(!error.description.contains(secret), "the access token in a description")
    let refused = answer.error(status: 403, retryAfterHeader: nil, what: "sync", accessToken: secret)
    precondition(!refused.description.contains(secret), "the access token in a description")
    return 0
}

private let secret = "SECRET-Ab3"

/// Reads every field the session reads, as it reads them.
private func walk(_ event: RoomEvent) {
    let content = event.content
    let isCommand =
        event.type == "m.room.message" && content.msgtype != "m.notice" && content.relationType != "m.replace"
    if isCommand, let body = content.body { _ = body.split(separator: " ", maxSplits: 1).first }
    if let age = event.ageMilliseconds { _ = age.multipliedReportingOverflow(by: 1_000_000) }
    precondition((content.mentionedUserIDs?.count ?? 0) <= 100)
    _ = (event.eventID, event.stateKey, content.membership, content.isDirect, content.displayName, event.sender)
}
