import HomeroomCore

extension CorePlugin {
    /// `/me notify [sms | email]`: where a person the roster lists with several contacts wants
    /// notifications, so that each notice reaches them once, there.
    var meNotifyCommand: Command {
        Command(
            "notify", summary: "where your notifications go: text messages or e-mail", usage: "[sms | email]",
            examples: [
                .init(
                    "me notify", "where your notifications go, and the contacts you can choose",
                    answerContains: "otifications")
            ]
        ) { context in
            let words = context.words
            let roster = RosterBook(database: context.storage.database)
            guard let person = try await roster.person(home: context.caller.person) else {
                guard context.arguments.isEmpty else {
                    throw UserFacingError(
                        words(
                            "the school's roster lists no number or e-mail address for you, so there is nothing to choose"
                        ))
                }
                return Reply.privately(
                    words(
                        "Notifications come to this chat: the school's roster lists no number or e-mail address for you."
                    ))
            }
            let choices = NotifyChoice.allCases.filter { $0.contact(of: person) != nil }
            guard let typed = context.arguments.first else {
                let chosen = try await roster.notifyChoice(of: context.caller.person)
                let target = NotifyChoice.target(of: person, choosing: chosen)
                return Reply.privately(
                    words(
                        "Notifications go to {contact}. {command} and one of {choices} chooses.",
                        [
                            "contact": target.map { Self.shownContact($0, words) } ?? words("nowhere yet"),
                            "command": context.typed("me notify"),
                            "choices": words.items(choices.map(\.rawValue)),
                        ]))
            }
            guard context.arguments.count == 1, let choice = NotifyChoice(rawValue: typed.lowercased()) else {
                throw context.usageError()
            }
            guard let contact = choice.contact(of: person) else {
                throw UserFacingError(
                    choice == .sms
                        ? words("the school's roster lists no number for you: ask the school office to add it")
                        : words("the school's roster lists no e-mail address for you: ask the school office to add it"))
            }
            try await roster.setNotifyChoice(
                choice, of: context.caller.person, at: context.now,
                audit: context.auditEntry("me.notify", "\(context.caller.person) chose \(choice.rawValue)"))
            return Reply.privately(
                words("Done: your notifications go to {contact}.", ["contact": Self.shownContact(contact, words)]))
        }
    }

    /// The lines `/me` adds for a person the roster lists: who they are there, their students,
    /// and where notifications go.
    func rosterLines(_ context: CommandContext) async throws -> [String] {
        let roster = RosterBook(database: context.storage.database)
        guard let person = try await roster.person(home: context.caller.person) else { return [] }
        let words = context.words
        let contacts = person.contactIdentities.map { Self.shownContact($0, words) }
        var lines = [
            words(
                "The school's roster lists you as {name}, with {contacts}; the school office changes them.",
                [
                    "name": person.name,
                    "contacts": contacts.isEmpty ? words("no contacts") : words.items(contacts),
                ])
        ]
        if person.role == .guardian {
            let students = try await roster.students(ofGuardian: person.sourcedID).map { student in
                student.grade.map { words("{name} (grade {grade})", ["name": student.name, "grade": $0]) }
                    ?? student.name
            }
            if !students.isEmpty {
                lines.append(words("Your students: {students}.", ["students": words.items(students)]))
            }
        }
        let chosen = try await roster.notifyChoice(of: context.caller.person)
        if let target = NotifyChoice.target(of: person, choosing: chosen) {
            lines.append(
                words(
                    "Notifications go to {contact} — {command} changes it.",
                    ["contact": Self.shownContact(target, words), "command": context.typed("me notify")]))
        }
        return lines
    }

    /// A contact as `/me` shows it: "texts to +15551230000", "e-mail to ana@example.org".
    static func shownContact(_ identity: UserID, _ words: Words) -> String {
        identity.adapter == NotifyChoice.sms.rawValue
            ? words("texts to {number}", ["number": identity.id])
            : words("e-mail to {address}", ["address": identity.id])
    }
}
