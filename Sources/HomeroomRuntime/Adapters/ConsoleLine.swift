import HomeroomCore

/// One line typed on the console, read as a chat message: `#jefferson /now` is `/now` said in the
/// channel `#jefferson`; any other line is a direct message, as typed.
package struct ConsoleLine: Sendable {
    /// The longest channel name a line can give (Slack's limit); a longer `#…` word is read as
    /// part of a direct message.
    package static let maximumChannelLength = 80

    /// Where the line was said.
    package let conversation: Conversation
    /// What was said there.
    package let text: String

    /// Reads `line`: a first word of `#` and a name, followed by a space, names the channel and
    /// the rest is the text; otherwise the whole line is a direct message.
    package init(_ line: String) {
        guard line.hasPrefix("#"), let space = line.firstIndex(of: " ") else {
            (conversation, text) = (.direct, line)
            return
        }
        let channel = line[..<space]
        guard channel.count > 1, channel.count <= Self.maximumChannelLength else {
            (conversation, text) = (.direct, line)
            return
        }
        conversation = .channel(String(channel))
        text = String(line[line.index(after: space)...].drop { $0 == " " })
    }
}
