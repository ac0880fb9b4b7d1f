import HomeroomCore
import HomeroomEngine

/// Turns a reply into IRC lines for one conversation: cut to fit the relayed 512-byte line, in a
/// channel the compact form where the reply has one, at most a few lines there with the rest
/// kept for `!more`, and room left on the first line for the names of those it answers. What it
/// adds of its own (the `!more` hints, the note that a long answer went privately) is said in the
/// reply's language, and cut to the line's bytes like the rest.
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
        let words = Words(.irc, reply.language ?? .english)
        guard let channel else { return [directDelivery(reply.lines, to: sender, command: "PRIVMSG", words)] }
        // An answer for the sender alone goes to them as a NOTICE, the IRC way to whisper in a
        // channel; its compact form too, with the rest kept for the sender's own `!more`.
        if reply.isForAskerAlone {
            if !reply.isError, let compact = reply.channelLines, !compact.isEmpty {
                return [compactDelivery(compact, full: reply.lines, to: sender, command: "NOTICE", words)]
            }
            return [directDelivery(reply.lines, to: sender, command: "NOTICE", words)]
        }
        if let compact = reply.channelLines, !compact.isEmpty {
            return [compactDelivery(compact, full: reply.lines, to: channel, command: "PRIVMSG", words)]
        }
        let pieces = channelPieces(reply.lines, channel: channel)
        guard pieces.count > maximumLinesInChannel else {
            return [Delivery(target: channel, command: "PRIVMSG", lines: pieces, isChannelAnswer: true)]
        }
        if longAnswersInDirectMessage {
            let note = words("{nick}: the answer is long — sent to you privately", ["nick": sender])
            return [
                Delivery(
                    target: channel, command: "PRIVMSG", lines: fitted([note], target: channel, command: "PRIVMSG")),
                directDelivery(reply.lines, to: sender, command: "PRIVMSG", words),
            ]
        }
        return [page(pieces, channel: channel, words)]
    }

    /// The next page of kept lines (after `!more`) for `target`, sent with `command`, with a last
    /// line saying how many are left, in the language of the answer they were kept from.
    func morePage(_ page: MoreBook.Page, to target: String, command: String) -> [String] {
        guard page.remaining > 0 else { return page.lines }
        let words = Words(.irc, page.language ?? .english)
        return page.lines + moreNote(page.remaining, to: target, command: command, words)
    }

    /// How many kept lines one `!more` shows (one line is the note about the rest).
    var pageSize: Int { Self.pageSize(showing: maximumLinesInChannel) }

    /// How many kept lines one `!more` shows where a channel shows `maximumLinesInChannel`.
    static func pageSize(showing maximumLinesInChannel: Int) -> Int { maximumLinesInChannel - 1 }

    private func directDelivery(_ lines: [String], to nick: String, command: String, _ words: Words) -> Delivery {
        // A direct message may be longer, but not endless: pages of 15 lines.
        let pieces = fitted(lines, target: nick, command: command)
        guard pieces.count > 15 else { return Delivery(target: nick, command: command, lines: pieces) }
        var delivery = Delivery(target: nick, command: command, lines: Array(pieces.prefix(14)))
        delivery.kept = Array(pieces.dropFirst(14))
        delivery.lines += moreNote(delivery.kept.count, to: nick, command: command, words)
        return delivery
    }

    /// The compact lines with "more: !more" on the last, and the full answer kept for `!more`:
    /// for everyone in a channel, or (a NOTICE) for the sender alone.
    private func compactDelivery(
        _ compact: [String], full: [String], to target: String, command: String, _ words: Words
    ) -> Delivery {
        var lines = compact
        // Cut to the line's bytes below, with the hint as the language says it.
        lines[lines.count - 1] = words(
            "{answer} · more: {command}", ["answer": lines[lines.count - 1], "command": morePrefix + "more"])
        let isChannelAnswer = command == "PRIVMSG"
        return Delivery(
            target: target, command: command,
            lines: isChannelAnswer
                ? channelPieces(lines, channel: target) : fitted(lines, target: target, command: command),
            kept: fitted(full, target: target, command: command), isChannelAnswer: isChannelAnswer)
    }

    private func page(_ pieces: [String], channel: String, _ words: Words) -> Delivery {
        let shown = Array(pieces.prefix(pageSize))
        let kept = Array(pieces.dropFirst(pageSize))
        return Delivery(
            target: channel, command: "PRIVMSG", lines: shown + moreNote(kept.count, in: channel, words), kept: kept,
            isChannelAnswer: true)
    }

    /// The line saying `remaining` lines wait for `!more`, for `target` sent with `command`: one
    /// line in any language the catalogs hold, cut to the line's bytes all the same.
    private func moreNote(_ remaining: Int, to target: String, command: String, _ words: Words) -> [String] {
        fitted([moreNote(remaining, words)], target: target, command: command)
    }

    /// The line saying `remaining` lines wait for `!more`, in a channel answer (room left for names).
    private func moreNote(_ remaining: Int, in channel: String, _ words: Words) -> [String] {
        channelPieces([moreNote(remaining, words)], channel: channel)
    }

    /// "(3 more lines — type !more)".
    private func moreNote(_ remaining: Int, _ words: Words) -> String {
        words.plural(
            "({count} more line — type {command})", "({count} more lines — type {command})", count: remaining,
            ["command": morePrefix + "more"])
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
