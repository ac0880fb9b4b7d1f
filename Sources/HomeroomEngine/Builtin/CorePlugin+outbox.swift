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
            let waiting = try await outbox.pendingCounts()
            let deadCount = try await outbox.deadLetterCount()
            let letters = try await outbox.deadLetters(limit: 10)
            let total = waiting.values.reduce(0, +)
            var lines = [
                total == 0
                    ? "Nothing waits for delivery."
                    : "\(total) waiting: "
                        + waiting.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
                        + "."
            ]
            guard deadCount > 0 else { return Reply.privately(lines[0] + " Nothing was given up.") }
            lines.append("\(deadCount) given up\(deadCount > letters.count ? ", the last \(letters.count)" : ""):")
            for letter in letters {
                let message = letter.message
                let preview = message.lines.first.map { $0.count > 60 ? $0.prefix(59) + "…" : $0 } ?? ""
                lines.append(
                    "#\(message.id) \(message.adapter) → \(message.target) after \(message.failedAttempts) "
                        + "attempt\(message.failedAttempts == 1 ? "" : "s"): \(letter.lastError ?? "no error recorded") "
                        + "— \"\(preview)\"")
            }
            lines.append("Send one again with \(context.typed("admin outbox retry")) NUMBER.")
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
            guard
                try await outbox.retryDeadLetter(
                    id, audit: context.auditEntry("admin.outbox.retry", "notification \(id)"))
            else {
                throw UserFacingError("no given-up notification #\(id) — \(context.typed("admin outbox")) lists them")
            }
            return Reply.privately("Notification #\(id) is queued again.")
        }
    }
}
