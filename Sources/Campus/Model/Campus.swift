/// A school's campus: buildings, checkpoints, the links people walk, rooms and named places.
///
/// Built from a campus file by ``Campus/read(_:)``, which checks every reference; the graph for
/// routing is built once here, so a campus value answers routes without further set-up.
public struct Campus: Sendable {
    /// What the campus is called: "Lincoln High School".
    public let name: String
    /// The buildings, in file order.
    public let buildings: [Building]
    /// The checkpoints; a checkpoint's index is its node in ``graph``.
    public let checkpoints: [Checkpoint]
    /// The links.
    public let links: [Link]
    /// The rooms, in file order.
    public let rooms: [Room]
    /// The named places, in file order.
    public let places: [Place]
    /// The routing graph.
    public let graph: CampusGraph

    private let checkpointsByKey: [String: Int]
    private let roomsByKey: [String: Int]
    private let placesByKey: [String: Int]

    /// Assembles a campus whose references are already checked, with the indexes its reading built:
    /// ``key(_:)`` of each checkpoint's id, and of each room's number and aliases.
    init(
        name: String, buildings: [Building], checkpoints: [Checkpoint], links: [Link], rooms: [Room], places: [Place],
        checkpointsByKey: [String: Int], roomsByKey: [String: Int]
    ) {
        self.name = name
        self.buildings = buildings
        self.checkpoints = checkpoints
        self.links = links
        self.rooms = rooms
        self.places = places
        graph = CampusGraph(nodeCount: checkpoints.count, links: links)
        self.checkpointsByKey = checkpointsByKey
        self.roomsByKey = roomsByKey
        var placeKeys: [String: Int] = [:]
        for (index, place) in places.enumerated() {
            for name in [place.name] + place.aliases { placeKeys[Self.key(name)] = placeKeys[Self.key(name)] ?? index }
        }
        placesByKey = placeKeys
    }

    /// A name as lookups compare it: letters and digits only, upper-cased (`b 201` and `B-201` are
    /// `B201`), composed first, so that "Café" typed with a combining accent is the same name.
    public static func key(_ name: some StringProtocol) -> String {
        if let key = name.utf8.withContiguousStorageIfAvailable(asciiKey) ?? nil { return key }
        return String(
            String.UnicodeScalarView(
                name.composed.unicodeScalars.filter {
                    $0.properties.isAlphabetic || $0.properties.numericType != nil
                })
        )
        .uppercased()
    }

    /// ``key(_:)`` of an ASCII name (nearly every name), where the letters and digits are the
    /// alphabetic and numeric scalars; nil for any other name.
    private static func asciiKey(_ name: UnsafeBufferPointer<UInt8>) -> String? {
        guard name.allSatisfy({ $0 < 0x80 }) else { return nil }
        return String(unsafeUninitializedCapacity: name.count) { buffer in
            var count = 0
            for byte in name {
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "Z"): buffer[count] = byte
                case UInt8(ascii: "a")...UInt8(ascii: "z"): buffer[count] = byte - 0x20
                default: continue
                }
                count += 1
            }
            return count
        }
    }

    /// The checkpoint with this id, in any case and punctuation.
    public func checkpoint(named id: String) -> Int? { checkpointsByKey[Self.key(id)] }

    /// The room with this number or alias.
    public func room(named number: String) -> Int? { roomsByKey[Self.key(number)] }

    /// The place with this name or alias.
    public func place(named name: String) -> Int? { placesByKey[Self.key(name)] }

    /// The building with this id or name.
    public func building(named name: String) -> Int? {
        let key = Self.key(name)
        return buildings.firstIndex { Self.key($0.id) == key || Self.key($0.name) == key }
    }

    /// The building of a checkpoint.
    public func building(of checkpoint: Int) -> Building { buildings[checkpoints[checkpoint].building] }

    /// The rooms of one building, by floor and then number.
    public func rooms(inBuilding building: Int) -> [(floor: Int, rooms: [Room])] {
        let inBuilding = rooms.filter { checkpoints[$0.checkpoint].building == building }
        return Dictionary(grouping: inBuilding) { checkpoints[$0.checkpoint].floor }
            .sorted { $0.key < $1.key }
            .map { (floor: $0.key, rooms: $0.value.sorted { $0.number.precedesInNumberOrder($1.number) }) }
    }
}

extension String {
    /// Orders `B-9` before `B-10`: digit runs compare as numbers.
    func precedesInNumberOrder(_ other: String) -> Bool {
        func parts(_ text: String) -> [(String, Int?)] {
            var result: [(String, Int?)] = []
            var current = ""
            var inDigits = false
            for character in text {
                let digit = character.isASCII && character.isNumber
                if digit != inDigits, !current.isEmpty {
                    result.append((current, inDigits ? Int(current) : nil))
                    current = ""
                }
                inDigits = digit
                current.append(character)
            }
            if !current.isEmpty { result.append((current, inDigits ? Int(current) : nil)) }
            return result
        }
        for (left, right) in zip(parts(self), parts(other)) where left.0 != right.0 {
            if let a = left.1, let b = right.1, a != b { return a < b }
            return left.0 < right.0
        }
        return count < other.count
    }
}
