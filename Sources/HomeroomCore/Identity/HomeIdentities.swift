/// Where a linked identity's home identity is looked up: the runtime's identity links.
///
/// ``PeopleDirectory`` follows them so that a name typed in a command reads as the person plugins
/// keep, whichever of the person's linked identities it names.
package protocol HomeIdentities: Sendable {
    /// The home identity of the person `identity` belongs to (itself when it is not linked).
    func home(of identity: UserID) async throws -> UserID
}
