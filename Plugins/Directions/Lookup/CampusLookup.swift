import Campus
import HomeroomCore

/// Finds what a person typed on the campus — a room number, a place, a checkpoint, a building —
/// or says precisely what is not there and what is closest. It never guesses: a near miss is
/// offered as "did you mean", not taken.
struct CampusLookup {
    let campus: Campus
    /// The command prefix the person types (`/` or `!`), for answers that name a command.
    let prefix: String

    /// How many suggestions an answer offers.
    static let suggestionCount = 4

    /// The destination `text` names: a room (number or alias), a place, or a checkpoint.
    func destination(_ text: String) throws(UserFacingError) -> Destination {
        if let room = campus.room(named: text) { return .room(room) }
        if let place = campus.place(named: text) { return .place(place) }
        if let checkpoint = campus.checkpoint(named: text) { return .checkpoint(checkpoint) }
        let key = Campus.key(text)
        guard !key.isEmpty else { throw UserFacingError("name a room or a place, e.g. B-201 or library") }
        guard key.contains(where: \.isNumber) else {
            let names = campus.places.flatMap { [$0.name] + $0.aliases } + campus.rooms.compactMap(\.name)
            let closest = Self.closest(to: key, among: names)
            throw UserFacingError(
                "no room or place called \"\(text)\""
                    + (closest.isEmpty
                        ? " — \(prefix)places lists the places" : " — did you mean \(Self.either(closest))?"))
        }
        let building = buildingPrefix(of: key)
        let candidates = campus.rooms.filter { room in
            building.map { campus.checkpoints[room.checkpoint].building == $0 } ?? true
        }
        // Without a building, "2011" is compared with the numbers alone (201 of A-201, B-201).
        let closest = Self.closest(
            to: key, among: candidates.map(\.number),
            keyOf: building != nil
                ? { Campus.key($0) }
                : { number in
                    let key = Campus.key(number)
                    let id = campus.room(named: number).map {
                        Campus.key(campus.building(of: campus.rooms[$0].checkpoint).id)
                    }
                    return id.map { key.hasPrefix($0) ? String(key.dropFirst($0.count)) : key } ?? key
                })
        let place = building.map { " in building \(campus.buildings[$0].id)" } ?? ""
        let hint =
            closest.isEmpty
            ? building.map { " — \(prefix)rooms \(campus.buildings[$0].id) lists its rooms" }
                ?? " — \(prefix)rooms lists the buildings"
            : " — did you mean \(Self.either(closest))?"
        throw UserFacingError("no room \(text)\(place)\(hint)")
    }

    /// The checkpoint `text` names, or an error with the closest ids.
    func checkpoint(_ text: String) throws(UserFacingError) -> Int {
        if let checkpoint = campus.checkpoint(named: text) { return checkpoint }
        let closest = Self.closest(to: Campus.key(text), among: campus.checkpoints.filter(\.hasCode).map(\.id))
        throw UserFacingError(
            "no checkpoint \(text)"
                + (closest.isEmpty
                    ? " — the id is printed under the QR code" : " — did you mean \(Self.either(closest))?"))
    }

    /// The building `text` names (id or name), or an error listing the buildings.
    func building(_ text: String) throws(UserFacingError) -> Int {
        if let building = campus.building(named: text) { return building }
        throw UserFacingError(
            "no building \(text) — the buildings are \(campus.buildings.map(\.id).joined(separator: ", "))")
    }

    /// The building whose id starts a room key (`B` of `B2011`), when one does and digits follow.
    private func buildingPrefix(of key: String) -> Int? {
        campus.buildings.indices
            .filter { index in
                let id = Campus.key(campus.buildings[index].id)
                return key.hasPrefix(id) && key.dropFirst(id.count).first?.isNumber == true
            }
            .max { Campus.key(campus.buildings[$0].id).count < Campus.key(campus.buildings[$1].id).count }
    }

    /// The names nearest to `key` (all at the smallest distance found, at most two edits and
    /// at most half its length), in name order; `nameKey` gives the key a name is compared by.
    static func closest(
        to key: String, among names: [String], keyOf nameKey: (String) -> String = { Campus.key($0) }
    ) -> [String] {
        let limit = min(2, max(1, key.count / 2))
        var seen = Set<String>()
        let near = names.compactMap { name -> (name: String, distance: Int)? in
            guard seen.insert(Campus.key(name)).inserted else { return nil }
            let distance = EditDistance.between(key, nameKey(name))
            return distance <= limit ? (name, distance) : nil
        }
        guard let nearest = near.map(\.distance).min() else { return [] }
        return near.filter { $0.distance == nearest }.map(\.name).sorted().prefix(suggestionCount).map { $0 }
    }

    /// `A`, `A or B`, `A, B or C`.
    static func either(_ names: [String]) -> String {
        names.count <= 1 ? names.joined() : names.dropLast().joined(separator: ", ") + " or " + names.last!
    }
}
