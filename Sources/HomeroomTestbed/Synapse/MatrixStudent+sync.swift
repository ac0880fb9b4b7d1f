import Foundation
import HomeroomRuntime
import HomeroomTesting

/// A room event as a test client received it.
public struct ReceivedMatrixEvent: Sendable {
    /// The room it was sent in.
    public let roomID: String
    /// Its id.
    public let eventID: String
    /// Who sent it.
    public let sender: String
    /// Its type, e.g. `m.room.message`.
    public let type: String
    /// Its whole content: `msgtype`, `body`, `formatted_body`, `m.mentions`, `m.relates_to`.
    public let content: JSONValue
    /// When the client's `/sync` brought it.
    public let arrivedAt: ContinuousClock.Instant

    /// The content's plain `body`.
    public var body: String { content["body"]?.string ?? "" }
    /// The content's `formatted_body`, if it has one.
    public var formattedBody: String? { content["formatted_body"]?.string }
    /// The content's `msgtype`.
    public var messageType: String? { content["msgtype"]?.string }
    /// The user ids in the content's `m.mentions`.
    public var mentionedUsers: [String] { content["m.mentions"]?["user_ids"]?.array?.compactMap(\.string) ?? [] }
    /// The event this one replies to (`m.relates_to.m.in_reply_to.event_id`).
    public var inReplyTo: String? { content["m.relates_to"]?["m.in_reply_to"]?["event_id"]?.string }
}

/// What a test client's `/sync` has brought so far: the events in rooms it is in (each kept once,
/// in order; those a wait returned are marked taken), and its pending invitations.
struct MatrixInbox: Sendable {
    var since: String?
    var events: [ReceivedMatrixEvent] = []
    var eventIDs: Set<String> = []
    var taken: Set<String> = []
    /// Room id → who invited.
    var invites: [String: String] = [:]
    /// Person → the direct room they invited this client to and it joined.
    var directRooms: [String: String] = [:]
}

extension MatrixStudent {
    /// The filter of the client's syncs: room timelines of up to 100 events and invitations,
    /// nothing else.
    private static let syncFilter =
        #"{"presence":{"not_types":["*"]},"account_data":{"not_types":["*"]},"#
        + #""room":{"timeline":{"limit":100},"state":{"lazy_load_members":true},"ephemeral":{"not_types":["*"]},"#
        + #""account_data":{"not_types":["*"]}}}"#

    /// How long each `/sync` of a wait long-polls: it returns as soon as something arrives, and a
    /// wait overruns its timeout by at most this.
    private static let syncWait = Duration.seconds(1)

    /// One `/sync`, long-polling up to `timeout`: what it brings is added to the inbox.
    public func sync(timeout: Duration = .zero) async throws {
        var query = [
            URLQueryItem(name: "timeout", value: String(timeout.components.seconds * 1000)),
            URLQueryItem(name: "filter", value: Self.syncFilter),
        ]
        if let since = inbox.withLock({ $0.since }) { query.append(URLQueryItem(name: "since", value: since)) }
        let answer = try await call(.GET, ["sync"], query: query, timeout: timeout + .seconds(30))
        let arrivedAt = ContinuousClock.now
        let me = userID
        inbox.withLock { inbox in
            if let next = answer["next_batch"]?.string { inbox.since = next }
            for (room, joined) in answer["rooms"]?["join"]?.object ?? [:] {
                for event in joined["timeline"]?["events"]?.array ?? [] {
                    guard let id = event["event_id"]?.string, inbox.eventIDs.insert(id).inserted else { continue }
                    inbox.events.append(
                        ReceivedMatrixEvent(
                            roomID: room, eventID: id, sender: event["sender"]?.string ?? "",
                            type: event["type"]?.string ?? "", content: event["content"] ?? .null,
                            arrivedAt: arrivedAt))
                }
            }
            for (room, invited) in answer["rooms"]?["invite"]?.object ?? [:] {
                let invitation = invited["invite_state"]?["events"]?.array?.first {
                    $0["type"]?.string == "m.room.member" && $0["state_key"]?.string == me
                }
                if let inviter = invitation?["sender"]?.string { inbox.invites[room] = inviter }
            }
        }
    }

