import Foundation
import HomeroomCore

extension EventsPlugin {
    var clubsCommand: Command {
        Command(
            "clubs", summary: "the clubs and activities, or those of one kind", usage: "[sports | arts | academic | …]",
            examples: [
                .init("clubs", "every club", answerContains: "Clubs:"),
                .init("clubs sports", "the sports teams and clubs", answerContains: "Clubs (sports):"),
            ]
        ) { context in
            let words = context.words
            let category = context.arguments.isEmpty ? nil : context.arguments.joined(separator: " ").lowercased()
            let store = ClubStore(storage: context.storage)
            let clubs = try await store.clubs(in: category)
            guard !clubs.isEmpty else {
                let kinds = Set(try await store.clubs().compactMap(\.category)).sorted()
                if let category, !kinds.isEmpty {
                    throw UserFacingError(
                        words(
                            "no {category} clubs — the kinds are {kinds}",
                            ["category": category, "kinds": words.items(kinds)]))
                }
                return Reply(words("No clubs are listed yet."))
            }
            return Reply(
                lines: [category.map { words("Clubs ({category}):", ["category": $0]) } ?? words("Clubs:")]
                    + clubs.map { Self.clubLine($0, words) }
                    + [words("Details: {command} NAME", ["command": context.typed("club")])])
        }
    }

    var clubCommand: Command {
        Command(
            "club", summary: "one club: when and where it meets, its advisor, its link", usage: "NAME",
            subcommands: [setClubCommand, removeClubCommand]
        ) { context in
            guard !context.arguments.isEmpty else { throw context.usageError() }
            let words = context.words
            let name = context.arguments.joined(separator: " ").lowercased()
            let store = ClubStore(storage: context.storage)
            guard let club = try await store.club(name) else {
                let names = try await store.clubs().map(\.name)
                throw UserFacingError(
                    names.isEmpty
                        ? words("no club {club}", ["club": name])
                        : words(
                            "no club {club} — the clubs are {clubs}", ["club": name, "clubs": words.items(names)]))
            }
            var lines = [
                club.category.map {
                    words("{club} ({category})", ["club": words.content(club.title), "category": words.content($0)])
                } ?? words.content(club.title)
            ]
            switch (club.meets, club.room) {
            case (let meets?, let room?):
                lines.append(words("Meets: {when} in {room}", ["when": words.content(meets), "room": room]))
            case (let meets?, nil): lines.append(words("Meets: {when}", ["when": words.content(meets)]))
            case (nil, let room?): lines.append(words("Room: {room}", ["room": room]))
            case (nil, nil): break
            }
            if let advisor = club.advisor { lines.append(words("Advisor: {advisor}", ["advisor": advisor])) }
            if let link = club.link { lines.append(words.mark(link)) }
            return Reply(lines: lines)
        }
    }

    private var setClubCommand: Command {
        Command(
            "set", summary: "add or change a club (admins)",
            usage: "NAME [title \"T\"] [category C] [meets \"Thursdays 15:30\"] [room R] [advisor \"A\"] [link URL]",
            examples: [
                .init(
                    "club set robotics title Robotics category academic meets \"Thursdays 15:30\" room B-301 advisor \"Ms. Rivera\"",
                    "the robotics club, meeting on Thursdays", answerContains: "Saved Robotics")
            ],
            access: .restricted
        ) { context in
            guard context.arguments.count >= 3, context.arguments.count % 2 == 1 else { throw context.usageError() }
            let words = context.words
            let name = try Self.circleName(context.arguments[0], words)
            let store = ClubStore(storage: context.storage)
            var club = try await store.club(name) ?? Club(name: name, title: name.capitalized)
            for index in stride(from: 1, to: context.arguments.count, by: 2) {
                let value = context.arguments[index + 1].trimmingCharacters(in: .whitespaces)
                let cleared = value.isEmpty || value == "-" ? nil : value
                switch context.arguments[index].lowercased() {
                case "title": club.title = cleared ?? name.capitalized
                case "category": club.category = cleared?.lowercased()
                case "meets": club.meets = cleared
                case "room": club.room = cleared
                case "advisor": club.advisor = cleared
                case "link":
                    if let cleared, URL(string: cleared)?.isWebAddress != true {
                        throw UserFacingError(words("{field} must be an http or https address", ["field": "link"]))
                    }
                    club.link = cleared
                case let field:
                    throw UserFacingError(
                        words(
                            "no club field {field} — the fields are {fields}",
                            ["field": field, "fields": words.items(Club.fields)]))
                }
            }
            try await store.save(club, audit: context.auditEntry("club.set", name))
            return Reply(
                words(
                    "Saved {club}; {command} {name} shows it.",
                    ["club": club.title, "command": context.typed("club"), "name": name]))
        }
    }

    private var removeClubCommand: Command {
        Command("remove", summary: "remove a club (admins)", usage: "NAME", access: .restricted) { context in
            guard context.arguments.count == 1 else { throw context.usageError() }
            let words = context.words
            let name = context.arguments[0].lowercased()
            guard
                try await ClubStore(storage: context.storage).remove(
                    name, audit: context.auditEntry("club.remove", name))
            else { throw UserFacingError(words("no club {club}", ["club": name])) }
            return Reply(words("Removed the club {club}.", ["club": name]))
        }
    }

    var contactCommand: Command {
        Command(
            "contact", summary: "the school office: phone, e-mail, hours",
            examples: [.init("contact", "how to reach the office", answerContains: "Phone: ")]
        ) { context in
            let words = context.words
            let contact = settings.contact
            let lines = [
                contact.office.map(words.content), contact.phone.map { words("Phone: {phone}", ["phone": $0]) },
                contact.email.map { words("E-mail: {email}", ["email": $0]) },
                contact.hours.map { words("Hours: {hours}", ["hours": words.content($0)]) },
                contact.address.map(words.mark),
            ].compactMap { $0 }
            guard !lines.isEmpty else { return Reply(words("The office's contact details are not set up yet.")) }
            return Reply(lines: lines)
        }
    }

    /// A club in the list: `• Robotics — Thursdays 15:30, B-301`.
    static func clubLine(_ club: Club, _ words: Words) -> String {
        switch (club.meets, club.room) {
        case (let meets?, let room?):
            return words(
                "• {club} — {when}, {room}",
                ["club": words.content(club.title), "when": words.content(meets), "room": room])
        case (let meets?, nil):
            return words("• {club} — {when}", ["club": words.content(club.title), "when": words.content(meets)])
        case (nil, let room?): return words("• {club}, {room}", ["club": words.content(club.title), "room": room])
        case (nil, nil): return words("• {club}", ["club": words.content(club.title)])
        }
    }
}
