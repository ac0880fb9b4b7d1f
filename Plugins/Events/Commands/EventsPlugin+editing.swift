import Foundation
import HomeroomCore

extension EventsPlugin {
    /// Who may add public events: staff and admins, by this capability.
    static let publicEventsCapability = "event.public"

    var eventCommand: Command {
        Command(
            "event",
            summary: "add or remove an event (public ones need event.public; anyone may add to a circle they are in)",
            subcommands: [addEventCommand, removeEventCommand], handler: nil)
    }

    private var addEventCommand: Command {
        Command(
            "add", summary: "add an event", usage: "DATE TIME \"TITLE\" [at PLACE] [for 90 min] [in CIRCLE]",
            examples: [
                .init(
                    "event add 2026-12-03 15:30 \"Robotics meetup\" at B-201 for 90 min", "a public event (staff)",
                    answerContains: "Added: Thursday, December 3")
            ]
        ) { context in
            let words = context.words
            let request = try EventRequest(context.arguments, today: context.today, words)
            if let circle = request.circle {
                guard try await CircleStore(storage: context.storage).circle(circle) != nil else {
                    throw UserFacingError(
                        words(
                            "no circle {circle} — {command} lists yours",
                            ["circle": circle, "command": context.typed("circles")]))
                }
                guard try await CircleStore(storage: context.storage).isMember(context.caller.person, of: circle)
                else {
                    throw UserFacingError(words("only members of {circle} add its events", ["circle": circle]))
                }
            } else {
                guard context.caller.may(Self.publicEventsCapability) else {
                    throw UserFacingError(
                        words(
                            "public events are added by staff (the {capability} permission) — add it to one of your circles with: … {in} CIRCLE",
                            ["capability": Self.publicEventsCapability, "in": "in"]))
                }
            }
            let start = context.school.instant(on: request.date, hour: request.hour, minute: request.minute)
            guard start > context.now else {
                throw UserFacingError(
                    words("{time} today has passed", ["time": EventText.clock(start, context.school, words)]))
            }
            let event = SchoolEvent(
                title: request.title, start: start, end: start.addingTimeInterval(TimeInterval(request.minutes * 60)),
                place: request.place, circle: request.circle)
            let id = try await EventStore(storage: context.storage).add(
                event,
                audit: context.auditEntry(
                    "event.add", "\(request.title) on \(request.date.iso)\(request.circle.map { " in \($0)" } ?? "")"))
            var added = event
            added.id = id
            return Reply(
                words(
                    "Added: {date}, {event}",
                    [
                        "date": words.date(request.date),
                        "event": EventText.entry(added, on: request.date, school: context.school, words),
                    ]))
        }
    }

    private var removeEventCommand: Command {
        Command(
            "remove", summary: "remove an event you added (or, with event.public, any public one)", usage: "NUMBER"
        ) { context in
            guard context.arguments.count == 1, let id = Int64(context.arguments[0].trimmingCharacters(in: ["#"]))
            else {
                throw context.usageError()
            }
            let words = context.words
            let number = "\(id)"
            let store = EventStore(storage: context.storage)
            guard let event = try await store.event(id) else {
                throw UserFacingError(words("no event #{number}", ["number": number]))
            }
            var ownsItsCircle = false
            if let name = event.circle, let circle = try await CircleStore(storage: context.storage).circle(name) {
                ownsItsCircle = circle.owner == context.caller.person
            }
            let mayRemove =
                context.caller.identities.map(\.description).contains(event.addedBy) || ownsItsCircle
                || (event.circle == nil && context.caller.may(Self.publicEventsCapability))
            guard mayRemove else {
                throw UserFacingError(
                    event.circle == nil
                        ? words("only who added #{number} or staff may remove it", ["number": number])
                        : words("only who added #{number} or the circle's owner may remove it", ["number": number]))
            }
            try await store.remove(id, audit: context.auditEntry("event.remove", "#\(id) \(event.title)"))
            return Reply(
                words("Removed #{number}, {title}.", ["number": number, "title": EventText.title(of: event, words)]))
        }
    }
}
