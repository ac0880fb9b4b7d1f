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
            let request = try EventRequest(context.arguments, today: context.today)
            if let circle = request.circle {
                guard try await CircleStore(storage: context.storage).circle(circle) != nil else {
                    throw UserFacingError("no circle \(circle) — \(context.typed("circles")) lists yours")
                }
                guard try await CircleStore(storage: context.storage).isMember(context.caller.person, of: circle)
                else {
                    throw UserFacingError("only members of \(circle) add its events")
                }
            } else {
                guard context.caller.may(Self.publicEventsCapability) else {
                    throw UserFacingError(
                        "public events are added by staff (the \(Self.publicEventsCapability) permission) — "
                            + "add it to one of your circles with: … in CIRCLE")
                }
            }
            let start = context.school.instant(on: request.date, hour: request.hour, minute: request.minute)
            guard start > context.now else {
                throw UserFacingError("\(context.school.clockTime(at: start)) today has passed")
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
                "Added: \(request.date.longName), "
                    + EventText.line(added, on: request.date, school: context.school).dropFirst(2))
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
            let store = EventStore(storage: context.storage)
            guard let event = try await store.event(id) else { throw UserFacingError("no event #\(id)") }
            var ownsItsCircle = false
            if let name = event.circle, let circle = try await CircleStore(storage: context.storage).circle(name) {
                ownsItsCircle = circle.owner == context.caller.person
            }
            let mayRemove =
                context.caller.identities.map(\.description).contains(event.addedBy) || ownsItsCircle
                || (event.circle == nil && context.caller.may(Self.publicEventsCapability))
            guard mayRemove else {
                throw UserFacingError(
                    "only who added #\(id)\(event.circle == nil ? " or staff" : " or the circle's owner") may remove it"
                )
            }
            try await store.remove(id, audit: context.auditEntry("event.remove", "#\(id) \(event.title)"))
            return Reply("Removed #\(id), \(event.title).")
        }
    }
}
