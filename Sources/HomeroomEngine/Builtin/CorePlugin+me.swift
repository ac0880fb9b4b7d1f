import Foundation
import HomeroomCore
import SQLKit

extension CorePlugin {
    /// `/me`: what Homeroom knows about the asker; `/me forget` and `/me forget yes` delete it.
    var meCommand: Command {
        Command(
            "me", summary: "what Homeroom knows about you, and how to change or delete it",
            examples: [
                .init(
                    "me", "your roles, settings, subscriptions, circles and linked accounts", answerContains: "Roles: ")
            ],
            subcommands: [forgetCommand, forgetConfirmedCommand, meLanguageCommand, meNotifyCommand]
                + (district == nil ? [] : [meSchoolCommand])
        ) { context in
            guard context.arguments.isEmpty else { throw context.usageError() }
            let words = context.words
            let caller = context.caller
            var lines = [words("You are {user}.", ["user": "\(caller.user)"])]
            let others = caller.identities.filter { $0 != caller.user }
            lines.append(
                others.isEmpty
                    ? words("Linked accounts: none — {command} joins another.", ["command": context.typed("link")])
                    : words(
                        "Linked with {identities}; settings are kept under {person} — {command} ADAPTER splits one off.",
                        [
                            "identities": words.items(others.map(\.description)), "person": "\(caller.person)",
                            "command": context.typed("unlink"),
                        ]))
            if caller.roles.isEmpty {
                lines.append(words("Roles: none."))
            } else {
                let inForce = context.message.senderIsVerified || caller.isLoggedIn
                let values: KeyValuePairs<String, String> = [
                    "roles": words.items(caller.roles), "command": context.typed("login"),
                ]
                switch (caller.isLoggedIn, inForce) {
                case (true, _): lines.append(words("Roles: {roles}, logged in.", values))
                case (false, true): lines.append(words("Roles: {roles}.", values))
                case (false, false): lines.append(words("Roles: {roles} ({command} PIN puts them in force).", values))
                }
            }
            if let district = district?.district {
                for (id, roles) in caller.schoolRoles.sorted(by: { $0.key < $1.key }) {
                    lines.append(
                        words(
                            "Roles at {school}: {roles}.",
                            ["school": district.school(id: id)?.name ?? id, "roles": words.items(roles.sorted())]))
                }
            }
            if let district = district?.district, let school = caller.school.flatMap(district.school(id:)) {
                lines.append(
                    words(
                        "Your school is {school}. {command} SCHOOL changes it.",
                        ["school": school.name, "command": context.typed("me school")]))
            }
            lines += try await rosterLines(context)
            for (pluginID, data) in everyonesPersonalData {
                lines += try await data.describe(
                    context.handingOver(to: pluginID, arguments: [], asDirectMessage: true))
            }
            lines.append(words("{command} deletes all of this.", ["command": context.typed("me forget")]))
            return Reply(lines: lines, visibility: .sender)
        }
    }

    static let forgetAction = "me.forget"

    /// What the runtime keeps about a person: their subscriptions (the last line of `/me`), linked
    /// accounts, notifications waiting for them and questions waiting for their answer.
    package var personalData: PersonalData {
        PersonalData(
            "your language, your school, your subscriptions, your linked accounts, notifications waiting for you, the chat platforms' direct-message channels and conversation references for you",
            columns: [
                .erased("subscriptions", "target"), .erased("outbox", "target"), .erased("identity_links", "identity"),
                .erased("identity_links", "home"), .erased("link_codes", "identity"),
                .erased("confirmations", "identity"), .erased("adapter_state", "person"),
                .erased("person_languages", "person"), .erased("console_links", "identity"),
                .erased("school_people", "person"),
                .erased("console_sessions", "identity"), .erased("notify_choices", "person"),
                .erased("announcement_subscribers", "target"),
                .kept("subscriptions", "created_by", because: "a channel's subscription stays, with who made it"),
                .kept("roles", "identity", because: "roles are an admin's to change"),
                .kept("roles", "granted_by", because: "the record of which admin granted a role"),
                .kept("school_roles", "identity", because: "roles are an admin's to change"),
                .kept("school_roles", "granted_by", because: "the record of which admin granted a role"),
                .kept("school_places", "set_by", because: "the record of which admin set a channel's school"),
                .kept("pins", "identity", because: "PINs are an admin's to change"),
                .kept("sessions", "identity", because: "a login expires within hours and is pruned"),
                .kept("login_failures", "identity", because: "failure counts expire and are pruned"),
                .kept("audit", "actor", because: "the audit log records who changed what, and that they asked"),
                .kept("channel_switches", "target", because: "it names a plugin or command, never a person"),
                .kept("outbox", "claimed_by", because: "it names the delivery worker, never a person"),
                .kept("announcements", "author", because: "the record of who wrote what the school sent to everyone"),
                .kept("announcements", "approved_by", because: "the record of who approved what the school sent"),
                .kept("announcements", "claimed_by", because: "it names the instance sending it, never a person"),
                .kept("roster_people", "email", because: Self.rosterReason),
                .kept("roster_people", "sms", because: Self.rosterReason),
                .kept("roster_people", "phone", because: Self.rosterReason),
                .kept("roster_guardians", "student", because: Self.rosterReason),
                .kept("roster_enrollments", "person", because: Self.rosterReason),
            ],
            describe: { context in
                let words = context.words
                let subscriptions = try await subscriptions(of: context).map { topic, time in
                    time.map { words("{topic} at {time}", ["topic": topic.name, "time": $0]) } ?? topic.name
                }
                return [
                    subscriptions.isEmpty
                        ? words(
                            "Subscriptions: none — {command} lists the topics.", ["command": context.typed("subscribe")]
                        )
                        : words(
                            "Subscriptions: {subscriptions} — {command} TOPIC.",
                            ["subscriptions": words.items(subscriptions), "command": context.typed("unsubscribe")])
                ]
            },
            forget: { context, db in
                let caller = context.caller
                try await SubscriptionBook.forget(caller.identities, on: db)
                try await AnnouncementBook.forgetSubscriptions(of: caller.identities, on: db)
                try await Outbox.forget(caller.identities, on: db)
                try await IdentityLinks.forget(home: caller.person, identities: caller.identities, on: db)
                try await PendingConfirmations.forget(caller.identities, on: db)
                try await AdapterState.forget(caller.identities, on: db)
                try await PersonLanguages.forget(caller.person, on: db)
                try await RosterBook.forgetChoice(of: caller.person, on: db)
            })
    }

