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
            if let channel = context.message.conversation.channelName {
                try await AuditLog.record(
                    AuditEntry(
                        at: context.now, actor: context.caller.user, action: "login.pin-in-channel",
                        detail: "a PIN was typed in a channel and not checked", channel: channel),
                    in: context.storage.database)
                throw UserFacingError(
                    "never type your PIN in a channel: it was not checked. Send \(context.typed("login")) PIN to me "
                        + "in a direct message, and ask an admin for a new PIN, since others may have seen this one.")
            }
            guard context.arguments.count == 1 else { throw context.usageError() }
            switch try await login.logIn(context.caller.user, pin: context.arguments[0]) {
            case .loggedIn(let until):
                return Reply.privately(
                    "logged in until \(context.school.clockTime(at: until)); \(context.typed("logout")) ends it")
            case .wrongPIN(let triesLeft):
                throw UserFacingError("wrong PIN — \(triesLeft) \(triesLeft == 1 ? "try" : "tries") left before a lock")
            case .locked(let until):
                throw UserFacingError(
                    "too many wrong PINs: logins for \(context.caller.user) are locked until "
                        + "\(context.school.clockTime(at: until))")
            case .noPIN:
                throw UserFacingError(
                    "no PIN is set for \(context.caller.user) — an admin sets one with: homeroom admin set-pin \(context.caller.user)"
                )
            }
        }
    }

    var logoutCommand: Command {
        Command(
            "logout", summary: "end your admin login",
            examples: [.init("logout", "end your login now", answerContains: "logged out")]
        ) {
            [login] context in
            let ended = try await login.logOut(context.caller.user)
            return Reply.privately(ended ? "logged out" : "you were not logged in")
        }
    }
}
