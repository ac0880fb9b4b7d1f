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
        let words = context.words
        var terms = context.arguments
        let accessible = terms.contains { Self.accessibleWords.contains($0.lowercased()) }
        terms.removeAll { Self.accessibleWords.contains($0.lowercased()) }
        var startText: String?
        if let from = terms.lastIndex(where: { $0.lowercased() == "from" }), from > 0 {
            startText = terms[(from + 1)...].joined(separator: " ")
            terms = Array(terms[..<from])
            guard startText?.isEmpty == false else {
                throw context.usageError(
                    words("say where you are after \"{keyword}\": the id under the QR code", ["keyword": "from"]))
            }
        }
        // "to the library" is how people ask; the room or place is what follows.
        if terms.count > 1, terms[0].lowercased() == "to" { terms.removeFirst() }
        if terms.count > 1, terms[0].lowercased() == "the" { terms.removeFirst() }
        guard !terms.isEmpty else {
            throw context.usageError(
                words("where to? {command} lists the named places", ["command": context.typed("places")]))
        }
        let campus = try await campus(for: context.services, words)
        let lookup = CampusLookup(campus: campus, prefix: context.prefix, words: words)
        let destination = try lookup.destination(terms.joined(separator: " "))
        let start: Int
        // "from" names the start of this walk only: once walked, the person is somewhere else.
        if let startText {
            start = try lookup.checkpoint(startText)
        } else {
            start = try await lastLocation(context, on: campus, asking: terms.joined(separator: " "))
        }
        guard let route = campus.directions(from: start, to: destination, accessible: accessible) else {
            throw UserFacingError(
                DirectionsText.noWay(from: start, to: destination, accessible: accessible, on: campus, words))
        }
        return .privately(DirectionsText.chat(route, on: campus, words))
    }

    /// The checkpoint the sender last named with `/here`, while it is recent enough; otherwise an
    /// error asking where they are.
    private func lastLocation(_ context: CommandContext, on campus: Campus, asking target: String) async throws -> Int {
        let words = context.words
        // What to type, as typed: the keyword `from` stays as the command reads it.
        let example =
            "\(context.typed("directions")) \(target) from \(campus.checkpoints.first { $0.hasCode }?.id ?? "A1")"
        switch try await location(of: context, on: campus) {
        case .at(let checkpoint):
            return checkpoint
        case .unknown:
            throw UserFacingError(
                words(
                    "where are you? Say the id under the nearest QR code: {example}, or {command} CHECKPOINT",
                    ["example": example, "command": context.typed("here")]))
        case .expired(let id, let minutes):
            throw UserFacingError(
                words.plural(
                    "you were at {checkpoint} {count} min ago — where are you now? Say the id under the nearest QR code: {example}",
                    "you were at {checkpoint} {count} min ago — where are you now? Say the id under the nearest QR code: {example}",
                    count: minutes, ["checkpoint": id, "example": example]))
        case .removed(let id):
            throw UserFacingError(
                words(
                    "{checkpoint} is no longer on the campus map — say where you are: {example}",
                    ["checkpoint": id, "example": example]))
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
