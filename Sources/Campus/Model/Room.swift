/// A room, reached from the checkpoint nearest its door.
public struct Room: Sendable, Equatable {
    /// The number on the door: `B-201`.
    public let number: String
    /// What it is: "Chemistry lab".
    public let name: String?
    /// Other names people type: "chem lab".
    public let aliases: [String]
    /// The index of the checkpoint its door is reached from.
    public let checkpoint: Int
    /// Which side the door is on, walking on from the checkpoint.
    public let side: Side?
    /// Which door it is on that side, counting from the checkpoint (1 is the first).
    public let door: Int?
    /// The last few metres in words, when the side and door count do not say it.
    public let hint: String?

    /// A door's side.
    public enum Side: String, Sendable, CaseIterable {
        case left, right, ahead
    }

    /// `B-201 (Chemistry lab)`, or the number alone.
    public var title: String { name.map { "\(number) (\($0))" } ?? number }

    /// The number without punctuation and upper-cased, as lookups compare it: `B201`.
    public var key: String { Campus.key(number) }
}
