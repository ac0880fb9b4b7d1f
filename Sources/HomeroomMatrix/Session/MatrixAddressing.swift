/// How a message in a room addresses the bot, the Matrix way: a mention (`m.mentions` naming the
/// bot, as Element sends when someone picks the bot from its list), or a body that starts with the
/// bot's Matrix id, localpart or display name and `:`, `,` or a space (`homeroom: lunch`,
/// `@homeroom:school.example lunch`). An addressed message needs no command prefix.
package struct MatrixAddressing: Sendable, Equatable {
    /// The text to recognise: the body without the leading address and without a quoted reply
    /// fallback (`> <@alice:server> …` lines).
    package var text: String
    /// True when the message addresses the bot.
    package var isAddressed: Bool

    /// An addressing, for tests.
    package init(text: String, isAddressed: Bool) {
        self.text = text
        self.isAddressed = isAddressed
    }

    /// Reads `body`, whose sender's client said it mentions `mentionedUserIDs`, for the bot
    /// `botUserID`, shown in the room as `displayName` (nil: none known).
    package init(body: String, mentionedUserIDs: [String]?, botUserID: String, displayName: String?) {
        let unquoted = Self.withoutReplyFallback(body)
        let names = [botUserID, MatrixID.localpart(of: botUserID), displayName ?? ""]
            .filter { !$0.isEmpty }
            .sorted { $0.count > $1.count }
        if let rest = names.lazy.compactMap({ Self.after(name: $0, in: unquoted) }).first {
            text = String(rest.drop(while: \.isWhitespace))
            isAddressed = true
        } else {
            text = unquoted
            isAddressed = mentionedUserIDs?.contains(botUserID) ?? false
        }
    }

    /// The text after `name` (or `@name`) and its separator when `text` starts with them, compared
    /// without regard to case; nil otherwise.
    private static func after(name: String, in text: String) -> Substring? {
        var rest = text.drop(while: \.isWhitespace)
        if rest.first == "@", name.first != "@" { rest = rest.dropFirst() }
        let candidate = rest.prefix(name.count)
        guard candidate.count == name.count, candidate.lowercased() == name.lowercased() else { return nil }
        rest = rest.dropFirst(name.count)
        guard let separator = rest.first, separator == ":" || separator == "," || separator.isWhitespace else {
            return nil
        }
        return rest.dropFirst()
    }

    /// `body` without the quoted lines a client puts ahead of a reply (`> …`, then an empty line).
    private static func withoutReplyFallback(_ body: String) -> String {
        guard body.hasPrefix("> ") else { return body }
        let lines = body.split(separator: "\n", omittingEmptySubsequences: false)
        let rest = lines.drop { $0.hasPrefix(">") }.drop { $0.allSatisfy(\.isWhitespace) }
        return rest.joined(separator: "\n")
    }
}