    /// Waits (syncing, up to `timeout`) for a message (`m.room.message`) from `sender` in `room`
    /// that `matching` accepts and no earlier wait returned, and returns it with the instant it arrived.
    public func waitForMessage(
        in room: String, from sender: String, timeout: Duration = .seconds(30), fileID: String = #fileID,
        line: Int = #line, matching: (ReceivedMatrixEvent) -> Bool = { _ in true }
    ) async throws -> ReceivedMatrixEvent {
        try await waitForEvent(
            in: room, from: sender, type: "m.room.message", timeout: timeout, fileID: fileID, line: line,
            matching: matching)
    }

    /// Waits (syncing, up to `timeout`) for an event of `type` from `sender` in `room` that
    /// `matching` accepts and no earlier wait returned, and returns it.
    public func waitForEvent(
        in room: String, from sender: String, type: String, timeout: Duration = .seconds(30),
        fileID: String = #fileID, line: Int = #line, matching: (ReceivedMatrixEvent) -> Bool = { _ in true }
    ) async throws -> ReceivedMatrixEvent {
        var found: ReceivedMatrixEvent?
        try await eventually(
            "a \(type) from \(sender) in \(room)", within: timeout, every: .zero, fileID: fileID, line: line
        ) {
            found = inbox.withLock { inbox -> ReceivedMatrixEvent? in
                guard
                    let event = inbox.events.first(where: {
                        $0.roomID == room && $0.sender == sender && $0.type == type && !inbox.taken.contains($0.eventID)
                            && matching($0)
                    })
                else { return nil }
                inbox.taken.insert(event.eventID)
                return event
            }
            if found != nil { return true }
            try await sync(timeout: Self.syncWait)
            return false
        }
        // eventually returns only once the condition has set it.
        return found!
    }

    /// Every event of `type` (`m.room.message` unless given) from `sender` in `room`, oldest
    /// first, read from the room's history (`/messages`, up to 5000 events) rather than from sync.
    public func messages(in room: String, from sender: String, type: String = "m.room.message") async throws
        -> [JSONValue]
    {
        var found: [JSONValue] = []
        var from: String?
        for _ in 0..<10 {
            var query = [URLQueryItem(name: "dir", value: "b"), URLQueryItem(name: "limit", value: "500")]
            if let from { query.append(URLQueryItem(name: "from", value: from)) }
            let page = try await call(.GET, ["rooms", room, "messages"], query: query)
            let chunk = page["chunk"]?.array ?? []
            found += chunk.filter { $0["sender"]?.string == sender && $0["type"]?.string == type }
                .compactMap { $0["content"] }
            guard !chunk.isEmpty, let end = page["end"]?.string else { break }
            from = end
        }
        return found.reversed()
    }

    /// The direct room `person` invited this client to: waits (syncing, up to `timeout`) for the
    /// invitation, joins the room, and returns its id; the same room on every later call.
    public func directRoom(
        with person: String, timeout: Duration = .seconds(30), fileID: String = #fileID, line: Int = #line
    ) async throws -> String {
        var invitation: (joined: String?, invited: String?) = (nil, nil)
        try await eventually(
            "an invitation from \(person)", within: timeout, every: .zero, fileID: fileID, line: line
        ) {
            invitation = inbox.withLock { inbox in
                (inbox.directRooms[person], inbox.invites.first { $0.value == person }?.key)
            }
            if invitation.joined != nil || invitation.invited != nil { return true }
            try await sync(timeout: Self.syncWait)
            return false
        }
        if let joined = invitation.joined { return joined }
        // eventually returns only once the condition has found one of the two.
        let invited = invitation.invited!
        try await join(invited)
        inbox.withLock {
            $0.directRooms[person] = invited
            $0.invites[invited] = nil
        }
        return invited
    }

    /// The rooms this client is invited to and has not joined, with who invited it, as of its last sync.
    public var pendingInvites: [String: String] { inbox.withLock { $0.invites } }
}
