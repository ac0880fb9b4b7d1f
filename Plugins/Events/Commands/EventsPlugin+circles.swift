import Foundation
import HomeroomCore

extension EventsPlugin {
    var circlesCommand: Command {
        Command(
            "circles", summary: "your circles, and the open ones you can join",
            examples: [.init("circles", "the circles you are in and the open ones", answerContains: "Start one:")]
        ) { context in
            let store = CircleStore(storage: context.storage)
            let all = try await store.all()
            let mine = Set(try await store.circles(of: context.caller.person))
            let yours = all.filter { mine.contains($0.circle.name) }
            let open = all.filter { $0.circle.isOpen && !mine.contains($0.circle.name) }
            func describe(_ entry: (circle: Circle, members: Int)) -> String {
                "\(entry.circle.name) (\(entry.members) member\(entry.members == 1 ? "" : "s")"
                    + (entry.circle.owner == context.caller.person ? ", yours" : "") + ")"
            }
            var lines = [
                yours.isEmpty
                    ? "You are in no circle." : "Your circles: " + yours.map(describe).joined(separator: ", ") + "."
            ]
            if !open.isEmpty {
                lines.append(
                    "Open to join: " + open.map(describe).joined(separator: ", ")
                        + " — \(context.typed("circle join")) NAME")
            }
            lines.append("Start one: \(context.typed("circle create")) NAME [open]")
            return Reply(lines: lines, visibility: .sender)
        }
    }

    var circleCommand: Command {
        Command(
            "circle", summary: "small groups: create, invite, join, post to members, leave",
            subcommands: [
                createCircle, inviteToCircle, joinCircle, postToCircle, leaveCircle, removeFromCircle, handOverCircle,
            ], handler: nil)
    }

    private var createCircle: Command {
        Command(
            "create", summary: "start a circle (invitation only, or open to anyone)", usage: "NAME [open]",
            examples: [
                .init(
                    "circle create robotics open", "a circle anyone may join",
                    answerContains: "Created robotics, open to anyone")
            ]
        ) { context in
            guard (1...2).contains(context.arguments.count),
                context.arguments.count == 1 || context.arguments[1].lowercased() == "open"
            else { throw context.usageError() }
            let name = try Self.circleName(context.arguments[0])
            let created = try await CircleStore(storage: context.storage).create(
                Circle(name: name, owner: context.caller.person, isOpen: context.arguments.count == 2),
                at: context.now, audit: context.auditEntry("circle.create", name))
            guard created else { throw UserFacingError("there is already a circle called \(name)") }
            return Reply(
                "Created \(name)\(context.arguments.count == 2 ? ", open to anyone" : ""). "
                    + "Invite people: \(context.typed("circle invite")) \(name) USER")
        }
    }

    private var inviteToCircle: Command {
        Command(
            "invite", summary: "invite someone to a circle you are in", usage: "NAME USER"
        ) { context in
            guard context.arguments.count == 2 else { throw context.usageError() }
            let circle = try await circleOfMember(context.arguments[0], context, who: "invite to it")
            let store = CircleStore(storage: context.storage)
            let invitee = try await context.people.resolve(context.arguments[1])
            guard try await !store.isMember(invitee, of: circle.name) else {
                throw UserFacingError("\(invitee) is already in \(circle.name)")
            }
            try await store.invite(
                invitee, to: circle.name, by: context.caller.person, at: context.now,
                notice:
                    "You are invited to the circle \(circle.name); join with: \(context.typed("circle join")) \(circle.name)"
            )
            return Reply(
                "Invited \(invitee) to \(circle.name); they join with \(context.typed("circle join")) \(circle.name).")
        }
    }

    private var joinCircle: Command {
        Command(
            "join", summary: "join an open circle, or one you were invited to", usage: "NAME"
        ) { context in
            guard context.arguments.count == 1 else { throw context.usageError() }
            let circle = try await existingCircle(context.arguments[0], context)
            let store = CircleStore(storage: context.storage)
            let me = context.caller.person
            guard try await !store.isMember(me, of: circle.name) else {
                return Reply("You are already in \(circle.name).")
            }
            let invited = try await store.isInvited(me, to: circle.name)
            guard circle.isOpen || invited else {
                throw UserFacingError("\(circle.name) is by invitation — ask a member to invite you")
            }
            try await store.join(me, circle.name, at: context.now)
            return Reply(
                "You are in \(circle.name) now: its posts come to you, its events show in \(context.typed("events")).")
        }
    }

