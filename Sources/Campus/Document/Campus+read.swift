import JSONReading

extension Campus {
    /// Reads a campus file (the format is in the README), checking every reference; the first
    /// problem is thrown with its line, and nothing is half-read.
    /// A file past ``CampusLimits`` is refused like any other bad file.
    public static func read(_ bytes: some Collection<UInt8>) throws(CampusFileError) -> Campus {
        guard bytes.count <= CampusLimits.maximumFileBytes else {
            throw CampusFileError(
                line: 1,
                message:
                    "the file has \(bytes.count) bytes; a campus file may have at most \(CampusLimits.maximumFileBytes)"
            )
        }
        let document: LocatedJSON
        do {
            document = try LocatedJSON.parse(bytes, limits: CampusLimits.json)
        } catch {
            throw CampusFileError(line: error.line, message: error.message)
        }
        let root = try ObjectReader(document, .campus)
        var reader = CampusReader()
        for json in try root.list("buildings", atMost: CampusLimits.maximumBuildings) { try reader.readBuilding(json) }
        guard !reader.buildings.isEmpty else { throw root.error("buildings", "needs at least one building") }
        let checkpoints = try root.list("checkpoints", atMost: CampusLimits.maximumCheckpoints)
        reader.checkpoints.reserveCapacity(checkpoints.count)
        reader.checkpointIndex.reserveCapacity(checkpoints.count)
        for json in checkpoints { try reader.readCheckpoint(json) }
        guard !reader.checkpoints.isEmpty else { throw root.error("checkpoints", "needs at least one checkpoint") }
        for json in try root.list("links", required: false, atMost: CampusLimits.maximumLinks) {
            try reader.readLink(json)
        }
        for json in try root.list("rooms", required: false, atMost: CampusLimits.maximumRooms) {
            try reader.readRoom(json)
        }
        for json in try root.list("places", required: false, atMost: CampusLimits.maximumPlaces) {
            try reader.readPlace(json)
        }
        return Campus(
            name: try root.string("name"), buildings: reader.buildings, checkpoints: reader.checkpoints,
            links: reader.links, rooms: reader.rooms, places: reader.places, checkpointsByKey: reader.checkpointIndex,
            roomsByKey: reader.roomIndex)
    }
}

/// The campus read so far, and the indexes that check references as the file is read.
private struct CampusReader {
    var buildings: [Building] = []
    var checkpoints: [Checkpoint] = []
    var links: [Link] = []
    var rooms: [Room] = []
    var places: [Place] = []
    var buildingIndex: [String: Int] = [:]
    var checkpointIndex: [String: Int] = [:]
    var roomIndex: [String: Int] = [:]
    var roomLines: [Int] = []
    var placeNames: Set<String> = []

    mutating func readBuilding(_ json: LocatedJSON) throws(CampusFileError) {
        let object = try ObjectReader(json, .building, ordinal: buildings.count + 1)
        let id = try object.string("id")
        let key = Campus.key(id)
        guard key == id.uppercased(), key.count <= 8 else {
            throw object.error("id", "must be up to 8 letters and digits, like \"B\"")
        }
        guard buildingIndex[key] == nil else { throw object.error("id", "\(id) is already a building") }
        buildingIndex[key] = buildings.count
        buildings.append(Building(id: id, name: try object.string("name")))
    }

    mutating func readCheckpoint(_ json: LocatedJSON) throws(CampusFileError) {
        let object = try ObjectReader(json, .checkpoint, ordinal: checkpoints.count + 1)
        let id = try object.string("id")
        // Every ID character is one byte, so the byte count is the character count.
        guard id.utf8.count <= 32, id.utf8.allSatisfy(Self.isIDCharacter) else {
            throw object.error("id", "must be up to 32 letters, digits, '-', '_' or '.', like \"B2-EAST\"")
        }
        // Entered at once (one hash of the key): a later error in this checkpoint ends the whole read.
        guard checkpointIndex.updateValue(checkpoints.count, forKey: Campus.key(id)) == nil else {
            throw object.error("id", "is already a checkpoint")
        }
        let building = try lookUpBuilding(try object.string("building"), object, key: "building")
        guard let floor = try object.optionalInteger("floor", in: -5...200) else {
            throw object.error("floor", "is missing")
        }
        checkpoints.append(
            Checkpoint(
                id: id, name: try object.string("name"), building: building, floor: floor,
                hasCode: try object.bool("code", default: true)))
    }

