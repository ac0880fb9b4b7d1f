import Campus
import HomeroomCore

extension DirectionsPlugin {
    var hereCommand: Command {
        Command(
            "here", summary: "say where you are: the id printed under the nearest QR code",
            usage: "[CHECKPOINT]",
            examples: [
                .init(
                    "here B2-EAST", "you stand at checkpoint B2-EAST; /directions starts there",
                    answerContains: "B2-EAST"),
                .init("here", "where I think you are", answerContains: "B2-EAST"),
            ],
            handler: here)
    }

    func here(_ context: CommandContext) async throws -> Reply {
        let campus = try await campus(in: context.storage, at: context.now)
        guard !context.arguments.isEmpty else {
            guard case .at(let checkpoint) = try await location(of: context, on: campus) else {
                return .privately(
                    "I don't know where you are — say the id under the nearest QR code: \(context.typed("here")) CHECKPOINT"
                )
            }
            return .privately("You're at \(campus.checkpoints[checkpoint].id): \(campus.checkpoints[checkpoint].name).")
        }
        let checkpoint = try CampusLookup(campus: campus, prefix: context.prefix).checkpoint(
            context.arguments.joined(separator: " "))
        let point = campus.checkpoints[checkpoint]
        try await store(context.storage).setLocation(of: context.caller.person, to: point.id, at: context.now)
        return .privately(
            "You're at \(point.id): \(point.name). "
                + "Where to? \(context.typed("directions")) ROOM or PLACE (\(context.typed("places")) lists them).")
    }
}
