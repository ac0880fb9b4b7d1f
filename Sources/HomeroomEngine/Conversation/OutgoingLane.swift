import HomeroomCore

/// The priority lanes of outgoing lines: control first (the protocol's lines, and notices that
/// must stay true, such as "try again in 3 s"), then replies to people, then bulk notifications.
package enum OutgoingLane: Int, Sendable, CaseIterable {
    case control = 0
    case reply = 1
    case bulk = 2
}
