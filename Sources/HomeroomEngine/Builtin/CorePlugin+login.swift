import Foundation
import HomeroomCore

extension CorePlugin {
    var loginCommand: Command {
        Command(
            "login", summary: "log in with your admin PIN — in a direct message only", usage: "PIN",
            examples: [
                .init("login 4321", "log in for the configured time (8 hours by default)", answerContains: "logged in")
            ],
            rateLimit: RateLimit(burst: 6, perMinute: 6)
        ) { [login] context in
            let words = context.words
            if let channel = context.message.conversation.channelName {
                try await AuditLog.record(
                    AuditEntry(
                        at: context.now, actor: context.caller.user, action: "login.pin-in-channel",
                        detail: "a PIN was typed in a channel and not checked", channel: channel),
                    in: context.storage.database)
                throw UserFacingError(
                    words(
                        "never type your PIN in a channel: it was not checked. Send {command} PIN to me in a direct message, and ask an admin for a new PIN, since others may have seen this one.",
                        ["command": context.typed("login")]))
            }
            guard context.arguments.count == 1 else { throw context.usageError() }
            let outcome: PinLogin.Outcome
            do {
                outcome = try await login.logIn(
                    context.caller.user, pin: context.arguments[0], schoolLanguage: context.school.language)
            } catch is PinLogin.FailureNotCounted {
                throw UserFacingError(words("the wrong PIN could not be counted — try again"))
            }
            switch outcome {
            case .loggedIn(let until):
                return Reply.privately(
                    words(
                        "logged in until {time}; {command} ends it",
                        ["time": context.school.clockTime(at: until), "command": context.typed("logout")]))
            case .wrongPIN(let triesLeft):
                throw UserFacingError(
                    words.plural(
                        "wrong PIN — {count} try left before a lock", "wrong PIN — {count} tries left before a lock",
                        count: triesLeft))
            case .locked(let until):
                throw UserFacingError(
                    words(
                        "too many wrong PINs: logins for {user} are locked until {time}",
                        ["user": "\(context.caller.user)", "time": context.school.clockTime(at: until)]))
            case .noPIN:
                throw UserFacingError(
                    words(
                        "no PIN is set for {user} — an admin sets one with: {command}",
                        [
                            "user": "\(context.caller.user)",
                            "command": "homeroom admin set-pin \(context.caller.user)",
                        ]))
            }
        }
    }

    var logoutCommand: Command {
        Command(
            "logout", summary: "end your admin login",
            examples: [.init("logout", "end your login now", answerContains: "logged out")]
        ) {
            [login] context in
            let words = context.words
            let ended = try await login.logOut(context.caller.user)
            return Reply.privately(ended ? words("logged out") : words("you were not logged in"))
        }
    }
}
