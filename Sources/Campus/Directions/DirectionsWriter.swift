/// Turns a path into short sentences: straight walks along one hallway become one step, a run of
/// stairs or an elevator ride becomes one step naming the floor, and the last step names the door.
struct DirectionsWriter {
    let campus: Campus

    /// One link crossed in one direction.
    private struct Leg {
        let link: Link
        let from: Checkpoint
        let to: Checkpoint
        let isBackward: Bool

        var givenInstruction: String? { isBackward ? link.back : link.instruction }
        var isVertical: Bool { link.kind == .stairs || link.kind == .elevator }
    }

    /// The walking steps of `path`, without the arrival.
    func steps(along path: ShortestPath) -> [String] {
        let legs = path.edges.map { edge in
            let link = campus.links[Int(edge.link)]
            let (from, to) = edge.isBackward ? (link.to, link.from) : (link.from, link.to)
            return Leg(
                link: link, from: campus.checkpoints[from], to: campus.checkpoints[to], isBackward: edge.isBackward)
        }
        var steps: [String] = []
        var index = 0
        while index < legs.count {
            var end = index + 1
            while end < legs.count, mergeable(legs[end - 1], legs[end]) { end += 1 }
            steps.append(sentence(for: legs[index..<end]))
            index = end
        }
        return steps
    }

    /// True when `next` continues `previous` in the same step: more of the same stairs or
    /// elevator, or more of the same hallway, neither with wording of its own.
    private func mergeable(_ previous: Leg, _ next: Leg) -> Bool {
        guard previous.givenInstruction == nil, next.givenInstruction == nil, previous.link.kind == next.link.kind
        else {
            return false
        }
        if previous.isVertical { return previous.link.name == next.link.name }
        return previous.link.along != nil && previous.link.along == next.link.along
    }

    private func sentence(for legs: ArraySlice<Leg>) -> String {
        let first = legs.first!
        let last = legs.last!
        let metres = Int(legs.reduce(0) { $0 + $1.link.length }.rounded())
        let name = first.link.name.map { "the \($0)" }
        let text: String
        if var given = first.givenInstruction {
            if given.hasSuffix(".") { given.removeLast() }
            let isLongWalk = [.walk, .outside, .ramp].contains(first.link.kind) && metres >= 10
            text = isLongWalk ? "\(given) (\(metres) m)" : given
        } else {
            switch first.link.kind {
            case .stairs, .elevator:
                text = changeFloor(name ?? "the \(first.link.kind.rawValue)", from: first.from, to: last.to)
            case .ramp where first.from.floor != last.to.floor:
                text = changeFloor(name ?? "the ramp", from: first.from, to: last.to)
            case .door:
                text = name.map { "go through \($0)" } ?? "go through the door to \(last.to.name)"
            case .outside:
                text = "go outside and walk \(metres) m to \(last.to.name)"
            case .walk, .ramp:
                text = "walk \(metres) m \(first.link.along.map { "along \($0) " } ?? "")to \(last.to.name)"
            }
        }
        var sentence = text
        let building = campus.buildings[last.to.building].name
        if last.to.building != first.from.building, !sentence.contains(building) {
            sentence += " — you are now in the \(building)"
        }
        return sentence.asSentence
    }

    /// "take the east stairs up to floor 3".
    private func changeFloor(_ way: String, from start: Checkpoint, to end: Checkpoint) -> String {
        "take \(way) \(end.floor > start.floor ? "up" : "down") to floor \(end.floor)"
    }

    /// The last step: which door, or where the place is.
    func arrival(at destination: Destination) -> String {
        switch destination {
        case .room(let index):
            let room = campus.rooms[index]
            return door(room.title, side: room.side, door: room.door, hint: room.hint, at: room.checkpoint)
        case .place(let index):
            let place = campus.places[index]
            let room = place.room.map { campus.rooms[$0] }
            return door(
                campus.title(of: destination), side: room?.side, door: room?.door, hint: place.hint ?? room?.hint,
                at: place.checkpoint)
        case .checkpoint(let index):
            return "You are at \(campus.checkpoints[index].name)."
        }
    }

    private func door(_ title: String, side: Room.Side?, door: Int?, hint: String?, at checkpoint: Int) -> String {
        if let hint { return "\(title): \(hint)".asSentence }
        switch (side, door) {
        case (.ahead?, _): return "\(title) is the door straight ahead."
        case (let side?, let door?): return "\(title) is the \(Self.ordinal(door)) door on your \(side.rawValue)."
        case (let side?, nil): return "\(title) is on your \(side.rawValue)."
        case (nil, let door?): return "\(title) is the \(Self.ordinal(door)) door."
        case (nil, nil): return "\(title) is right here, at \(campus.checkpoints[checkpoint].name)."
        }
    }

    /// `first` … `tenth`, then `11th`, `12th`, `21st`.
    static func ordinal(_ number: Int) -> String {
        let words = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"]
        if (1...10).contains(number) { return words[number - 1] }
        let suffix =
            (11...13).contains(number % 100) ? "th" : [1: "st", 2: "nd", 3: "rd"][number % 10, default: "th"]
        return "\(number)\(suffix)"
    }
}
