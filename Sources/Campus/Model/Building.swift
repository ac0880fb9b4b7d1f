/// A building of the campus.
public struct Building: Sendable, Equatable {
    /// The short id rooms are numbered with: `B` for `B-201`.
    public let id: String
    /// The name people use: "Science building".
    public let name: String
}
