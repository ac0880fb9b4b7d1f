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
        let words = context.words
        let campus = try await campus(for: context.services, words)
        guard !context.arguments.isEmpty else {
            guard case .at(let checkpoint) = try await location(of: context, on: campus) else {
                return .privately(
                    words(
                        "I don't know where you are — say the id under the nearest QR code: {command} CHECKPOINT",
                        ["command": context.typed("here")]))
            }
            let point = campus.checkpoints[checkpoint]
            return .privately(
                words("You're at {checkpoint}: {place}.", ["checkpoint": point.id, "place": words.content(point.name)]))
        }
        let checkpoint = try CampusLookup(campus: campus, prefix: context.prefix, words: words).checkpoint(
            context.arguments.joined(separator: " "))
        let point = campus.checkpoints[checkpoint]
        try await store(context.storage).setLocation(of: context.caller.person, to: point.id, at: context.now)
        return .privately(
            words(
                "You're at {checkpoint}: {place}. Where to? {command} ROOM or PLACE ({places} lists them).",
                [
                    "checkpoint": point.id, "place": words.content(point.name), "command": context.typed("directions"),
                    "places": context.typed("places"),
                ]))
    }
}
