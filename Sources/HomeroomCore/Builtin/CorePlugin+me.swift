import Foundation
import SQLKit

extension CorePlugin {
    /// `/me`: what Homeroom knows about the asker; `/me forget` and `/me forget yes` delete it.
    var meCommand: Command {
        Command(
            "me", summary: "what Homeroom knows about you, and how to change or delete it",
            examples: [.init("me", "your roles, settings, subscriptions, circles and linked accounts")],
            subcommands: [forgetCommand, forgetConfirmedCommand]
        ) { context in
            guard context.arguments.isEmpty else { throw context.usageError() }
            let caller = context.caller
            var lines = ["You are \(caller.user)."]
            let others = caller.identities.filter { $0 != caller.user }
            lines.append(
                others.isEmpty
                    ? "Linked accounts: none — \(context.typed("link")) joins another."
                    : "Linked with \(others.map(\.description).joined(separator: ", ")); settings are kept under "
                        + "\(caller.person) — \(context.typed("unlink")) ADAPTER splits one off.")
            if caller.roles.isEmpty {
                lines.append("Roles: none.")
            } else {
                let inForce =
                    context.message.senderIsVerified || caller.isLoggedIn
                    ? "" : " (\(context.typed("login")) PIN puts them in force)"
                lines.append(
                    "Roles: \(caller.roles.joined(separator: ", "))\(caller.isLoggedIn ? ", logged in" : "")\(inForce)."
                )
            }
            for (pluginID, data) in personal {
                lines += try await data.describe(
                    context.handingOver(to: pluginID, arguments: [], asDirectMessage: true))
            }
            let subscriptions = try await subscriptions(
                of: context.handingOver(to: Self.id, arguments: [], asDirectMessage: true)
            ).map { topic, time in time.map { "\(topic.name) at \($0)" } ?? topic.name }
            lines.append(
                subscriptions.isEmpty
                    ? "Subscriptions: none — \(context.typed("subscribe")) lists the topics."
                    : "Subscriptions: \(subscriptions.joined(separator: ", ")) — \(context.typed("unsubscribe")) TOPIC."
            )
            lines.append("\(context.typed("me forget")) deletes all of this.")
            return Reply(lines: lines, visibility: .sender)
        }
    }

    static let forgetAction = "me.forget"

    /// `/me forget`: says what would be deleted and asks for `/me forget yes`.
    private var forgetCommand: Command {
        Command(
            "forget", summary: "delete what Homeroom keeps about you (asks first)",
            examples: [.init("me forget", "what would be deleted, and how to confirm")]
        ) { context in
            guard context.arguments.isEmpty else { throw context.usageError() }
            try await PendingConfirmations.ask(
                context.caller.user, Self.forgetAction, at: context.now, in: context.storage.database)
            let what =
                personal.map(\.data.summary)
                + ["your subscriptions", "your linked accounts", "notifications waiting for you"]
            return Reply(
                lines: [
                    "This deletes \(what.joined(separator: ", ")), for every account of yours "
                        + "(\(context.caller.identities.map(\.description).joined(separator: ", "))).",
                    "Kept: roles and PINs (an admin's to change), what you added for others (events, recipes), "
                        + "and the audit log, which will say that you asked.",
                    "To go on, send \(context.typed("me forget yes")) within 5 minutes.",
                ], visibility: .sender)
        }
    }

    /// `/me forget yes`: deletes the person's data in one transaction, audited without the data.
    private var forgetConfirmedCommand: Command {
        Command("forget yes", summary: "confirm deleting what Homeroom keeps about you") { context in
            guard context.arguments.isEmpty else { throw context.usageError() }
            let caller = context.caller
            let now = context.now
            let contexts = personal.map { (context.handingOver(to: $0.pluginID, arguments: []), $0.data) }
            let audit = context.auditEntry(
                Self.forgetAction,
                "personal data of \(caller.person) deleted (\(caller.identities.count) account"
                    + "\(caller.identities.count == 1 ? "" : "s"))")
            let confirmed = try await context.storage.write { db in
                guard try await PendingConfirmations.take(caller.user, Self.forgetAction, at: now, on: db) else {
                    return false
                }
                for (pluginContext, data) in contexts { try await data.forget(pluginContext, db) }
                try await SubscriptionBook.forget(caller.identities, on: db)
                try await Outbox.forget(caller.identities, on: db)
                try await IdentityLinks.forget(home: caller.person, identities: caller.identities, on: db)
                try await PendingConfirmations.forget(caller.identities, on: db)
                try await AuditLog.insert(audit, into: db)
                return true
            }
            guard confirmed else {
                throw UserFacingError(
                    "nothing to confirm: \(context.typed("me forget")) first, then \(context.typed("me forget yes")) "
                        + "within 5 minutes")
            }
            for identity in caller.identities { login.directory.forget(identity) }
            return Reply.privately("Done: Homeroom has forgotten your settings, subscriptions and linked accounts.")
        }
    }
}
