import HomeroomWebhooks

/// Whether a Mattermost slash command came from a direct message. Mattermost's command request
/// names the channel (`channel_id`, `channel_name`) but not its type
/// (https://developers.mattermost.com/integrate/slash-commands/custom/ — "Basic usage": the fields
/// sent), so the type is read from the name the server gives a direct channel: the two members'
/// ids, sorted and joined by `__` (Mattermost's `GetDMNameFromIds`). Only a name of exactly two
/// 26-character ids, one of them the sender's own, counts; any other channel name is a channel.
enum MattermostDirectChannel {
    /// The length of a Mattermost id (26 characters of lowercase base32).
    static let idLength = 26

    /// True when `channelName` is the direct channel of `user` with someone.
    static func isDirect(channelName: String?, user: String) -> Bool {
        guard let channelName else { return false }
        let members = channelName.split(separator: "_", omittingEmptySubsequences: false)
        // "a__b" splits into ["a", "", "b"].
        guard members.count == 3, members[1].isEmpty, members[0] <= members[2] else { return false }
        let ids = [members[0], members[2]]
        guard ids.allSatisfy(isID) else { return false }
        return ids.contains { $0 == user }
    }

    private static func isID(_ text: Substring) -> Bool {
        text.utf8.count == idLength
            && text.utf8.allSatisfy {
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
            }
    }
}
