import HomeroomCore

/// A small group (a study group, the robotics team): its members get its posts and see its events.
struct Circle: Sendable, Equatable {
    /// The name, lowercase: `robotics`.
    var name: String
    /// Who runs it: removes members, hands it over.
    var owner: UserID
    /// True when anyone may join; otherwise members join by invitation.
    var isOpen: Bool
}
