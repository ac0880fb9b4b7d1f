import Foundation

/// What one `/sync` answered (Client-Server API v3, `GET /_matrix/client/v3/sync`), reduced to
/// what the bot reads: the rooms it is in with their new events, the rooms it is invited to, and
/// the rooms it left or was removed from.
///
/// Decoding is lenient where the server relays other people's data: an event that does not decode
/// is dropped (``droppedEvents`` counts them) and the rest of the batch is kept. Counts are capped
/// (``maximumRooms``, ``maximumEventsPerRoom``).
package struct SyncBatch: Sendable, Decodable {
    /// The most rooms of each kind read from one batch.
    package static let maximumRooms = 2000
    /// The most events read from one room's timeline or state in one batch.
    package static let maximumEventsPerRoom = 500

    /// The token to pass as `since` next time.
    package var nextBatch: String
    /// Rooms the bot is in, with their new events, in the server's order.
    package var joined: [JoinedRoom] = []
    /// Rooms the bot is invited to.
    package var invited: [InvitedRoom] = []
    /// Rooms the bot left, was removed from, or whose invitation was withdrawn.
    package var left: [String] = []
    /// Events skipped because they did not decode.
    package var droppedEvents = 0

    /// A room the bot is in.
    package struct JoinedRoom: Sendable {
        /// The room id (`!abc:server`).
        package var roomID: String
        /// State events since the last batch (members, encryption, name).
        package var state: [RoomEvent]
        /// New events, oldest first.
        package var timeline: [RoomEvent]
        /// `m.joined_member_count` from the room summary, when the server sent one.
        package var joinedMemberCount: Int?
        /// True when the timeline holds only the latest of the room's new events (`limited`).
        package var isLimited = false
    }

    /// A room the bot is invited to, with the stripped state the inviter shared.
    package struct InvitedRoom: Sendable {
        /// The room id.
        package var roomID: String
        /// The stripped state events (`invite_state.events`): the bot's own `m.room.member` invite
        /// names the inviter (``RoomEvent/sender``) and whether the room is direct; an
        /// `m.room.encryption` event says the room is encrypted.
        package var inviteState: [RoomEvent]
    }

    /// Creates a batch, for tests.
    package init(nextBatch: String, joined: [JoinedRoom] = [], invited: [InvitedRoom] = [], left: [String] = []) {
        self.nextBatch = nextBatch
        self.joined = joined
        self.invited = invited
        self.left = left
    }

    private enum Keys: String, CodingKey { case next_batch, rooms }
    private enum RoomKeys: String, CodingKey { case join, invite, leave }
    private enum JoinedKeys: String, CodingKey { case state, timeline, summary }
    private enum EventsKeys: String, CodingKey { case events }
    private enum TimelineKeys: String, CodingKey { case limited }
    private enum InviteKeys: String, CodingKey { case invite_state }
    private enum SummaryKeys: String, CodingKey { case joinedMemberCount = "m.joined_member_count" }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        nextBatch = try container.decode(String.self, forKey: .next_batch)
        // No rooms, `null`, or something other than an object: a batch with no room news.
        guard let rooms = try? container.nestedContainer(keyedBy: RoomKeys.self, forKey: .rooms) else { return }
        if let join = try? rooms.nestedContainer(keyedBy: AnyKey.self, forKey: .join) {
            for key in join.allKeys.prefix(Self.maximumRooms) {
                guard let room = try? join.nestedContainer(keyedBy: JoinedKeys.self, forKey: key) else { continue }
                let state = events(in: room, at: .state)
                let timeline = events(in: room, at: .timeline)
                let summary = try? room.nestedContainer(keyedBy: SummaryKeys.self, forKey: .summary)
                let count = (try? summary?.decodeIfPresent(Int.self, forKey: .joinedMemberCount)) ?? nil
                let limited = try? room.nestedContainer(keyedBy: TimelineKeys.self, forKey: .timeline)
                    .decodeIfPresent(Bool.self, forKey: .limited)
                joined.append(
                    JoinedRoom(
                        roomID: key.stringValue, state: state, timeline: timeline, joinedMemberCount: count,
                        isLimited: limited ?? false))
            }
        }
        if let invite = try? rooms.nestedContainer(keyedBy: AnyKey.self, forKey: .invite) {
            for key in invite.allKeys.prefix(Self.maximumRooms) {
                guard let room = try? invite.nestedContainer(keyedBy: InviteKeys.self, forKey: key) else { continue }
                invited.append(InvitedRoom(roomID: key.stringValue, inviteState: events(in: room, at: .invite_state)))
            }
        }
        if let leave = try? rooms.nestedContainer(keyedBy: AnyKey.self, forKey: .leave) {
            left = leave.allKeys.prefix(Self.maximumRooms).map(\.stringValue)
        }
    }

    /// The events under `key`'s `events`, each decoded on its own: one that does not decode is counted and skipped.
    private mutating func events<K: CodingKey>(in container: KeyedDecodingContainer<K>, at key: K) -> [RoomEvent] {
        guard let list = try? container.nestedContainer(keyedBy: EventsKeys.self, forKey: key),
            var items = try? list.nestedUnkeyedContainer(forKey: .events)
        else { return [] }
        var events: [RoomEvent] = []
        while !items.isAtEnd, events.count < Self.maximumEventsPerRoom {
            if let event = try? items.decode(RoomEvent.self) {
                events.append(event)
            } else {
                droppedEvents += 1
                // Step over the element that did not decode.
                guard (try? items.decode(Skipped.self)) != nil else { break }
            }
        }
        return events
    }

    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Any JSON value, decoded only to move past it.
    private struct Skipped: Decodable {
        init(from decoder: any Decoder) throws {}
    }
}
