/// A kind of group a plugin keeps whose members an announcement may be addressed to
/// (`/announce circle robotics "…"`): the plugin finds the group a typed name means, refusing an
/// asker who may not address it, and lists the group's members a page at a time, for the
/// runtime's fan-out to reach each once on the contact they chose. The runtime knows the group
/// only by its kind and name, never by the plugin's tables.
package struct AudienceProvider: Sendable {
    /// Finds the group `typed` names for the asker of `context` (handed to the plugin, with its
    /// own storage): its name as the plugin keeps it, or a ``UserFacingError`` saying that there
    /// is none or that the asker may not address it.
    package typealias Resolve = @Sendable (_ typed: String, _ context: CommandContext) async throws -> String
    /// Up to `limit` members of group `name` in `storage` (the plugin's, at the announcement's
    /// school), by home identity, each once, in the order of their text, after `after` (nil:
    /// from the first). Fewer than `limit` means there are no more.
    package typealias Members =
        @Sendable (_ name: String, _ after: UserID?, _ limit: Int, _ storage: PluginStorage) async throws -> [UserID]

    /// The word that names the kind in `/announce`: `circle`.
    package let kind: String
    package let resolve: Resolve
    package let members: Members

    /// A kind of group named `kind`, found by `resolve` and listed by `members`.
    package init(kind: String, resolve: @escaping Resolve, members: @escaping Members) {
        self.kind = kind
        self.resolve = resolve
        self.members = members
    }
}
