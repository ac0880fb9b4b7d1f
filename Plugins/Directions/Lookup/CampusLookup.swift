import Campus
import HomeroomCore

/// Finds what a person typed on the campus — a room number, a place, a checkpoint, a building —
/// or says precisely what is not there and what is closest. It never guesses: a near miss is
/// offered as "did you mean", not taken.
struct CampusLookup {
    let campus: Campus
    /// The command prefix the person types (`/` or `!`), for answers that name a command.
    let prefix: String
    /// What the plugin says, in the reader's language: the errors.
    let words: Words

    /// How many suggestions an answer offers.
    static let suggestionCount = 4

    /// The destination `text` names: a room (number or alias), a place, or a checkpoint.
    func destination(_ text: String) throws(UserFacingError) -> Destination {
        if let room = campus.room(named: text) { return .room(room) }
        if let place = campus.place(named: text) { return .place(place) }
        if let checkpoint = campus.checkpoint(named: text) { return .checkpoint(checkpoint) }
        if let loose = loosely(text) { return loose }
        let key = Campus.key(text)
        guard !key.isEmpty else {
            throw UserFacingError(
                words("name a room or a place, e.g. {room} or {place}", ["room": "B-201", "place": "library"]))
        }
        guard key.contains(where: \.isNumber) else {
            let names = campus.places.flatMap { [$0.name] + $0.aliases } + campus.rooms.compactMap(\.name)
            let closest = Self.closest(to: key, among: names)
            throw UserFacingError(
                closest.isEmpty
                    ? words(
                        "no room or place called \"{name}\" — {command} lists the places",
                        ["name": text, "command": "\(prefix)places"])
                    : words(
                        "no room or place called \"{name}\" — did you mean {names}?",
                        ["name": text, "names": either(closest)]))
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
        switch (building.map { campus.buildings[$0].id }, closest.isEmpty) {
        case (let id?, true):
            throw UserFacingError(
                words(
                    "no room {room} in building {building} — {command} lists its rooms",
                    ["room": text, "building": id, "command": "\(prefix)rooms \(id)"]))
        case (let id?, false):
            throw UserFacingError(
                words(
                    "no room {room} in building {building} — did you mean {names}?",
                    ["room": text, "building": id, "names": either(closest)]))
        case (nil, true):
            throw UserFacingError(
                words("no room {room} — {command} lists the buildings", ["room": text, "command": "\(prefix)rooms"]))
        case (nil, false):
            throw UserFacingError(
                words("no room {room} — did you mean {names}?", ["room": text, "names": either(closest)]))
        }
    }

    /// The words before a room number that only say it is a room (`room B-201`).
    static let roomWords: Set<String> = ["room", "rm", "classroom"]

    /// Words after a name that only say what kind of place it is (`counseling office`).
    static let kindWords: Set<String> = ["office", "room"]

    /// What `text` names read loosely: a room number after ``roomWords`` (`room b201`), or the one
    /// place or room whose name's words start with the words typed (`chem lab` → Chemistry lab),
    /// with or without a last word of ``kindWords`` (`attendance office` → Attendance); nil when
    /// it names nothing that way, or several.
    private func loosely(_ text: String) -> Destination? {
        var terms = text.split(whereSeparator: \.isWhitespace).map { $0.lowercased() }
        if terms.count > 1, Self.roomWords.contains(terms[0]) {
            if let room = campus.room(named: terms.dropFirst().joined(separator: " ")) { return .room(room) }
        }
        terms.removeAll { $0 == "the" }
        guard !terms.isEmpty, !terms.contains(where: { $0.contains(where: \.isNumber) }) else { return nil }
        if let found = named(startingWith: terms) { return found }
        if terms.count > 1, let last = terms.last, Self.kindWords.contains(last) {
            return named(startingWith: Array(terms.dropLast()))
        }
        return nil
    }

    /// The one place or room whose name's words start with `terms`, each a different word; a
    /// room that is a place found too counts as that place.
    private func named(startingWith terms: [String]) -> Destination? {
        let places = campus.places.indices.filter { index in
            ([campus.places[index].name] + campus.places[index].aliases).contains { Self.starts($0, with: terms) }
        }
        let placeRooms = Set(places.compactMap { campus.places[$0].room })
        let rooms = campus.rooms.indices.filter {
            !placeRooms.contains($0) && (campus.rooms[$0].name.map { Self.starts($0, with: terms) } ?? false)
        }
        let found: [Destination] = places.map { .place($0) } + rooms.map { .room($0) }
        return found.count == 1 ? found[0] : nil
    }

    /// True when each of `terms` starts a different word of `name` (`principals` of "Principal's office").
    static func starts(_ name: String, with terms: [String]) -> Bool {
        var nameWords = name.split(whereSeparator: \.isWhitespace).map { $0.lowercased().filter(\.isLetter) }
        for word in terms {
            let typed = word.filter(\.isLetter)
            // A plural typed for a singular name counts (`locker rooms` of "Locker room (girls)").
            guard
                let match = nameWords.firstIndex(where: {
                    $0.hasPrefix(typed) || (typed.hasSuffix("s") && $0 == String(typed.dropLast()))
                })
            else {
                return false
            }
            nameWords.remove(at: match)
        }
        return true
    }

    /// The checkpoint `text` names, or an error with the closest ids.
    func checkpoint(_ text: String) throws(UserFacingError) -> Int {
        if let checkpoint = campus.checkpoint(named: text) { return checkpoint }
        let closest = Self.closest(to: Campus.key(text), among: campus.checkpoints.filter(\.hasCode).map(\.id))
        throw UserFacingError(
            closest.isEmpty
                ? words("no checkpoint {checkpoint} — the id is printed under the QR code", ["checkpoint": text])
                : words(
                    "no checkpoint {checkpoint} — did you mean {names}?",
                    ["checkpoint": text, "names": either(closest)]))
    }

    /// The building `text` names (id or name), or an error listing the buildings.
    func building(_ text: String) throws(UserFacingError) -> Int {
        if let building = campus.building(named: text) { return building }
        // "building a": the word that only says it is a building.
        let terms = text.split(whereSeparator: \.isWhitespace)
        if terms.count > 1, terms[0].lowercased() == "building",
            let building = campus.building(named: terms.dropFirst().joined(separator: " "))
        {
            return building
        }
        // "the arts building": the one building whose name's words start with those typed.
        let typed = terms.map { $0.lowercased() }.filter { $0 != "the" }
        let loose = campus.buildings.indices.filter { Self.starts(campus.buildings[$0].name, with: typed) }
        if loose.count == 1 { return loose[0] }
        throw UserFacingError(
            words(
                "no building {building} — the buildings are {buildings}",
                ["building": text, "buildings": words.items(campus.buildings.map(\.id))]))
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

    /// `A`, `A or B`, `A, B or C`, in the reader's language, each name of several marked as a value.
    func either(_ names: [String]) -> String {
        guard names.count > 1, let last = names.last else { return names.first ?? "" }
        return words("{names} or {last}", ["names": words.items(Array(names.dropLast())), "last": last])
    }
}
