import Synchronization

/// What one session knows of the rooms it is in, kept in memory and rebuilt from the syncs after
/// a restart: how many members each has joined (for the direct-room rule), the members' display
/// names, and which rooms are encrypted. Capped: past ``maximumRooms`` rooms, or
/// ``maximumNamesPerRoom`` names in a room, what is kept is forgotten and learnt again.
final class MatrixRoomBook: Sendable {
    /// Rooms kept at most.
    static let maximumRooms = 5000
    /// Display names kept per room at most.
    static let maximumNamesPerRoom = 5000

    private struct Rooms {
        var memberCounts: [String: Int] = [:]
        var names: [String: [String: String]] = [:]
        var encrypted: [String: Bool] = [:]
    }

    private let rooms = Mutex(Rooms())

    /// A room is direct while two members have joined it: the bot and one person. Once a third
    /// joins, it is not, even when it was opened (or remembered) as a direct room; a remembered
    /// one counts as direct only while its members cannot be counted.
    static func isDirect(remembered: Bool, joinedMembers: Int?) -> Bool {
        guard let joinedMembers else { return remembered }
        return joinedMembers == 2
    }

    /// The joined members of `roomID`, when known.
    func memberCount(of roomID: String) -> Int? {
        rooms.withLock { $0.memberCounts[roomID] }
    }

    /// Notes that `roomID` has `count` joined members (nil: no longer known, after a member event).
    func setMemberCount(_ count: Int?, of roomID: String) {
        rooms.withLock { rooms in
            if count != nil, rooms.memberCounts[roomID] == nil, rooms.memberCounts.count >= Self.maximumRooms {
                rooms.memberCounts.removeAll()
            }
            rooms.memberCounts[roomID] = count.map { max(0, $0) }
        }
    }

    /// The display name `userID` has in `roomID`, when one was seen.
    func displayName(of userID: String, in roomID: String) -> String? {
        rooms.withLock { $0.names[roomID]?[userID] }
    }

    /// Notes `userID`'s display name in `roomID` (nil: they have none, or left).
    func setDisplayName(_ name: String?, of userID: String, in roomID: String) {
        rooms.withLock { rooms in
            guard let name, !name.isEmpty else {
                rooms.names[roomID]?[userID] = nil
                return
            }
            if rooms.names[roomID] == nil, rooms.names.count >= Self.maximumRooms { rooms.names.removeAll() }
            if rooms.names[roomID, default: [:]].count >= Self.maximumNamesPerRoom { rooms.names[roomID] = [:] }
            // Names are shown in answers: on one line, cut to a sane length.
            let cleaned = String(
                String.UnicodeScalarView(
                    name.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }))
            rooms.names[roomID, default: [:]][userID] = String(cleaned.prefix(64))
        }
    }

    /// True or false when it is known whether `roomID` is encrypted; nil when not known yet.
    func isEncrypted(_ roomID: String) -> Bool? {
        rooms.withLock { $0.encrypted[roomID] }
    }

    /// Notes whether `roomID` is encrypted.
    func setEncrypted(_ encrypted: Bool, _ roomID: String) {
        rooms.withLock { rooms in
            if rooms.encrypted[roomID] == nil, rooms.encrypted.count >= Self.maximumRooms {
                rooms.encrypted.removeAll()
            }
            rooms.encrypted[roomID] = encrypted
        }
    }

    /// Forgets everything about `roomID` (the bot left it).
    func drop(_ roomID: String) {
        rooms.withLock { rooms in
            rooms.memberCounts[roomID] = nil
            rooms.names[roomID] = nil
            rooms.encrypted[roomID] = nil
        }
    }
}
