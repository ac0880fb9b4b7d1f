/// The filters the bot's `/sync` sends inline (Client-Server API v3, Filtering): only what it
/// reads, so that a school's busy homeserver sends small batches. A batch still too large to read
/// is asked for again with fewer events (``shrinkingTimelineLimits``), then skipped (``skippingAhead``).
///
/// - timeline: `m.room.message` (commands), `m.room.encrypted` (never answered, but seen, so the
///   room can be told it is encrypted) and `m.room.member`, at most 50 events a room a batch. The
///   member events must be in the timeline: Synapse (1.163) lists a room under `rooms.leave` only
///   when the leave, kick, ban or withdrawn invitation passes the timeline filter, so without them
///   the bot would never learn it was removed;
/// - state: `m.room.member`, `m.room.encryption` (a room turned encrypted; it comes in `state`, since
///   the timeline does not take it) and `m.room.create`, with `lazy_load_members` so that a large
///   room sends only the members who spoke;
/// - no presence, no account data (global or per room), no ephemeral events (typing, receipts).
///
/// Invitations (`rooms.invite`, with their stripped `invite_state`: `m.room.create`,
/// `m.room.join_rules`, `m.room.encryption` when set, and the member events) are not filtered.
/// A reader of a batch looks for membership and encryption in both `state` and `timeline`: which
/// one a state event lands in is the server's choice.
package enum SyncFilter {
    /// The filter of every sync that continues from a `since` token.
    package static let incremental = filter(timelineLimit: 50)

    /// The filter of the very first sync (no `since` token): the same with a timeline of 0
    /// events, so a first start skips the rooms' history and answers nothing old. Invitations
    /// still arrive with it (checked against Synapse 1.163: an invitation waiting before the first
    /// start is in the first batch's `rooms.invite`).
    package static let initial = filter(timelineLimit: 0)

    /// The filter for `since`: ``initial`` when there is none, else ``incremental``.
    package static func forSync(since: String?) -> String {
        since == nil ? initial : incremental
    }

    /// The timeline limits a sync from a position is asked with again when its answer was larger
    /// than the bot reads (``MatrixClient/largestSyncAnswer``), one after the other, before it skips ahead.
    package static let shrinkingTimelineLimits = [10, 1]

    /// The filter of a sync that skips ahead: no timeline, no state, so that its answer is small
    /// however much happened; its `next_batch` is where the bot goes on from. Invitations still come.
    package static let skippingAhead = filter(timelineLimit: 0, withState: false)

    /// The filter with at most `timelineLimit` events a room in the timeline.
    package static func filter(timelineLimit: Int, withState: Bool = true) -> String {
        let none = #"{"not_types":["*"]}"#
        let state =
            withState
            ? #"{"types":["m.room.member","m.room.encryption","m.room.create"],"lazy_load_members":true}"# : none
        return #"{"presence":\#(none),"account_data":\#(none),"room":{"#
            + #""timeline":{"types":["m.room.message","m.room.encrypted","m.room.member"],"limit":\#(timelineLimit)},"#
            + #""state":\#(state),"#
            + #""ephemeral":\#(none),"account_data":\#(none)}}"#
    }
}
