import Foundation
import HomeroomWebhooks

extension GoogleChatEvent {
    /// `eventTime` as Google has sent it: RFC 3339 text, or a protobuf Timestamp
    /// `{seconds, nanos}` (https://protobuf.dev/reference/protobuf/google.protobuf/#timestamp).
    struct EventTime: Decodable, Sendable {
        /// The time as one canonical text: the RFC 3339 text as sent, or `SECONDS.NANOS`.
        let text: String

        private struct Parts: Decodable {
            let seconds: Int64?
            let nanos: Int64?

            enum CodingKeys: String, CodingKey { case seconds, nanos }

            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                // proto3's JSON mapping writes an int64 as text; older examples as a number.
                seconds =
                    (try? container.decode(Int64.self, forKey: .seconds))
                    ?? (try? container.decode(String.self, forKey: .seconds)).flatMap { Int64($0) }
                nanos = try? container.decode(Int64.self, forKey: .nanos)
            }
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let text = try? container.decode(String.self) {
                self.text = String(text.prefix(64))
            } else {
                let parts = try container.decode(Parts.self)
                text = "\(parts.seconds ?? 0).\(parts.nanos ?? 0)"
            }
        }
    }

    /// What tells this event from every other, for the replay guard: the message's name (Google
    /// names each message once) with the event's type, or, for an event without a message (added
    /// to or removed from a space), its type, space, user and time. Nil when a message has no name,
    /// or an event without one lacks any of the rest: nothing then tells a repeat from a new event.
    var replayKey: [UInt8]? {
        if let message {
            guard let name = message.name, !name.isEmpty else { return nil }
            return Array("googlechat:\(type):\(name.prefix(256))".utf8)
        }
        guard let time = eventTime?.value?.text, let space = space?.name, let user = (user ?? message?.sender)?.name
        else { return nil }
        return Array("googlechat:\(type):\(space.prefix(256)):\(user.prefix(128)):\(time)".utf8)
    }
}
