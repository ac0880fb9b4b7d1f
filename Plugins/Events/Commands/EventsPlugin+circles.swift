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
            let words = context.words
            func describe(_ entry: (circle: Circle, members: Int)) -> String {
                entry.circle.owner == context.caller.person
                    ? words.plural(
                        "{circle} ({count} member, yours)", "{circle} ({count} members, yours)", count: entry.members,
                        ["circle": entry.circle.name])
                    : words.plural(
                        "{circle} ({count} member)", "{circle} ({count} members)", count: entry.members,
                        ["circle": entry.circle.name])
            }
            var lines = [
                yours.isEmpty
                    ? words("You are in no circle.")
                    : words("Your circles: {circles}.", ["circles": words.items(yours.map(describe))])
            ]
            if !open.isEmpty {
                lines.append(
                    words(
                        "Open to join: {circles} — {command} NAME",
                        ["circles": words.items(open.map(describe)), "command": context.typed("circle join")]))
            }
            lines.append(
                words(
                    "Start one: {command} NAME [{open}]", ["command": context.typed("circle create"), "open": "open"]))
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
            let words = context.words
            let name = try Self.circleName(context.arguments[0], words)
            let created = try await CircleStore(storage: context.storage).create(
                Circle(name: name, owner: context.caller.person, isOpen: context.arguments.count == 2),
                at: context.now, audit: context.auditEntry("circle.create", name))
            guard created else {
                throw UserFacingError(words("there is already a circle called {circle}", ["circle": name]))
            }
            let invite = context.typed("circle invite")
            return Reply(
                context.arguments.count == 2
                    ? words(
                        "Created {circle}, open to anyone. Invite people: {command} {circle} USER",
                        ["circle": name, "command": invite])
                    : words(
                        "Created {circle}. Invite people: {command} {circle} USER", ["circle": name, "command": invite])
            )
        }
    }

    private var inviteToCircle: Command {
        Command(
            "invite", summary: "invite someone to a circle you are in", usage: "NAME USER"
        ) { context in
            guard context.arguments.count == 2 else { throw context.usageError() }
            let words = context.words
            let circle = try await circleOfMember(context.arguments[0], context) {
                words("only members of {circle} invite to it", ["circle": $0])
            }
            let store = CircleStore(storage: context.storage)
            let invitee = try await context.people.resolve(context.arguments[1])
            guard try await !store.isMember(invitee, of: circle.name) else {
                throw UserFacingError(
                    words("{person} is already in {circle}", ["person": invitee.description, "circle": circle.name]))
            }
            let join = context.typed("circle join")
            try await store.invite(
                invitee, to: circle.name, by: context.caller.person, at: context.now, school: context.school
            ) { words in
                words(
                    "You are invited to the circle {circle}; join with: {command} {circle}",
                    ["circle": circle.name, "command": join])
            }
            return Reply(
                words(
                    "Invited {person} to {circle}; they join with {command} {circle}.",
                    ["person": invitee.description, "circle": circle.name, "command": join]))
        }
    }

    private var joinCircle: Command {
        Command(
            "join", summary: "join an open circle, or one you were invited to", usage: "NAME"
        ) { context in
            guard context.arguments.count == 1 else { throw context.usageError() }
            let words = context.words
            let circle = try await existingCircle(context.arguments[0], context)
            let store = CircleStore(storage: context.storage)
            let me = context.caller.person
            guard try await !store.isMember(me, of: circle.name) else {
                return Reply(words("You are already in {circle}.", ["circle": circle.name]))
            }
            let invited = try await store.isInvited(me, to: circle.name)
            guard circle.isOpen || invited else {
                throw UserFacingError(
                    words("{circle} is by invitation — ask a member to invite you", ["circle": circle.name]))
            }
            try await store.join(me, circle.name, at: context.now)
            return Reply(
                words(
                    "You are in {circle} now: its posts come to you, its events show in {command}.",
                    ["circle": circle.name, "command": context.typed("events")]))
        }
    }

    private var postToCircle: Command {
        Command(
            "post", summary: "send a message to every member of a circle", usage: "NAME \"MESSAGE\""
        ) { context in
            guard context.arguments.count >= 2 else { throw context.usageError() }
            let words = context.words
            let circle = try await circleOfMember(context.arguments[0], context) {
                words("only members of {circle} post to it", ["circle": $0])
            }
            let store = CircleStore(storage: context.storage)
            let text = context.arguments.dropFirst().joined(separator: " ")
            let longest = 400
            guard text.count <= longest else {
                throw UserFacingError(
                    words.plural(
                        "a post is at most {count} character", "a post is at most {count} characters", count: longest))
            }
            let count = try await store.post(
                text, to: circle.name, by: context.caller.person, at: context.now, school: context.school)
            return Reply(
                count == 0
                    ? words("Posted to {circle}, but you are its only member.", ["circle": circle.name])
                    : words.plural(
                        "Posted to {circle}: {count} member will get it.",
                        "Posted to {circle}: {count} members will get it.", count: count, ["circle": circle.name]))
        }
    }

    private var leaveCircle: Command {
        Command("leave", summary: "leave a circle", usage: "NAME") { context in
            guard context.arguments.count == 1 else { throw context.usageError() }
            let words = context.words
            let circle = try await existingCircle(context.arguments[0], context)
            let store = CircleStore(storage: context.storage)
            let me = context.caller.person
            let others = try await store.members(of: circle.name).filter { $0 != me }
            if circle.owner == me, !others.isEmpty {
                throw UserFacingError(
                    words(
                        "you own {circle}: hand it over first with {command} {circle} USER",
                        ["circle": circle.name, "command": context.typed("circle owner")]))
            }
            guard try await store.remove(me, from: circle.name, audit: nil) else {
                throw UserFacingError(words("you are not in {circle}", ["circle": circle.name]))
            }
            if others.isEmpty {
                try await store.delete(circle.name)
                return Reply(
                    words("You left {circle}; it had no other members, so it is gone.", ["circle": circle.name]))
            }
            return Reply(words("You left {circle}.", ["circle": circle.name]))
        }
    }

    private var removeFromCircle: Command {
        Command("remove", summary: "take a member out of your circle (owners)", usage: "NAME USER") { context in
            guard context.arguments.count == 2 else { throw context.usageError() }
            let words = context.words
            let circle = try await ownedCircle(context.arguments[0], context)
            let member = try await context.people.resolve(context.arguments[1])
            guard member != circle.owner else {
                throw UserFacingError(words("hand {circle} over before leaving it", ["circle": circle.name]))
            }
            let removed = try await CircleStore(storage: context.storage).remove(
                member, from: circle.name, audit: context.auditEntry("circle.remove", "\(member) from \(circle.name)"))
            guard removed else {
                throw UserFacingError(
                    words("{person} is not in {circle}", ["person": member.description, "circle": circle.name]))
            }
            return Reply(
                words("Took {person} out of {circle}.", ["person": member.description, "circle": circle.name]))
        }
    }

    private var handOverCircle: Command {
        Command("owner", summary: "hand your circle over to another member", usage: "NAME USER") { context in
            guard context.arguments.count == 2 else { throw context.usageError() }
            let words = context.words
            let circle = try await ownedCircle(context.arguments[0], context)
            let store = CircleStore(storage: context.storage)
            let member = try await context.people.resolve(context.arguments[1])
            guard try await store.isMember(member, of: circle.name) else {
                throw UserFacingError(
                    words(
                        "{person} is not in {circle} — invite them first",
                        ["person": member.description, "circle": circle.name]))
            }
            try await store.handOver(
                circle.name, to: member, audit: context.auditEntry("circle.owner", "\(circle.name) to \(member)"))
            return Reply(words("{person} owns {circle} now.", ["person": member.description, "circle": circle.name]))
        }
    }

    /// The circle `text` names, in any case (`Robotics` is `robotics`); else an error naming it.
    func existingCircle(_ text: String, _ context: CommandContext) async throws -> Circle {
        let name = try Self.circleName(text, context.words)
        guard let circle = try await CircleStore(storage: context.storage).circle(name) else {
            throw UserFacingError(
                context.words(
                    "no circle {circle} — {command} lists them",
                    ["circle": name, "command": context.typed("circles")]))
        }
        return circle
    }

    /// The circle `text` names, when the asker is a member; else the error `refusal` says for
    /// the circle's name ("only members of robotics post to it").
    private func circleOfMember(
        _ text: String, _ context: CommandContext, refusal: (String) -> String
    ) async throws -> Circle {
        let circle = try await existingCircle(text, context)
        guard try await CircleStore(storage: context.storage).isMember(context.caller.person, of: circle.name) else {
            throw UserFacingError(refusal(circle.name))
        }
        return circle
    }

    private func ownedCircle(_ text: String, _ context: CommandContext) async throws -> Circle {
        let circle = try await existingCircle(text, context)
        guard circle.owner == context.caller.person else {
            throw UserFacingError(context.words("only the owner of {circle} may do that", ["circle": circle.name]))
        }
        return circle
    }

    /// A circle's name: 1 to 32 lowercase letters, digits and `-`; else an error in the language
    /// of `words`.
    static func circleName(_ text: String, _ words: Words) throws(UserFacingError) -> String {
        let name = text.lowercased()
        guard (1...32).contains(name.count),
            name.allSatisfy({ ($0.isLetter || $0.isNumber || $0 == "-") && $0.isASCII })
        else {
            throw UserFacingError(
                words(
                    "a circle's name is {least} to {most} letters, digits or -, like {example}",
                    ["least": words.number(1), "most": words.number(32), "example": "robotics"]))
        }
        return name
    }
}
