/// A point of the campus graph: where a QR code hangs, a door, a stair or elevator landing.
public struct Checkpoint: Sendable, Equatable {
    /// The id printed under the QR code and typed in `/here B2-EAST`.
    public let id: String
    /// Where it is, as a person would say it: "the east stairs on floor 2 of the Science building".
    public let name: String
    /// The index of its building in ``Campus/buildings``.
    public let building: Int
    /// Its floor.
    public let floor: Int
    /// True when a QR code hangs here (a checkpoint someone can scan), false for doors and landings.
    public let hasCode: Bool
}
