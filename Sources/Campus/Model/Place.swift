/// A place people ask for by name rather than number: the library, the gym, the nurse.
public struct Place: Sendable, Equatable {
    /// The name as listed: "Library".
    public let name: String
    /// Other names people type: "media center".
    public let aliases: [String]
    /// The room it is, when it is one.
    public let room: Int?
    /// The checkpoint it is reached from (the room's when it is a room).
    public let checkpoint: Int
    /// The last few metres in words; the room's wording when nil.
    public let hint: String?
}
