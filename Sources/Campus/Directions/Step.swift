/// One step of walking directions, as facts the campus map gives: which way it goes, how far, and
/// the names the campus file gives the places on the way. The directions plugin says it in the
/// reader's language; the names are the school's own and are shown as written.
public struct Step: Sendable, Equatable {
    /// How the step is walked.
    public enum Way: Sendable, Equatable {
        /// The campus file's own wording for the link (its `instruction`, or `back` the other way),
        /// without a final `.`; with the metres when it is a walk, ramp or outside link of 10 m or more.
        case given(String, metres: Int?)
        /// Stairs, an elevator or a ramp (`kind`), named (`east stairs`) or not, up or down to `floor`.
        case changeFloor(Link.Kind, name: String?, up: Bool, floor: Int)
        /// Through the door called `name`; unnamed, through a door to the checkpoint called `to`.
        case door(name: String?, to: String)
        /// Outside for `metres` to the checkpoint called `to`.
        case outside(metres: Int, to: String)
        /// `metres` along the hallway `along`, when the file names it, to the checkpoint called `to`.
        case walk(metres: Int, along: String?, to: String)

        /// The campus file's names the step's wording shows.
        var names: [String] {
            switch self {
            case .given(let text, _): [text]
            case .changeFloor(_, let name, _, _): name.map { [$0] } ?? []
            case .door(let name, let to): [name ?? to]
            case .outside(_, let to): [to]
            case .walk(_, let along, let to): (along.map { [$0] } ?? []) + [to]
            }
        }
    }

    /// How the step is walked.
    public let way: Way
    /// The name of the building the step ends in, when that is another building than the one it
    /// starts in and the step's own names do not say so.
    public let entering: String?

    /// A step walked `way`, ending in the building called `entering` when that needs saying.
    public init(_ way: Way, entering: String? = nil) {
        self.way = way
        self.entering = entering
    }
}

/// The last step of walking directions: where the destination's door is.
public enum Arrival: Sendable, Equatable {
    /// The destination is the checkpoint itself, called `name`.
    case checkpoint(name: String)
    /// The destination (``Campus/title(of:)``) is found as the campus file's `hint` says.
    case hint(title: String, hint: String)
    /// The destination's door is straight ahead.
    case ahead(title: String)
    /// The destination's door is on `side` (left or right), the `door`th on that side when counted.
    case side(title: String, side: Room.Side, door: Int?)
    /// The destination's door is the `door`th, counting from the checkpoint.
    case door(title: String, door: Int)
    /// The destination's door is right at the checkpoint called `here`.
    case here(title: String, here: String)
}
