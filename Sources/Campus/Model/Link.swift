/// A walkable connection between two checkpoints, usable both ways unless it is one-way.
public struct Link: Sendable, Equatable {
    /// How a person crosses it.
    public enum Kind: String, Sendable, CaseIterable {
        /// Along a hallway.
        case walk
        /// Through a door or a pair of doors.
        case door
        /// Stairs between floors; accessible routes avoid them.
        case stairs
        /// An elevator between floors.
        case elevator
        /// A ramp, on one floor or between floors.
        case ramp
        /// Outside, between buildings.
        case outside
    }

    /// The index of the checkpoint it starts at.
    public let from: Int
    /// The index of the checkpoint it ends at.
    public let to: Int
    /// Its length in metres: the cost routing minimises (an elevator's includes the wait).
    public let length: Double
    /// How it is crossed.
    public let kind: Kind
    /// The name of the stairs, elevator or door: "east stairs".
    public let name: String?
    /// The hallway it runs along: consecutive links along the same hallway become one step.
    public let along: String?
    /// What to do going from `from` to `to`; nil for the generated wording.
    public let instruction: String?
    /// What to do going from `to` to `from`; nil for the generated wording.
    public let back: String?
    /// True when it can only be crossed from `from` to `to`.
    public let oneWay: Bool
}
