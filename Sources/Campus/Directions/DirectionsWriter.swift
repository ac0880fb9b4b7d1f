/// Turns a path into steps: straight walks along one hallway become one step, a run of stairs or an
/// elevator ride becomes one step naming the floor, and the arrival names the door. The steps are
/// facts; the directions plugin words them in the reader's language.
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
    func steps(along path: ShortestPath) -> [Step] {
        let legs = path.edges.map { edge in
            let link = campus.links[Int(edge.link)]
            let (from, to) = edge.isBackward ? (link.to, link.from) : (link.from, link.to)
            return Leg(
                link: link, from: campus.checkpoints[from], to: campus.checkpoints[to], isBackward: edge.isBackward)
        }
        var steps: [Step] = []
        var index = 0
        while index < legs.count {
            var end = index + 1
            while end < legs.count, mergeable(legs[end - 1], legs[end]) { end += 1 }
            steps.append(step(for: legs[index..<end]))
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

    /// The step that walks `legs`.
    private func step(for legs: ArraySlice<Leg>) -> Step {
        let first = legs.first!
        let last = legs.last!
        let metres = Int(legs.reduce(0) { $0 + $1.link.length }.rounded())
        let way: Step.Way
        if var given = first.givenInstruction {
            if given.hasSuffix(".") { given.removeLast() }
            let isLongWalk = [.walk, .outside, .ramp].contains(first.link.kind) && metres >= 10
            way = .given(given, metres: isLongWalk ? metres : nil)
        } else {
            let up = last.to.floor > first.from.floor
            switch first.link.kind {
            case .stairs, .elevator:
                way = .changeFloor(first.link.kind, name: first.link.name, up: up, floor: last.to.floor)
            case .ramp where first.from.floor != last.to.floor:
                way = .changeFloor(.ramp, name: first.link.name, up: up, floor: last.to.floor)
            case .door:
                way = .door(name: first.link.name, to: last.to.name)
            case .outside:
                way = .outside(metres: metres, to: last.to.name)
            case .walk, .ramp:
                way = .walk(metres: metres, along: first.link.along, to: last.to.name)
            }
        }
        let building = campus.buildings[last.to.building].name
        let isNewBuilding =
            last.to.building != first.from.building && !way.names.contains { $0.contains(building) }
        return Step(way, entering: isNewBuilding ? building : nil)
    }

    /// The last step: which door, or where the place is.
    func arrival(at destination: Destination) -> Arrival {
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
            return .checkpoint(name: campus.checkpoints[index].name)
        }
    }

    private func door(_ title: String, side: Room.Side?, door: Int?, hint: String?, at checkpoint: Int) -> Arrival {
        if let hint { return .hint(title: title, hint: hint) }
        switch (side, door) {
        case (.ahead?, _): return .ahead(title: title)
        case (let side?, _): return .side(title: title, side: side, door: door)
        case (nil, let door?): return .door(title: title, door: door)
        case (nil, nil): return .here(title: title, here: campus.checkpoints[checkpoint].name)
        }
    }
}