    private var postToCircle: Command {
        Command(
            "post", summary: "send a message to every member of a circle", usage: "NAME \"MESSAGE\""
        ) { context in
            guard context.arguments.count >= 2 else { throw context.usageError() }
            let circle = try await circleOfMember(context.arguments[0], context, who: "post to it")
            let store = CircleStore(storage: context.storage)
            let text = context.arguments.dropFirst().joined(separator: " ")
            guard text.count <= 400 else { throw UserFacingError("a post is at most 400 characters") }
            let count = try await store.post(text, to: circle.name, by: context.caller.person, at: context.now)
            return Reply(
                count == 0
                    ? "Posted to \(circle.name), but you are its only member."
                    : "Posted to \(circle.name): \(count) member\(count == 1 ? "" : "s") will get it.")
        }
    }

    private var leaveCircle: Command {
        Command("leave", summary: "leave a circle", usage: "NAME") { context in
            guard context.arguments.count == 1 else { throw context.usageError() }
            let circle = try await existingCircle(context.arguments[0], context)
            let store = CircleStore(storage: context.storage)
            let me = context.caller.person
            let others = try await store.members(of: circle.name).filter { $0 != me }
            if circle.owner == me, !others.isEmpty {
                throw UserFacingError(
                    "you own \(circle.name): hand it over first with \(context.typed("circle owner")) \(circle.name) USER"
                )
            }
            guard try await store.remove(me, from: circle.name, audit: nil) else {
                throw UserFacingError("you are not in \(circle.name)")
            }
            if others.isEmpty {
                try await store.delete(circle.name)
                return Reply("You left \(circle.name); it had no other members, so it is gone.")
            }
            return Reply("You left \(circle.name).")
        }
    }

    private var removeFromCircle: Command {
        Command("remove", summary: "take a member out of your circle (owners)", usage: "NAME USER") { context in
            guard context.arguments.count == 2 else { throw context.usageError() }
            let circle = try await ownedCircle(context.arguments[0], context)
            let member = try await context.people.resolve(context.arguments[1])
            guard member != circle.owner else { throw UserFacingError("hand \(circle.name) over before leaving it") }
            let removed = try await CircleStore(storage: context.storage).remove(
                member, from: circle.name, audit: context.auditEntry("circle.remove", "\(member) from \(circle.name)"))
            guard removed else { throw UserFacingError("\(member) is not in \(circle.name)") }
            return Reply("Took \(member) out of \(circle.name).")
        }
    }

    private var handOverCircle: Command {
        Command("owner", summary: "hand your circle over to another member", usage: "NAME USER") { context in
            guard context.arguments.count == 2 else { throw context.usageError() }
            let circle = try await ownedCircle(context.arguments[0], context)
            let store = CircleStore(storage: context.storage)
            let member = try await context.people.resolve(context.arguments[1])
            guard try await store.isMember(member, of: circle.name) else {
                throw UserFacingError("\(member) is not in \(circle.name) — invite them first")
            }
            try await store.handOver(
                circle.name, to: member, audit: context.auditEntry("circle.owner", "\(circle.name) to \(member)"))
            return Reply("\(member) owns \(circle.name) now.")
        }
    }

    private func existingCircle(_ text: String, _ context: CommandContext) async throws -> Circle {
        let name = try Self.circleName(text)
        guard let circle = try await CircleStore(storage: context.storage).circle(name) else {
            throw UserFacingError("no circle \(name) — \(context.typed("circles")) lists them")
        }
        return circle
    }

    /// The circle `text` names, when the asker is a member; else "only members of NAME `who`".
    private func circleOfMember(_ text: String, _ context: CommandContext, who: String) async throws -> Circle {
        let circle = try await existingCircle(text, context)
        guard try await CircleStore(storage: context.storage).isMember(context.caller.person, of: circle.name) else {
            throw UserFacingError("only members of \(circle.name) \(who)")
        }
        return circle
    }

    private func ownedCircle(_ text: String, _ context: CommandContext) async throws -> Circle {
        let circle = try await existingCircle(text, context)
        guard circle.owner == context.caller.person else {
            throw UserFacingError("only the owner of \(circle.name) may do that")
        }
        return circle
    }

    /// A circle's name: 1 to 32 lowercase letters, digits and `-`.
    static func circleName(_ text: String) throws(UserFacingError) -> String {
        let name = text.lowercased()
        guard (1...32).contains(name.count),
            name.allSatisfy({ ($0.isLetter || $0.isNumber || $0 == "-") && $0.isASCII })
        else { throw UserFacingError("a circle's name is 1 to 32 letters, digits or -, like robotics") }
        return name
    }
}
