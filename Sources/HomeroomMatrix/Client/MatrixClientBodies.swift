// The JSON the client sends and reads, with the spec's field names as coding keys.

/// `POST /login` with a password.
struct LoginRequest: Encodable {
    struct Identifier: Encodable {
        var type = "m.id.user"
        var user: String
    }

    var type = "m.login.password"
    var identifier: Identifier
    var password: String
    var deviceName: String

    private enum CodingKeys: String, CodingKey {
        case type, identifier, password
        case deviceName = "initial_device_display_name"
    }
}

/// `POST /rooms/{roomId}/leave`.
struct LeaveRequest: Encodable {
    var reason: String?
}

/// `POST /createRoom` for a direct room.
struct CreateDirectRoomRequest: Encodable {
    var isDirect = true
    var preset = "trusted_private_chat"
    var invite: [String]

    private enum CodingKeys: String, CodingKey {
        case isDirect = "is_direct"
        case preset, invite
    }
}

/// The answer to `POST /login`.
struct LoginAnswer: Decodable {
    var userID: String
    var accessToken: String
    var deviceID: String?

    private enum CodingKeys: String, CodingKey {
        case userID = "user_id"
        case accessToken = "access_token"
        case deviceID = "device_id"
    }
}

/// The answer to `GET /account/whoami`.
struct WhoAmIAnswer: Decodable {
    var userID: String
    var deviceID: String?

    private enum CodingKeys: String, CodingKey {
        case userID = "user_id"
        case deviceID = "device_id"
    }
}

/// An answer naming a room (`join`, `createRoom`, `directory/room`).
struct RoomIDAnswer: Decodable {
    var roomID: String

    private enum CodingKeys: String, CodingKey { case roomID = "room_id" }
}

/// The answer to `PUT …/send/…`.
struct EventIDAnswer: Decodable {
    var eventID: String

    private enum CodingKeys: String, CodingKey { case eventID = "event_id" }
}

/// The answer to `GET /rooms/{roomId}/joined_members`, counted without reading the members.
struct JoinedMembersAnswer: Decodable {
    var count: Int

    private enum Keys: String, CodingKey { case joined }

    private struct MemberKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        count = try container.nestedContainer(keyedBy: MemberKey.self, forKey: .joined).allKeys.count
    }
}
