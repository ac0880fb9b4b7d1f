import Foundation
import HomeroomCore

extension CorePlugin {
    /// `/admin outbox`: what waits for delivery and what was given up.
    var outboxCommand: Command {
        Command(
            "outbox", summary: "notifications waiting for delivery, and the ones given up",
            examples: [
                .init("admin outbox", "counts by adapter and the last messages given up", answerContains: "given up")
            ],
            access: .restricted
        ) { context in
            guard context.arguments.isEmpty else { throw context.usageError() }
            let words = context.words
            let waiting = try await outbox.pendingCounts()
            let deadCount = try await outbox.deadLetterCount()
            let letters = try await outbox.deadLetters(limit: 10)
            let total = waiting.values.reduce(0, +)
            let adapters = words.items(waiting.sorted { $0.key < $1.key }.map { "\($0.key) \(words.number($0.value))" })
            guard deadCount > 0 else {
                return Reply.privately(
                    total == 0
                        ? words("Nothing waits for delivery. Nothing was given up.")
                        : words.plural(
                            "{count} waiting: {adapters}. Nothing was given up.",
                            "{count} waiting: {adapters}. Nothing was given up.", count: total,
                            ["adapters": adapters]))
            }
            var lines = [
                total == 0
                    ? words("Nothing waits for delivery.")
                    : words.plural(
                        "{count} waiting: {adapters}.", "{count} waiting: {adapters}.", count: total,
                        ["adapters": adapters])
            ]
            lines.append(
                deadCount > letters.count
                    ? words.plural(
                        "{count} given up, the last {shown}:", "{count} given up, the last {shown}:", count: deadCount,
                        ["shown": words.number(letters.count)])
                    : words.plural("{count} given up:", "{count} given up:", count: deadCount))
            for letter in letters {
                let message = letter.message
                let preview = message.lines.first.map { $0.count > 60 ? $0.prefix(59) + "…" : $0 } ?? ""
                lines.append(
                    words.plural(
                        "#{id} {adapter} → {target} after {count} attempt: {error} — \"{preview}\"",
                        "#{id} {adapter} → {target} after {count} attempts: {error} — \"{preview}\"",
                        count: message.failedAttempts,
                        [
                            "id": "\(message.id)", "adapter": message.adapter, "target": "\(message.target)",
                            "error": letter.lastError ?? words("no error recorded"), "preview": String(preview),
                        ]))
            }
            lines.append(
                words("Send one again with {command} NUMBER.", ["command": context.typed("admin outbox retry")]))
            return Reply(lines: lines, visibility: .sender)
        }
    }

    /// `/admin outbox retry N`: a given-up notification queued again.
    var outboxRetryCommand: Command {
        Command(
            "outbox retry", summary: "send a given-up notification again (its number from /admin outbox)",
            usage: "NUMBER", access: .restricted
        ) { context in
            guard context.arguments.count == 1, let id = Int64(context.arguments[0].trimmingCharacters(in: ["#"]))
            else {
                throw context.usageError()
            }
            let words = context.words
            guard
                try await outbox.retryDeadLetter(
                    id, audit: context.auditEntry("admin.outbox.retry", "notification \(id)"))
            else {
                throw UserFacingError(
                    words(
                        "no given-up notification #{id} — {command} lists them",
                        ["id": "\(id)", "command": context.typed("admin outbox")]))
            }
            return Reply.privately(words("Notification #{id} is queued again.", ["id": "\(id)"]))
        }
    }
}
