import Foundation
import HomeroomCore
import HomeroomWebhooks

/// One message Slack sends over a Socket Mode connection
/// (https://api.slack.com/apis/socket-mode — "Connecting to the WebSocket URL" and "Disconnects").
package enum SocketModeFrame: Sendable {
    /// `{"type":"hello", …}`: the connection is ready; envelopes follow.
    case hello
    /// `{"type":"disconnect","reason":…}`: Slack will close this connection (`refresh_requested`
    /// and `warning` a few seconds later; `link_disabled` because Socket Mode was switched off).
    case disconnect(reason: String)
    /// An event, slash command or interaction to acknowledge.
    case envelope(SocketModeEnvelope)
    /// A message of a type Homeroom does not read, named for the log.
    case ignored(type: String)

    /// The longest message read from the socket; Slack's payloads are far smaller.
    static let maximumBytes = 1 << 20

    /// Decodes the text of one WebSocket message.
    package static func decode(_ text: String) throws(SocketModeFrameError) -> SocketModeFrame {
        let data = Data(text.utf8)
        let head: Head
        do {
            head = try JSONDecoder().decode(Head.self, from: data)
        } catch let error as DecodingError {
            throw SocketModeFrameError("not a Socket Mode message: \(JSONBody.describe(error))")
        } catch {
            throw SocketModeFrameError("not a Socket Mode message")
        }
        // Slack names its message types in a few words; a longer one is cut before it reaches a log line.
        let type = CompactAnswer.clipped(head.type, bytes: 60)
        switch type {
        case "hello":
            return .hello
        case "disconnect":
            return .disconnect(reason: head.reason ?? "unknown")
        default:
            guard head.envelope_id != nil else { return .ignored(type: type) }
            do {
                return .envelope(try JSONDecoder().decode(SocketModeEnvelope.self, from: data))
            } catch let error as DecodingError {
                throw SocketModeFrameError("a \(type) envelope Homeroom cannot read: \(JSONBody.describe(error))")
            } catch {
                throw SocketModeFrameError("a \(type) envelope Homeroom cannot read")
            }
        }
    }

    /// The fields every message has, read before its payload.
    private struct Head: Decodable {
        let type: String
        let reason: String?
        let envelope_id: String?
    }
}

/// A message from the socket that is not what Socket Mode sends; the connection goes on.
package struct SocketModeFrameError: Error, CustomStringConvertible {
    package let description: String

    init(_ description: String) {
        self.description = description
    }
}
