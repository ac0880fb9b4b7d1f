import Campus
import Foundation
import HomeroomCore

extension DirectionsPlugin {
    /// Words that ask for a route without stairs.
    static let accessibleWords: Set<String> = ["accessible", "--accessible", "step-free", "stepfree", "wheelchair"]

    var directionsCommand: Command {
        Command(
            "directions", aliases: ["dir", "way"],
            summary: "the walking way to a room or place, from the code you scanned",
            usage: "ROOM | PLACE [from CHECKPOINT] [accessible]",
            examples: [
                .init(
                    "directions B-201 from A1-ENTRANCE", "from the main entrance to room B-201", answerContains: "B-201"
                ),
                .init(
                    "directions library from B2-EAST accessible", "to the library without stairs",
                    answerContains: "step-free"),
                .init("directions gym", "from the checkpoint you last named with /here", answerContains: "gym"),
            ],
            handler: directions)
    }

    func directions(_ context: CommandContext) async throws -> Reply {
        var words = context.arguments
        let accessible = words.contains { Self.accessibleWords.contains($0.lowercased()) }
        words.removeAll { Self.accessibleWords.contains($0.lowercased()) }
        var startText: String?
        if let from = words.lastIndex(where: { $0.lowercased() == "from" }), from > 0 {
            startText = words[(from + 1)...].joined(separator: " ")
            words = Array(words[..<from])
            guard startText?.isEmpty == false else {
                throw context.usageError("say where you are after \"from\": the id under the QR code")
            }
        }
        // "to the library" is how people ask; the room or place is what follows.
        if words.count > 1, words[0].lowercased() == "to" { words.removeFirst() }
        if words.count > 1, words[0].lowercased() == "the" { words.removeFirst() }
        guard !words.isEmpty else {
            throw context.usageError("where to? \(context.typed("places")) lists the named places")
        }
        let campus = try await campus(in: context.storage, at: context.now)
        let lookup = CampusLookup(campus: campus, prefix: context.prefix)
        let destination = try lookup.destination(words.joined(separator: " "))
        let start: Int
        // "from" names the start of this walk only: once walked, the person is somewhere else.
        if let startText {
            start = try lookup.checkpoint(startText)
        } else {
            start = try await lastLocation(context, on: campus, asking: words.joined(separator: " "))
        }
        guard let route = campus.directions(from: start, to: destination, accessible: accessible) else {
            throw UserFacingError(
                DirectionsText.noWay(from: start, to: destination, accessible: accessible, on: campus))
        }
        return .privately(DirectionsText.chat(route, on: campus))
    }

    /// The checkpoint the sender last named with `/here`, while it is recent enough; otherwise an
    /// error asking where they are.
    private func lastLocation(_ context: CommandContext, on campus: Campus, asking target: String) async throws -> Int {
        let example =
            "\(context.typed("directions")) \(target) from \(campus.checkpoints.first { $0.hasCode }?.id ?? "A1")"
        switch try await location(of: context, on: campus) {
        case .at(let checkpoint):
            return checkpoint
        case .unknown:
            throw UserFacingError(
                "where are you? Say the id under the nearest QR code: \(example), or \(context.typed("here")) CHECKPOINT"
            )
        case .expired(let id, let minutes):
            throw UserFacingError(
                "you were at \(id) \(minutes) min ago — where are you now? Say the id under the nearest QR code: \(example)"
            )
        case .removed(let id):
            throw UserFacingError("\(id) is no longer on the campus map — say where you are: \(example)")
        }
    }

    /// Where the sender stands, as far as the plugin knows.
    enum Location {
        /// At this checkpoint, said recently.
        case at(Int)
        /// Never said, or forgotten.
        case unknown
        /// Said too long ago.
        case expired(String, minutes: Int)
        /// Said, but the campus map imported since has no such checkpoint.
        case removed(String)
    }

    func location(of context: CommandContext, on campus: Campus) async throws -> Location {
        guard let (id, at) = try await store(context.storage).location(of: context.caller.person) else {
            return .unknown
        }
        let minutes = Int(context.now.timeIntervalSince(at) / 60)
        guard minutes < settings.locationMinutes else { return .expired(id, minutes: minutes) }
        return campus.checkpoint(named: id).map(Location.at) ?? .removed(id)
    }
}
