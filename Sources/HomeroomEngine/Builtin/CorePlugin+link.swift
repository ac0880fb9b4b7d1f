import Foundation
import HomeroomCore

extension CorePlugin {
    /// `/link` and `/link CODE`: one person across chat platforms.
    var linkCommand: Command {
        Command(
            "link", summary: "be one person on several chat platforms — in a direct message only", usage: "[CODE]",
            examples: [.init("link", "a one-time code to type on your other account", answerContains: "code")],
            rateLimit: RateLimit(burst: 3, perMinute: 1)
        ) { [login] context in
            guard context.message.conversation.channelName == nil else {
                throw UserFacingError(
                    "send \(context.typed("link")) to me in a direct message: a code typed in a channel is no secret")
            }
            let links = IdentityLinks(database: context.storage.database)
            guard let code = context.arguments.first else {
                let code = try await links.issueCode(
                    for: context.caller.user, at: context.now,
                    audit: context.auditEntry("link.code", "a one-time link code for \(context.caller.user)"))
                let typed = "\(code.prefix(4))-\(code.dropFirst(4))"
                return Reply(
                    lines: [
                        "Your code is \(typed), for 10 minutes and one use. On your other account, send me: "
                            + "\(context.typed("link")) \(typed)",
                        "Your settings here will count there too, and direct messages will come to "
                            + "\(context.caller.person).",
                    ], visibility: .sender)
            }
            guard context.arguments.count == 1 else { throw context.usageError() }
            let outcome = try await links.redeem(
                code, by: context.caller.user, at: context.now,
                audit: context.auditEntry("link.join", "\(context.caller.user) joins with a code"))
            switch outcome {
            case .linked(let home):
                for identity in context.caller.identities + [home] { login.directory.forget(identity) }
                return Reply(
                    lines: [
                        "Linked: \(context.caller.user) and \(home) are one person now, with the settings of \(home).",
                        "\(context.typed("me")) shows them; \(context.typed("unlink")) \(context.caller.user.adapter) "
                            + "splits them again.",
                    ], visibility: .sender)
            case .unknownCode:
                throw UserFacingError(
                    "that code is wrong or has expired — type \(context.typed("link")) on your other account for a new one"
                )
            case .sameIdentity:
                throw UserFacingError("that code was made for this account: type it on your other account")
            case .adapterTaken(let other):
                throw UserFacingError(
                    "\(other) is linked there already — \(context.typed("unlink")) \(other.adapter) on it first")
            case .alreadyLinked(let identities):
                throw UserFacingError(
                    "this account is linked with \(identities.filter { $0 != context.caller.user }.map(\.description).joined(separator: ", ")) — "
                        + "\(context.typed("unlink")) ADAPTER first")
            }
        }
    }

    /// `/unlink ADAPTER`: splits one identity off the person again.
    var unlinkCommand: Command {
        Command(
            "unlink", summary: "split one of your linked accounts off again (irc, slack, …)", usage: "ADAPTER"
        ) { [login] context in
            guard context.arguments.count == 1 else { throw context.usageError() }
            let adapter = context.arguments[0].lowercased()
            let identities = context.caller.identities
            guard identities.count > 1 else {
                throw UserFacingError("\(context.caller.user) is not linked with another account")
            }
            guard
                let leaving = try await IdentityLinks(database: context.storage.database).unlink(
                    adapter: adapter, fromHome: context.caller.person,
                    audit: context.auditEntry("link.split", "\(adapter) split off \(context.caller.person)"))
            else {
                throw UserFacingError(
                    "no linked account on \(adapter) — yours are \(identities.map(\.description).joined(separator: ", "))"
                )
            }
            for identity in identities { login.directory.forget(identity) }
            if leaving == context.caller.person {
                return Reply.privately(
                    "Split: \(leaving) is on its own again and keeps the settings; your other accounts have "
                        + "their own from before they were linked.")
            }
            return Reply.privately(
                "Split: \(leaving) is on its own again, with its own settings from before it was linked; "
                    + "the rest stay with \(context.caller.person).")
        }
    }
}
