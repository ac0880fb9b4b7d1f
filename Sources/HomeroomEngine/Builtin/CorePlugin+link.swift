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
            let words = context.words
            guard context.message.conversation.channelName == nil else {
                throw UserFacingError(
                    words(
                        "send {command} to me in a direct message: a code typed in a channel is no secret",
                        ["command": context.typed("link")]))
            }
            let links = IdentityLinks(database: context.storage.database)
            guard let code = context.arguments.first else {
                let code = try await links.issueCode(
                    for: context.caller.user, at: context.now,
                    audit: context.auditEntry("link.code", "a one-time link code for \(context.caller.user)"))
                let typed = "\(code.prefix(4))-\(code.dropFirst(4))"
                return Reply(
                    lines: [
                        words(
                            "Your code is {code}, for 10 minutes and one use. On your other account, send me: {command}",
                            ["code": typed, "command": "\(context.typed("link")) \(typed)"]),
                        words(
                            "Your settings here will count there too, and direct messages will come to {person}.",
                            ["person": "\(context.caller.person)"]),
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
                        words(
                            "Linked: {user} and {home} are one person now, with the settings of {home}.",
                            ["user": "\(context.caller.user)", "home": "\(home)"]),
                        words(
                            "{me} shows them; {unlink} splits them again.",
                            [
                                "me": context.typed("me"),
                                "unlink": "\(context.typed("unlink")) \(context.caller.user.adapter)",
                            ]),
                    ], visibility: .sender)
            case .unknownCode:
                throw UserFacingError(
                    words(
                        "that code is wrong or has expired — type {command} on your other account for a new one",
                        ["command": context.typed("link")]))
            case .sameIdentity:
                throw UserFacingError(words("that code was made for this account: type it on your other account"))
            case .adapterTaken(let other):
                throw UserFacingError(
                    words(
                        "{other} is linked there already — {command} on it first",
                        ["other": "\(other)", "command": "\(context.typed("unlink")) \(other.adapter)"]))
            case .alreadyLinked(let identities):
                throw UserFacingError(
                    words(
                        "this account is linked with {identities} — {command} ADAPTER first",
                        [
                            "identities": words.items(
                                identities.filter { $0 != context.caller.user }.map(\.description)),
                            "command": context.typed("unlink"),
                        ]))
            }
        }
    }

    /// `/unlink ADAPTER`: splits one identity off the person again.
    var unlinkCommand: Command {
        Command(
            "unlink", summary: "split one of your linked accounts off again (irc, slack, …)", usage: "ADAPTER"
        ) { [login] context in
            guard context.arguments.count == 1 else { throw context.usageError() }
            let words = context.words
            let adapter = context.arguments[0].lowercased()
            let identities = context.caller.identities
            guard identities.count > 1 else {
                throw UserFacingError(
                    words("{user} is not linked with another account", ["user": "\(context.caller.user)"]))
            }
            guard
                let leaving = try await IdentityLinks(database: context.storage.database).unlink(
                    adapter: adapter, fromHome: context.caller.person,
                    audit: context.auditEntry("link.split", "\(adapter) split off \(context.caller.person)"))
            else {
                throw UserFacingError(
                    words(
                        "no linked account on {adapter} — yours are {identities}",
                        ["adapter": adapter, "identities": words.items(identities.map(\.description))]))
            }
            for identity in identities { login.directory.forget(identity) }
            if leaving == context.caller.person {
                return Reply.privately(
                    words(
                        "Split: {identity} is on its own again and keeps the settings; your other accounts have their own from before they were linked.",
                        ["identity": "\(leaving)"]))
            }
            return Reply.privately(
                words(
                    "Split: {identity} is on its own again, with its own settings from before it was linked; the rest stay with {person}.",
                    ["identity": "\(leaving)", "person": "\(context.caller.person)"]))
        }
    }
}
