import Foundation
import HomeroomWebhooks

/// The parts of a Teams outgoing-webhook activity Homeroom reads.
struct TeamsActivity: Decodable {
    struct Account: Decodable {
        let id: String
        let aadObjectId: String?
    }

    struct ConversationInfo: Decodable {
        let id: String
        let tenantId: String?
    }

    struct ChannelData: Decodable {
        struct Identified: Decodable {
            let id: String
        }

        let tenant: Identified?
        let team: Identified?
        let channel: Identified?
        let teamsChannelId: String?
    }

    let text: String?
    let from: Account
    let conversation: ConversationInfo
    let channelData: ChannelData?
    /// When Teams sent the activity, in ISO 8601 (`2026-11-23T17:00:00.1234567Z`).
    let timestamp: String?

    /// The instant ``timestamp`` names (its fraction of a second left out), or nil.
    var sentAt: Date? {
        guard var text = timestamp else { return nil }
        if let dot = text.firstIndex(of: ".") {
            let end = text[dot...].dropFirst().firstIndex { !$0.isASCII || !$0.isNumber } ?? text.endIndex
            text.removeSubrange(dot..<end)
        }
        return try? Date(text, strategy: .iso8601)
    }

    /// The tenant (the school's Microsoft 365 organisation), part of the user's id.
    var tenant: String { channelData?.tenant?.id ?? conversation.tenantId ?? "unknown" }

    /// The team a channel message was written in (its id is that of the team's General channel), the
    /// workspace a school can be given; nil in a personal or group chat, which belongs to no team.
    var team: String? { channelData?.team.flatMap { $0.id.isEmpty ? nil : $0.id } }

    /// The channel, without the `;messageid=…` of a reply thread.
    var channel: String {
        channelData?.teamsChannelId ?? channelData?.channel?.id
            ?? String(conversation.id.split(separator: ";", maxSplits: 1).first ?? "")
    }

    /// The text the user typed after mentioning the bot: the `<at>…</at>` mention and any other
    /// markup removed, entities decoded.
    var typedText: String {
        var text = text ?? ""
        while let start = text.range(of: "<at>"),
            let end = text.range(of: "</at>", range: start.upperBound..<text.endIndex)
        {
            text.removeSubrange(start.lowerBound..<end.upperBound)
        }
        var plain = ""
        var inTag = false
        for character in text {
            if character == "<" {
                inTag = true
            } else if character == ">" && inTag {
                inTag = false
            } else if !inTag {
                plain.append(character)
            }
        }
        for (entity, character) in [
            ("&nbsp;", " "), ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&amp;", "&"),
        ] {
            plain = plain.replacingOccurrences(of: entity, with: character)
        }
        return plain.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
