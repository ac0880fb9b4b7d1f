import HomeroomCore

/// Turns a reply into IRC lines for one conversation: cut to fit the relayed 512-byte line, in a
/// channel the compact form where the reply has one, at most a few lines there with the rest
/// kept for `!more`, and room left on the first line for the names of those it answers.
struct IRCAnswerRenderer {
    let nick: String
    let userAndHost: String?
    let maximumLinesInChannel: Int
    let longAnswersInDirectMessage: Bool
    let morePrefix: String

    /// One delivery: where the lines go, and what is left for `!more`.
    struct Delivery {
        var target: String
        var command: String
        var lines: [String]
        var kept: [String] = []
        /// True for an answer to everyone in a channel: it is addressed to its askers when it
        /// goes out, and may be one answer for several.
        var isChannelAnswer = false
    }

    /// The deliveries for `reply` to `sender` in `channel` (nil: a direct message).
    func deliveries(for reply: Reply, sender: String, channel: String?) -> [Delivery] {
        guard let channel else { return [directDelivery(reply.lines, to: sender, command: "PRIVMSG")] }
        // An answer for the sender alone goes to them as a NOTICE, the IRC way to whisper in a
        // channel; its compact form too, with the rest kept for the sender's own `!more`.
        if reply.isForAskerAlone {
            if !reply.isError, let compact = reply.channelLines, !compact.isEmpty {
                return [compactDelivery(compact, full: reply.lines, to: sender, command: "NOTICE")]
            }
            return [directDelivery(reply.lines, to: sender, command: "NOTICE")]
        }
        if let compact = reply.channelLines, !compact.isEmpty {
            return [compactDelivery(compact, full: reply.lines, to: channel, command: "PRIVMSG")]
        }
        let pieces = channelPieces(reply.lines, channel: channel)
        guard pieces.count > maximumLinesInChannel else {
            return [Delivery(target: channel, command: "PRIVMSG", lines: pieces, isChannelAnswer: true)]
        }
        if longAnswersInDirectMessage {
            return [
                Delivery(
                    target: channel, command: "PRIVMSG",
                    lines: ["\(sender): the answer is long — sent to you privately"]),
                directDelivery(reply.lines, to: sender, command: "PRIVMSG"),
            ]
        }
        return [page(pieces, channel: channel)]
    }

    /// The next page of kept lines (after `!more`).
    func morePage(_ lines: [String], remaining: Int) -> [String] {
        remaining > 0 ? lines + [moreNote(remaining)] : lines
    }

    /// How many kept lines one `!more` shows (one line is the note about the rest).
    var pageSize: Int { Self.pageSize(showing: maximumLinesInChannel) }

    /// How many kept lines one `!more` shows where a channel shows `maximumLinesInChannel`.
    static func pageSize(showing maximumLinesInChannel: Int) -> Int { maximumLinesInChannel - 1 }

    private func directDelivery(_ lines: [String], to nick: String, command: String) -> Delivery {
        // A direct message may be longer, but not endless: pages of 15 lines.
        let pieces = fitted(lines, target: nick, command: command)
        guard pieces.count > 15 else { return Delivery(target: nick, command: command, lines: pieces) }
        var delivery = Delivery(target: nick, command: command, lines: Array(pieces.prefix(14)))
        delivery.kept = Array(pieces.dropFirst(14))
        delivery.lines.append(moreNote(delivery.kept.count))
        return delivery
    }

    /// The compact lines with "more: !more" on the last, and the full answer kept for `!more`:
    /// for everyone in a channel, or (a NOTICE) for the sender alone.
    private func compactDelivery(_ compact: [String], full: [String], to target: String, command: String)
        -> Delivery
    {
        var lines = compact
        lines[lines.count - 1] += " · more: \(morePrefix)more"
        let isChannelAnswer = command == "PRIVMSG"
        return Delivery(
            target: target, command: command,
            lines: isChannelAnswer
                ? channelPieces(lines, channel: target) : fitted(lines, target: target, command: command),
            kept: fitted(full, target: target, command: command), isChannelAnswer: isChannelAnswer)
    }

    private func page(_ pieces: [String], channel: String) -> Delivery {
        let shown = Array(pieces.prefix(pageSize))
        let kept = Array(pieces.dropFirst(pageSize))
        return Delivery(
            target: channel, command: "PRIVMSG", lines: shown + [moreNote(kept.count)], kept: kept,
            isChannelAnswer: true)
    }

    private func moreNote(_ remaining: Int) -> String {
        "(\(remaining) more line\(remaining == 1 ? "" : "s") — type \(morePrefix)more)"
    }

    /// Lines for everyone in `channel`, cut with room left for the names of those it answers.
    func channelPieces(_ lines: [String], channel: String) -> [String] {
        let budget = ReplySplitter.budget(nick: nick, userAndHost: userAndHost, target: channel, command: "PRIVMSG")
        return ReplySplitter.split(lines: lines, budget: budget - IRCAddressing.reservedForNames(budget: budget))
    }

    private func fitted(_ lines: [String], target: String, command: String) -> [String] {
        let budget = ReplySplitter.budget(nick: nick, userAndHost: userAndHost, target: target, command: command)
        return ReplySplitter.split(lines: lines, budget: budget)
    }
}
