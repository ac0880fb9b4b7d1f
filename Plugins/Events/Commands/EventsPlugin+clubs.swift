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
            let category = context.arguments.isEmpty ? nil : context.arguments.joined(separator: " ").lowercased()
            let store = ClubStore(storage: context.storage)
            let clubs = try await store.clubs(in: category)
            guard !clubs.isEmpty else {
                let kinds = Set(try await store.clubs().compactMap(\.category)).sorted()
                if category != nil, !kinds.isEmpty {
                    throw UserFacingError("no \(category!) clubs — the kinds are \(kinds.joined(separator: ", "))")
                }
                return Reply("No clubs are listed yet.")
            }
            return Reply(
                lines: [category.map { "Clubs (\($0)):" } ?? "Clubs:"]
                    + clubs.map { club in
                        "• \(club.title)" + (club.meets.map { " — \($0)" } ?? "") + (club.room.map { ", \($0)" } ?? "")
                    }
                    + ["Details: \(context.typed("club")) NAME"])
        }
    }

    var clubCommand: Command {
        Command(
            "club", summary: "one club: when and where it meets, its advisor, its link", usage: "NAME",
            subcommands: [setClubCommand, removeClubCommand]
        ) { context in
            guard !context.arguments.isEmpty else { throw context.usageError() }
            let name = context.arguments.joined(separator: " ").lowercased()
            let store = ClubStore(storage: context.storage)
            guard let club = try await store.club(name) else {
                let names = try await store.clubs().map(\.name)
                throw UserFacingError(
                    "no club \(name)" + (names.isEmpty ? "" : " — the clubs are \(names.joined(separator: ", "))"))
            }
            var lines = [club.title + (club.category.map { " (\($0))" } ?? "")]
            if let meets = club.meets { lines.append("Meets: \(meets)" + (club.room.map { " in \($0)" } ?? "")) }
            if club.meets == nil, let room = club.room { lines.append("Room: \(room)") }
            if let advisor = club.advisor { lines.append("Advisor: \(advisor)") }
            if let link = club.link { lines.append(link) }
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
            let name = try Self.circleName(context.arguments[0])
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
                        throw UserFacingError("link must be an http or https address")
                    }
                    club.link = cleared
                case let field:
                    throw UserFacingError(
                        "no club field \(field) — the fields are \(Club.fields.joined(separator: ", "))")
                }
            }
            try await store.save(club, audit: context.auditEntry("club.set", name))
            return Reply("Saved \(club.title); \(context.typed("club")) \(name) shows it.")
        }
    }

    private var removeClubCommand: Command {
        Command("remove", summary: "remove a club (admins)", usage: "NAME", access: .restricted) { context in
            guard context.arguments.count == 1 else { throw context.usageError() }
            let name = context.arguments[0].lowercased()
            guard
                try await ClubStore(storage: context.storage).remove(
                    name, audit: context.auditEntry("club.remove", name))
            else { throw UserFacingError("no club \(name)") }
            return Reply("Removed the club \(name).")
        }
    }

    var contactCommand: Command {
        Command(
            "contact", summary: "the school office: phone, e-mail, hours",
            examples: [.init("contact", "how to reach the office", answerContains: "Phone: ")]
        ) { context in
            let contact = settings.contact
            let lines = [
                contact.office, contact.phone.map { "Phone: \($0)" }, contact.email.map { "E-mail: \($0)" },
                contact.hours.map { "Hours: \($0)" }, contact.address,
            ].compactMap { $0 }
            guard !lines.isEmpty else { return Reply("The office's contact details are not set up yet.") }
            return Reply(lines: lines)
        }
    }
}
