import HomeroomCore

/// Circles as an announcement's audience (`/announce circle robotics "…"`): the runtime's
/// announcements reach a circle's members through this provider, knowing nothing of circles but
/// their name.
extension EventsPlugin: AudienceProviding {
    /// The capability of announcing to a private circle one is not in (admins hold every one). It
    /// is outside the `announce` tree on purpose: a role granted `announce` sends announcements,
    /// but does not reach into circles by invitation.
    static let announceToAnyCircle = "circle.announce"

    /// Circles, found by name as the circle commands find them, their members listed a page at a time.
    package var audiences: [AudienceProvider] {
        [
            AudienceProvider(
                kind: "circle",
                resolve: { typed, context in try await announcedCircle(typed, context).name },
                members: { name, after, limit, storage in
                    try await CircleStore(storage: storage).members(of: name, after: after, limit: limit)
                })
        ]
    }

    /// The circle `typed` names (in any case) when the asker may announce to it: anyone who may
    /// announce, to an open circle; only its members, or those who hold ``announceToAnyCircle``,
    /// to a circle by invitation, as only members post to it.
    func announcedCircle(_ typed: String, _ context: CommandContext) async throws -> Circle {
        let circle = try await existingCircle(typed, context)
        if circle.isOpen || context.caller.may(Self.announceToAnyCircle) { return circle }
        guard try await CircleStore(storage: context.storage).isMember(context.caller.person, of: circle.name) else {
            throw UserFacingError(
                context.words(
                    "{circle} is by invitation: only its members or an admin announce to it", ["circle": circle.name]))
        }
        return circle
    }
}
