import Foundation
import HomeroomCore

extension CorePlugin {
    /// `/announce status N`: per platform, what went out, what the platform reported delivered
    /// (where it reports deliveries), what waits, what is held for the morning and what failed or
    /// was reported undelivered (with why), who opted out or has no contact, and how long the last
    /// delivery took (to its delivery, where the platform reported it).
    func announcementStatus(_ context: CommandContext) async throws -> Reply {
        let words = context.words
        let announcement = try await announcement(numbered: context)
        let book = AnnouncementBook(database: context.storage.database)
        let progress = try await book.progress(of: announcement.id) ?? AnnouncementBook.Progress()
        let tallies = try await outbox.tally(
            keyPrefix: AnnouncementBook.keyPrefix(of: announcement.id), at: context.now)
        var lines = [
            words(
                "Announcement {number} to {audience} ({state}):",
                [
                    "number": String(announcement.id), "audience": Self.describe(announcement.audience, words),
                    "state": Self.describe(announcement.state, words),
                ])
        ]
        for (platform, tally) in tallies.sorted(by: { $0.key < $1.key }) {
            let (sent, pending) = (words.number(tally.sent), words.number(tally.pending))
            let (held, failed) = (words.number(tally.held), words.number(tally.failedCount))
            if let delivered = tally.delivered {
                lines.append(
                    words(
                        "{platform}: {sent} sent, {delivered} delivered, {pending} waiting, {held} held until the quiet hours end, {failed} failed",
                        [
                            "platform": platform, "sent": sent, "delivered": words.number(delivered),
                            "pending": pending, "held": held, "failed": failed,
                        ]))
            } else {
                lines.append(
                    words(
                        "{platform}: {sent} sent, {pending} waiting, {held} held until the quiet hours end, {failed} failed",
                        ["platform": platform, "sent": sent, "pending": pending, "held": held, "failed": failed]))
            }
            for (reason, count) in tally.failed.sorted(by: { ($1.value, $0.key) < ($0.value, $1.key) }).prefix(3) {
                lines.append(
                    words(
                        "{count} failed: {reason}",
                        ["count": words.number(count), "reason": String(reason.prefix(200))]))
            }
        }
        if tallies.isEmpty, announcement.state == .awaitingApproval || announcement.state == .scheduled {
            lines.append(words("Nothing has gone out yet."))
        }
        if progress.optedOut > 0 || progress.unreachable > 0 {
            lines.append(
                words(
                    "Left out: {optedOut} who opted out, {unreachable} the roster gives no contact for.",
                    ["optedOut": words.number(progress.optedOut), "unreachable": words.number(progress.unreachable)]))
        }
        if let started = progress.startedAt, let last = tallies.values.compactMap(\.lastDeliveryAt).max() {
            lines.append(
                words(
                    "The last message went out {seconds} s after sending began.",
                    ["seconds": words.number(max(0, Int(last.timeIntervalSince(started).rounded())))]))
        }
        return Reply(lines: lines, visibility: .sender)
    }

    /// `/announce retry N`: what failed, or was reported undelivered, goes out again.
    func retryAnnouncement(_ context: CommandContext) async throws -> Reply {
        let announcement = try await announcement(numbered: context)
        let retried = try await outbox.retryFailed(
            keyPrefix: AnnouncementBook.keyPrefix(of: announcement.id),
            audit: context.auditEntry("announce.retry", "announcement \(announcement.id)"))
        return Reply.privately(
            context.words.plural(
                "Announcement {number}: {count} failed message goes out again.",
                "Announcement {number}: {count} failed messages go out again.", count: retried,
                ["number": String(announcement.id)]))
    }

    /// `/announce cancel N`: stops what has not gone out yet.
    func cancelAnnouncement(_ context: CommandContext) async throws -> Reply {
        let words = context.words
        let announcement = try await announcement(numbered: context)
        guard
            let withdrawn = try await AnnouncementBook(database: context.storage.database).cancel(
                announcement.id, at: context.now,
                audit: context.auditEntry("announce.cancel", "announcement \(announcement.id)"))
        else {
            throw UserFacingError(
                words("announcement {number} was cancelled already", ["number": String(announcement.id)]))
        }
        return Reply.privately(
            words.plural(
                "Announcement {number} is cancelled: {count} message that had not gone out is stopped.",
                "Announcement {number} is cancelled: {count} messages that had not gone out are stopped.",
                count: withdrawn, ["number": String(announcement.id)]))
    }

    /// `/announce correct N "TEXT"`: a correction, to those who got N and no one else.
    func correctAnnouncement(_ context: CommandContext) async throws -> Reply {
        let words = context.words
        let original = try await announcement(numbered: context)
        guard context.arguments.count == 2 else { throw context.usageError() }
        let text = context.arguments[1].trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty, text.count <= AnnouncementRequest.maximumLength else { throw context.usageError() }
        // A cancelled announcement may have reached some before it was stopped: they get it.
        guard [.sent, .sending, .cancelled].contains(original.state) else {
            throw UserFacingError(
                words(
                    "announcement {number} has not gone out: cancel it and write it again",
                    ["number": String(original.id)]
                ))
        }
        if original.isUrgent, !context.caller.capabilities.allows("announce.urgent") {
            throw UserFacingError.missingPermission("announce.urgent", words)
        }
        var draft = AnnouncementBook.Draft(
            school: original.school, author: context.caller.user, text: text, audience: original.audience)
        draft.isUrgent = original.isUrgent
        draft.corrects = original.id
        let correction = try await AnnouncementBook(database: context.storage.database).add(
            draft, state: .scheduled, at: context.now,
            audit: context.auditEntry("announce.correct", "announcement \(original.id): \(text.prefix(200))"))
        return try await sendIfDue(correction, context)
    }

    /// `/announce list`: the latest ten.
    func listAnnouncements(_ context: CommandContext) async throws -> Reply {
        let words = context.words
        let latest = try await AnnouncementBook(database: context.storage.database).latest(
            10, school: district(context.services).hasOneSchool ? nil : context.services.schoolID)
        guard !latest.isEmpty else {
            return Reply.privately(
                words(
                    "No announcements yet. {command} shows how to send one.",
                    ["command": context.typed("help announce")]))
        }
        return Reply(
            lines: latest.map { announcement in
                words(
                    "{number}. {state}, to {audience}: {text}",
                    [
                        "number": String(announcement.id), "state": Self.describe(announcement.state, words),
                        "audience": Self.describe(announcement.audience, words),
                        "text": String(announcement.text.prefix(60)),
                    ])
            }, visibility: .sender)
    }

    /// `state` as a reader of `words` says it.
    static func describe(_ state: Announcement.State, _ words: Words) -> String {
        switch state {
        case .awaitingApproval: words("waiting for approval")
        case .scheduled: words("to go out")
        case .sending: words("going out")
        case .sent: words("sent")
        case .cancelled: words("cancelled")
        }
    }
}
