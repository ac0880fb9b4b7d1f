/// A kind of object in a campus file: what errors call it, the keys whose strings name one
/// ("room B-201"), and the keys it may have.
struct ObjectKind {
    let name: String
    let naming: [String]
    let allowed: [String]

    static let campus = ObjectKind(
        name: "the campus", naming: [], allowed: ["name", "buildings", "checkpoints", "links", "rooms", "places"])
    static let building = ObjectKind(name: "building", naming: ["id"], allowed: ["id", "name"])
    static let checkpoint = ObjectKind(
        name: "checkpoint", naming: ["id"], allowed: ["id", "name", "building", "floor", "code"])
    static let link = ObjectKind(
        name: "link", naming: ["from", "to"],
        allowed: ["from", "to", "length", "kind", "name", "along", "instruction", "back", "oneWay"])
    static let room = ObjectKind(
        name: "room", naming: ["number"], allowed: ["number", "name", "aliases", "at", "side", "door", "hint"])
    static let place = ObjectKind(name: "place", naming: ["name"], allowed: ["name", "aliases", "room", "at", "hint"])
    /// Every kind.
    static let all = [campus, building, checkpoint, link, room, place]
}
