/// The priority lanes of outgoing lines: control first (PONG, registration), then replies to
/// people, then bulk notifications.
public enum IRCLane: Int, Sendable, CaseIterable {
    case control = 0
    case reply = 1
    case bulk = 2
}
