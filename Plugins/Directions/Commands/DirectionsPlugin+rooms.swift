import Campus
import HomeroomCore

extension DirectionsPlugin {
    var roomsCommand: Command {
        Command(
            "rooms", summary: "a building's rooms, floor by floor", usage: "[BUILDING]",
            examples: [
                .init("rooms B", "the rooms of building B by floor", answerContains: "B-201"),
                .init("rooms", "the buildings and how many rooms each has", answerContains: "rooms"),
            ],
            handler: rooms)
    }

    var placesCommand: Command {
        Command(
            "places", summary: "the places you can ask for by name: library, gym, nurse …",
            examples: [.init("places", "the named places and their rooms", answerContains: "library")], handler: places)
    }

    func rooms(_ context: CommandContext) async throws -> Reply {
        let words = context.words
        let campus = try await campus(for: context.services, words)
        guard !context.arguments.isEmpty else {
            let buildings = campus.buildings.indices.map { index in
                words.plural(
                    "{building} — {name} ({count} room)", "{building} — {name} ({count} rooms)",
                    count: campus.rooms(inBuilding: index).reduce(0) { $0 + $1.rooms.count },
                    ["building": campus.buildings[index].id, "name": words.content(campus.buildings[index].name)])
            }
            return Reply(
                lines: [words("Buildings of {campus}:", ["campus": campus.name])] + buildings
                    + [
                        words(
                            "{command} lists a building's rooms.",
                            ["command": "\(context.typed("rooms")) \(campus.buildings[0].id)"])
                    ])
        }
        let building = try CampusLookup(campus: campus, prefix: context.prefix, words: words).building(
            context.arguments.joined(separator: " "))
        let floors = campus.rooms(inBuilding: building)
        // The building's name and id are the school's: one value, as the heading and in the sentence.
        let heading = "\(words.content(campus.buildings[building].name)) (\(campus.buildings[building].id))"
        guard !floors.isEmpty else {
            return Reply(words("{building} has no rooms on the map.", ["building": heading]))
        }
        return Reply(
            lines: [words.mark(heading)]
                + floors.map { floor in
                    words(
                        "floor {floor}: {rooms}",
                        [
                            "floor": words.number(floor.floor),
                            "rooms": words.items(
                                floor.rooms.map { room in
                                    room.name.map { "\(room.number) \(words.content($0))" } ?? room.number
                                }),
                        ])
                })
    }

    func places(_ context: CommandContext) async throws -> Reply {
        let words = context.words
        let campus = try await campus(for: context.services, words)
        guard !campus.places.isEmpty else {
            return Reply(
                words(
                    "The map names no places; ask for a room number: {example}",
                    ["example": "\(context.typed("directions")) B-201"]))
        }
        let names = campus.places.indices.map { DirectionsText.title(of: .place($0), on: campus, words) }
        return Reply(
            lines: [
                words("Places: {places}", ["places": words.items(names)]),
                words("Ask the way: {example}", ["example": "\(context.typed("directions")) library"]),
            ])
    }
}