    /// Why the roster's rows stay after `/me forget`.
    static let rosterReason =
        "the school's roster brings them back at each import; the school office changes them"

    /// Every plugin's personal data that `/me` shows and `/me forget` deletes, then the runtime's own.
    private var everyonesPersonalData: [(pluginID: String, data: PersonalData)] {
        personal + [(Self.id, personalData)]
    }

    /// `/me forget`: says what would be deleted and asks for `/me forget yes`.
    private var forgetCommand: Command {
        Command(
            "forget", summary: "delete what Homeroom keeps about you (asks first)",
            examples: [.init("me forget", "what would be deleted, and how to confirm", answerContains: "forget")]
        ) { context in
            guard context.arguments.isEmpty else { throw context.usageError() }
            try await PendingConfirmations.ask(
                context.caller.user, Self.forgetAction, at: context.now, in: context.storage.database)
            let words = context.words
            let listed = try await RosterBook(database: context.storage.database).person(home: context.caller.person)
            // Each plugin's summary in its own words.
            let what = everyonesPersonalData.compactMap { entry in
                entry.data.summary.map { context.wordsOfPlugin(entry.pluginID).translating($0) }
            }
            return Reply(
                lines: [
                    words(
                        "This deletes {what}, for every account of yours ({identities}).",
                        [
                            "what": words.items(what),
                            "identities": words.items(context.caller.identities.map(\.description)),
                        ]),
                    words(
                        "Kept: roles and PINs (an admin's to change), what you added for others (events, recipes), and the audit log, which will say that you asked."
                    ),
                ]
                    + (listed == nil
                        ? []
                        : [
                            words(
                                "Also kept: your name, contacts and students from the school's roster, which the next import would bring back; the school office changes them."
                            )
                        ])
                    + [
                        words(
                            "To go on, send {command} within 5 minutes.", ["command": context.typed("me forget yes")])
                    ], visibility: .sender)
        }
    }

    /// `/me forget yes`: deletes the person's data in one transaction, audited without the data.
    private var forgetConfirmedCommand: Command {
        Command("forget yes", summary: "confirm deleting what Homeroom keeps about you") { context in
            guard context.arguments.isEmpty else { throw context.usageError() }
            let caller = context.caller
            let now = context.now
            let contexts = everyonesPersonalData.map {
                (context.handingOver(to: $0.pluginID, arguments: []), $0.data)
            }
            let audit = context.auditEntry(
                Self.forgetAction,
                "personal data of \(caller.person) deleted (\(caller.identities.count) account"
                    + "\(caller.identities.count == 1 ? "" : "s"))")
            let confirmed = try await context.storage.write { db in
                guard try await PendingConfirmations.take(caller.user, Self.forgetAction, at: now, on: db) else {
                    return false
                }
                for (pluginContext, data) in contexts { try await data.forget(pluginContext, db) }
                try await AuditLog.insert(audit, into: db)
                return true
            }
            let words = context.words
            guard confirmed else {
                throw UserFacingError(
                    words(
                        "nothing to confirm: {forget} first, then {confirm} within 5 minutes",
                        ["forget": context.typed("me forget"), "confirm": context.typed("me forget yes")]))
            }
            for identity in caller.identities { login.directory.forget(identity) }
            return Reply.privately(
                words("Done: Homeroom has forgotten your settings, subscriptions and linked accounts."))
        }
    }
}
