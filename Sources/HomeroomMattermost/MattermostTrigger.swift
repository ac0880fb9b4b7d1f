import Foundation
import HomeroomWebhooks

/// The `trigger_id` of a Mattermost slash command: base64 of `CLIENT:USER:MILLISECONDS:SIGNATURE`,
/// a fresh id for each command typed, the user who typed it, when (milliseconds since 1970), and
/// the server's signature over them (Mattermost's `model.GenerateTriggerId`; the field is in every
/// command request, https://developers.mattermost.com/integrate/slash-commands/custom/ — "Basic
/// usage"). Homeroom cannot check the signature (it is made with the server's private key, whose
/// public half Mattermost does not publish to integrations); it reads the id and the time, so that
/// the same request sent again is refused and an old one is refused outright.
struct MattermostTrigger: Sendable, Equatable {
    /// The id Mattermost made for this one command.
    let clientID: String
    /// The user id the trigger was made for.
    let userID: String
    /// When the command was typed, on the Mattermost server's clock.
    let instant: Date

    /// The longest `trigger_id` read; Mattermost's are about 200 characters.
    static let maximumLength = 1024

    /// The trigger in `text`, or nil when it is not one.
    init?(_ text: String) {
        guard text.utf8.count <= Self.maximumLength, let data = Data(base64Encoded: text),
            let decoded = String(data: data, encoding: .utf8)
        else { return nil }
        let parts = decoded.split(separator: ":", maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count == 4, !parts[0].isEmpty, !parts[1].isEmpty, !parts[3].isEmpty,
            parts[0].utf8.count <= 64, parts[1].utf8.count <= 64,
            let milliseconds = Int64(parts[2]), milliseconds > 0, milliseconds < 32_503_680_000_000
        else { return nil }
        clientID = String(parts[0])
        userID = String(parts[1])
        instant = Date(timeIntervalSince1970: TimeInterval(milliseconds) / 1000)
    }

    /// What the replay guard remembers: the command's own id, its user and its time.
    var replayKey: [UInt8] {
        Array("mattermost:\(clientID):\(userID):\(Int64((instant.timeIntervalSince1970 * 1000).rounded()))".utf8)
    }
}
