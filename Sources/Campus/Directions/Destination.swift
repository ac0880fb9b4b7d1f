/// Where someone wants to go: a room, a named place, or a checkpoint.
public enum Destination: Sendable, Equatable {
    /// A room, by its index in ``Campus/rooms``.
    case room(Int)
    /// A named place, by its index in ``Campus/places``.
    case place(Int)
    /// A checkpoint, by its index in ``Campus/checkpoints``.
    case checkpoint(Int)
}

extension Campus {
    /// The checkpoint a destination is reached from.
    public func checkpoint(of destination: Destination) -> Int {
        switch destination {
        case .room(let room): rooms[room].checkpoint
        case .place(let place): places[place].checkpoint
        case .checkpoint(let checkpoint): checkpoint
        }
    }

    /// How a destination is named in answers: `B-201 (Chemistry lab)`, `Library (A-120)`, `B2-EAST`.
    public func title(of destination: Destination) -> String {
        switch destination {
        case .room(let room):
            return rooms[room].title
        case .place(let index):
            let place = places[index]
            return place.room.map { "\(place.name) (\(rooms[$0].number))" } ?? place.name
        case .checkpoint(let checkpoint):
            return checkpoints[checkpoint].id
        }
    }
}