    mutating func readLink(_ json: LocatedJSON) throws(CampusFileError) {
        let object = try ObjectReader(json, .link, ordinal: links.count + 1)
        let fromID = try object.string("from")
        let toID = try object.string("to")
        let from = try lookUpCheckpoint(fromID, object, key: "from")
        let to = try lookUpCheckpoint(toID, object, key: "to")
        guard from != to else { throw object.error("to", "is the same checkpoint as \"from\"") }
        let kind = try object.choice("kind", Link.Kind.self) ?? .walk
        let (start, end) = (checkpoints[from], checkpoints[to])
        switch kind {
        case .stairs, .elevator:
            guard start.building == end.building, start.floor != end.floor else {
                throw object.error("kind", "\(kind.rawValue) must join two floors of one building")
            }
        case .walk, .door:
            guard start.floor == end.floor else {
                throw object.error(
                    "kind",
                    "\(kind.rawValue) joins floors \(start.floor) and \(end.floor): use stairs, elevator or ramp")
            }
        case .ramp, .outside:
            break
        }
        let oneWay = try object.bool("oneWay", default: false)
        let back = try object.optionalString("back")
        if oneWay, back != nil { throw object.error("back", "cannot be given for a one-way link") }
        links.append(
            Link(
                from: from, to: to, length: try object.number("length", in: 0.1...5000), kind: kind,
                name: try object.optionalString("name"), along: try object.optionalString("along"),
                instruction: try object.optionalString("instruction"), back: back, oneWay: oneWay))
    }

    mutating func readRoom(_ json: LocatedJSON) throws(CampusFileError) {
        let object = try ObjectReader(json, .room, ordinal: rooms.count + 1)
        let number = try object.string("number")
        guard !Campus.key(number).isEmpty else { throw object.error("number", "needs letters or digits") }
        let aliases = try object.strings("aliases")
        for name in [number] + aliases {
            if let other = roomIndex[Campus.key(name)] {
                throw object.error(
                    name == number ? "number" : "aliases",
                    "\"\(name)\" already names room \(rooms[other].number) on line \(roomLines[other])")
            }
        }
        let checkpoint = try lookUpCheckpoint(try object.string("at"), object, key: "at")
        for name in [number] + aliases { roomIndex[Campus.key(name)] = rooms.count }
        roomLines.append(object.line)
        rooms.append(
            Room(
                number: number, name: try object.optionalString("name"), aliases: aliases, checkpoint: checkpoint,
                side: try object.choice("side", Room.Side.self), door: try object.optionalInteger("door", in: 1...50),
                hint: try object.optionalString("hint")))
    }

    mutating func readPlace(_ json: LocatedJSON) throws(CampusFileError) {
        let object = try ObjectReader(json, .place, ordinal: places.count + 1)
        let name = try object.string("name")
        let aliases = try object.strings("aliases")
        for each in [name] + aliases {
            guard !placeNames.contains(Campus.key(each)) else {
                throw object.error(each == name ? "name" : "aliases", "\"\(each)\" already names a place")
            }
            if let room = roomIndex[Campus.key(each)] {
                throw object.error(
                    each == name ? "name" : "aliases",
                    "\"\(each)\" already names room \(rooms[room].number) on line \(roomLines[room])")
            }
        }
        let room: Int?
        let checkpoint: Int
        switch (try object.optionalString("room"), try object.optionalString("at")) {
        case (let number?, nil):
            guard let index = roomIndex[Campus.key(number)] else {
                throw object.error("room", "names no room: \(number) (rooms come before places in the file)")
            }
            room = index
            checkpoint = rooms[index].checkpoint
        case (nil, let id?):
            room = nil
            checkpoint = try lookUpCheckpoint(id, object, key: "at")
        default:
            throw CampusFileError(line: object.line, message: "place \(name): give either \"room\" or \"at\"")
        }
        for each in [name] + aliases { placeNames.insert(Campus.key(each)) }
        places.append(
            Place(
                name: name, aliases: aliases, room: room, checkpoint: checkpoint,
                hint: try object.optionalString("hint")))
    }

    private func lookUpBuilding(_ id: String, _ object: ObjectReader, key: String) throws(CampusFileError) -> Int {
        guard let index = buildingIndex[Campus.key(id)] else {
            throw object.error(
                key, "names no building: \(id) (the buildings are \(buildings.map(\.id).joined(separator: ", ")))")
        }
        return index
    }

    private func lookUpCheckpoint(_ id: String, _ object: ObjectReader, key: String) throws(CampusFileError)
        -> Int
    {
        guard let index = checkpointIndex[Campus.key(id)] else {
            throw object.error(key, "names no checkpoint: \(id)")
        }
        return index
    }

    /// An ASCII letter or digit, '-', '_' or '.'.
    private static func isIDCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."):
            true
        default: false
        }
    }
}
