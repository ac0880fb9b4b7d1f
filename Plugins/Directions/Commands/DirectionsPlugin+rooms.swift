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
        let campus = try await campus(in: context.storage, at: context.now)
        guard !context.arguments.isEmpty else {
            let buildings = campus.buildings.indices.map { index in
                let count = campus.rooms(inBuilding: index).reduce(0) { $0 + $1.rooms.count }
                return "\(campus.buildings[index].id) — \(campus.buildings[index].name) (\(count) rooms)"
            }
            return Reply(
                lines: ["Buildings of \(campus.name):"] + buildings
                    + ["\(context.typed("rooms")) \(campus.buildings[0].id) lists a building's rooms."])
        }
        let building = try CampusLookup(campus: campus, prefix: context.prefix).building(
            context.arguments.joined(separator: " "))
        let floors = campus.rooms(inBuilding: building)
        let heading = "\(campus.buildings[building].name) (\(campus.buildings[building].id))"
        guard !floors.isEmpty else { return Reply("\(heading) has no rooms on the map.") }
        return Reply(
            lines: [heading]
                + floors.map { floor in
                    "floor \(floor.floor): "
                        + floor.rooms.map { room in room.name.map { "\(room.number) \($0)" } ?? room.number }
                        .joined(separator: ", ")
                })
    }

    func places(_ context: CommandContext) async throws -> Reply {
        let campus = try await campus(in: context.storage, at: context.now)
        guard !campus.places.isEmpty else {
            return Reply("The map names no places; ask for a room number: \(context.typed("directions")) B-201")
        }
        let names = campus.places.indices.map { campus.title(of: .place($0)) }
        return Reply(
            lines: ["Places: " + names.joined(separator: ", "), "Ask the way: \(context.typed("directions")) library"])
    }
}
