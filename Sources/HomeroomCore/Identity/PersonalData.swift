import SQLKit

/// What a plugin keeps about a person (a lunch wave, classes, a location, circle memberships):
/// it tells `/me` what that is and deletes it for `/me forget`. The runtime composes both; no
/// plugin knows another's.
///
/// Both receive the asker's context handed to the plugin, so `context.caller.person` is the key
/// the plugin keeps settings under and `context.caller.identities` every identity of the person
/// (a joined identity's own earlier settings are kept under its own id until it is unlinked).
public struct PersonalData: Sendable {
    /// The lines for `/me`, each naming the command that changes it; empty when nothing is kept.
    public typealias Describe = @Sendable (CommandContext) async throws -> [String]
    /// Deletes every row about the person, under any of their identities, on the transaction
    /// given: `/me forget` runs every plugin's in one transaction, so that nothing is left half
    /// forgotten. It must write through that transaction only, never through `context.storage`.
    public typealias Forget = @Sendable (CommandContext, any SQLDatabase) async throws -> Void

    /// What the data is, for the list of what `/me forget` deletes: "your lunch wave and classes".
    public let summary: String
    /// The lines for `/me`.
    public let describe: Describe
    /// The deletion.
    public let forget: Forget

    /// Declares what a plugin keeps.
    public init(_ summary: String, describe: @escaping Describe, forget: @escaping Forget) {
        self.summary = summary
        self.describe = describe
        self.forget = forget
    }
}

extension CommandContext {
    /// Deletes the rows of the plugin's table `name` whose `column` names any identity of the
    /// person (as `adapter:id`, or as the direct-message target `user:adapter:id` when
    /// `asDeliveryTargets`), on `db`: the usual body of a ``PersonalData/Forget``.
    public func deletePersonalRows(
        from name: String, column: String = "user_id", asDeliveryTargets: Bool = false, on db: any SQLDatabase
    ) async throws {
        try await db.deleteRows(
            naming: caller.identities, from: storage.table(name), column: column, asDeliveryTargets: asDeliveryTargets)
    }
}

extension SQLDatabase {
    /// Deletes the rows of `table` whose `column` names one of `identities`: as `adapter:id`, or
    /// as the direct-message target `user:adapter:id` when `asDeliveryTargets`.
    func deleteRows(naming identities: [UserID], from table: String, column: String, asDeliveryTargets: Bool = false)
        async throws
    {
        let names = identities.map { asDeliveryTargets ? DeliveryTarget.user($0).description : $0.description }
        try await delete(from: table).where(column, .in, SQLBind.group(names)).run()
    }
}
