import Foundation
import HomeroomCore
import HomeroomEngine

/// Turns a reply into Matrix messages: `m.notice`s with the plain lines in `body` and the same
/// lines as escaped HTML in `formatted_body`, mentioning only the people answered.
///
/// In a room, an answer starts with the names of those it answers (as IRC leads with the nick)
/// and uses the reply's short form for channels when it has one, cut to ``roomLines`` lines and
/// ``roomBytes`` bytes with a last line saying how many were left out. A reply for the sender
/// alone (``Reply/Visibility/sender``: an error, `/me`, `/day`…) typed in a room goes as a whole
/// to their direct room (Matrix has no ephemeral messages), and the room gets one line saying so
/// (``MatrixNotices/answeredInDirectRoom``): its text is never posted in the room. In a direct
/// room the whole reply goes out, within ``directLines`` and ``directBytes``.
///
/// Nobody can be pinged through what the bot repeats: `m.mentions` lists exactly the askers, the
/// HTML holds no link, and `@room` in the text is broken with a word joiner for older clients that
/// still ping from the body.
///
/// What it adds of its own (the names' "and N others", the note of lines left out, the line saying
/// where an answer went) is said in the reply's language, and escaped with the rest.
package struct MatrixAnswerRenderer: Sendable {
    /// Lines an answer shows in a room at most (the last one then says how many were left out).
    package static let roomLines = 30
    /// Bytes of body and HTML together an answer shows in a room at most.
    package static let roomBytes = 32_768
    /// Lines an answer shows in a direct room at most.
    package static let directLines = 300
    /// Bytes of body and HTML together an answer shows in a direct room at most (an event is at
    /// most 65,536 bytes).
    package static let directBytes = 48_000
    /// The longest line, in UTF-8 bytes; a longer one is cut and ends with `…`.
    package static let longestLine = 2000
    /// The room the names leading an answer may take, in UTF-8 bytes.
    static let namesRoom = 400

    /// True answers a command for one person as a reply to it (`m.in_reply_to`).
    package var replyToCommands: Bool

    /// A renderer.
    package init(replyToCommands: Bool) {
        self.replyToCommands = replyToCommands
    }

    /// The answer to `asker`'s command `question` (as typed, without the bot's name), in a room
    /// (`inRoom`) or a direct room. `directRoomID` is the asker's direct room, where a reply for
    /// them alone to a command typed in a room goes (nil: none could be had, and the room is told so).
    package func answer(
        to reply: Reply, from asker: MatrixAsker, inRoom: Bool, question: String, directRoomID: String? = nil
    ) -> MatrixAnswer {
        guard !reply.lines.isEmpty else { return .none }
        let language = reply.language ?? .english
        let words = Words(.matrix, language)
        let replyTo = replyToCommands ? asker.eventID : nil
        let isUrgent = reply.retryAfterSeconds != nil
        guard inRoom else {
            let lines =
                isUrgent
                ? Array(reply.lines.prefix(1))
                : Self.fitted(
                    reply.lines, maximumLines: Self.directLines, budget: Self.directBytes,
                    note: { Self.directCutNote($0, words) })
            let notice = message(lines, mentioning: [asker.userID], inReplyTo: replyTo)
            return isUrgent ? .urgent(notice) : .message(notice)
        }
        let question = reply.advances ? nil : question
        if reply.isForAskerAlone {
            guard let directRoomID else {
                return .message(
                    addressed(
                        [MatrixNotices.noDirectRoom(words)], to: [asker], others: 0, inReplyTo: replyTo,
                        language: language))
            }
            let lines = Self.fitted(
                reply.lines, maximumLines: Self.directLines, budget: Self.directBytes,
                note: { Self.directCutNote($0, words) })
            // A reply across rooms is no reply: the direct message stands alone.
            return .privately(
                direct: message(lines, mentioning: [asker.userID], inReplyTo: nil), directRoomID: directRoomID,
                pointer: addressed(
                    [MatrixNotices.answeredInDirectRoom(words)], to: [asker], others: 0, inReplyTo: replyTo,
                    language: language),
                question: question, isUrgent: isUrgent)
        }
        let short = reply.channelLines.flatMap { $0.isEmpty ? nil : $0 } ?? reply.lines
        let lines = Self.fitted(
            short, maximumLines: Self.roomLines, budget: Self.roomBytes, note: { Self.roomCutNote($0, words) })
        return .forEveryone(lines: lines, question: question)
    }

    /// `lines` for a room, led by the names of `askers` (and "and N others" for `others` more, in
    /// `language`), mentioning exactly them, a reply to `inReplyTo` when set.
    package func addressed(
        _ lines: [String], to askers: [MatrixAsker], others: Int, inReplyTo: String?, language: Language = .english
    ) -> MatrixMessage {
        guard let first = lines.first, !askers.isEmpty else {
            return message(lines, mentioning: [], inReplyTo: inReplyTo)
        }
        let names = AddresseeList.text(
            askers.map(\.name), others: others, room: Self.namesRoom, Words(.engine, language))
        var mentioned: [String] = []
        var seen: Set<String> = []
        for asker in askers where seen.insert(asker.userID).inserted { mentioned.append(asker.userID) }
        return message([names + ": " + first] + lines.dropFirst(), mentioning: mentioned, inReplyTo: inReplyTo)
    }

    /// A notice of `lines`, mentioning `userIDs` only, a reply to `inReplyTo` when set.
    package func message(_ lines: [String], mentioning userIDs: [String], inReplyTo: String?) -> MatrixMessage {
        let lines = lines.map(Self.defused)
        return MatrixMessage(
            body: lines.joined(separator: "\n"),
            formattedBody: lines.map(\.escapingMarkupAttribute).joined(separator: "<br>"),
            mentionedUserIDs: userIDs, inReplyTo: inReplyTo)
    }

    /// The answer to `asker`'s command that the bot was stopped in the middle of
    /// (``MatrixNotices/interrupted(_:)``), in a room (`inRoom`) or a direct room. No reply says
    /// which language to tell it in: English.
    package func interrupted(_ asker: MatrixAsker, inRoom: Bool) -> MatrixAnswer {
        let replyTo = replyToCommands ? asker.eventID : nil
        let words = Words(.matrix, .english)
        return .message(
            inRoom
                ? addressed([MatrixNotices.interrupted(words)], to: [asker], others: 0, inReplyTo: replyTo)
                : message([MatrixNotices.interrupted(words)], mentioning: [asker.userID], inReplyTo: replyTo))
    }

    /// The line that points late askers to the answer in `language` that went out just before.
    package func pointer(to askers: [MatrixAsker], language: Language = .english) -> MatrixMessage {
        let words = Words(.matrix, language)
        return addressed(
            [words("see the answer just above")], to: askers, others: 0, inReplyTo: nil, language: language)
    }

    /// The last line of an answer cut in a direct room.
    static func directCutNote(_ count: Int, _ words: Words) -> String {
        words.plural("… {count} more line not shown", "… {count} more lines not shown", count: count)
    }

    /// The last line of an answer cut in a room.
    static func roomCutNote(_ count: Int, _ words: Words) -> String {
        words.plural(
            "… {count} more line: ask me in a direct message to see them all",
            "… {count} more lines: ask me in a direct message to see them all", count: count)
    }

    /// `lines`, each at most ``longestLine`` bytes, as many as fit in `maximumLines` lines and
    /// `budget` bytes of body and escaped HTML; when some are left out, the last line shown is
    /// `note` of how many.
    package static func fitted(_ lines: [String], maximumLines: Int, budget: Int, note: (Int) -> String)
        -> [String]
    {
        var shown: [String] = []
        var used = 0
        let noteCost = 400
        for (index, line) in lines.enumerated() {
            let line = shortened(line)
            let cost = line.utf8.count + line.escapingMarkupAttribute.utf8.count + 5
            let isLast = index == lines.count - 1
            let lineRoom = isLast ? maximumLines : maximumLines - 1
            let byteRoom = isLast ? budget : budget - noteCost
            guard shown.count < lineRoom, used + cost <= byteRoom else {
                shown.append(note(lines.count - index))
                return shown
            }
            shown.append(line)
            used += cost
        }
        return shown
    }

    /// `line` cut to at most ``longestLine`` UTF-8 bytes on a character boundary, ending with `…` when cut.
    static func shortened(_ line: String) -> String {
        guard line.utf8.count > longestLine else { return line }
        var result = ""
        var bytes = 0
        for character in line {
            let size = character.utf8.count
            guard bytes + size <= longestLine - 3 else { break }
            result.append(character)
            bytes += size
        }
        return result + "…"
    }

    /// `text` with `@room` broken by a word joiner, so that no client pings the room from it.
    static func defused(_ text: String) -> String {
        guard text.localizedCaseInsensitiveContains("@room") else { return text }
        var result = ""
        var rest = Substring(text)
        while let range = rest.range(of: "@room", options: .caseInsensitive) {
            result += rest[..<range.lowerBound]
            result += "@\u{2060}" + rest[rest.index(after: range.lowerBound)..<range.upperBound]
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
