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

    /// What the data is, for the list of what `/me forget` deletes: "your lunch wave and classes";
    /// nil when the plugin keeps nothing that `/me forget` deletes.
    public let summary: String?
    /// The lines for `/me`.
    public let describe: Describe
    /// The deletion.
    public let forget: Forget
    /// Every column of the plugin's tables that names a person, with what `/me forget` does with
    /// it: a test over every plugin's real schema fails when a column is missing here.
    public let columns: [PersonalColumn]

    /// Declares what a plugin keeps: `columns` names each column of its tables that names a person,
    /// as ``PersonalColumn/erased(_:_:)`` by `forget` or ``PersonalColumn/kept(_:_:because:)``.
    public init(
        _ summary: String, columns: [PersonalColumn], describe: @escaping Describe, forget: @escaping Forget
    ) {
        self.summary = summary
        self.describe = describe
        self.forget = forget
        self.columns = columns
    }

    /// Declares a plugin that keeps nothing `/me forget` deletes, though some of its `columns` name
    /// people (who set a menu, for the record): each is ``PersonalColumn/kept(_:_:because:)``.
    public static func keepsNothing(but columns: [PersonalColumn]) -> PersonalData {
        PersonalData(summary: nil, describe: { _ in [] }, forget: { _, _ in }, columns: columns)
    }

    /// Declares a plugin that keeps nothing about anyone: no column of its tables names a person.
    public static let keepsNothing = keepsNothing(but: [])

    private init(summary: String?, describe: @escaping Describe, forget: @escaping Forget, columns: [PersonalColumn]) {
        self.summary = summary
        self.describe = describe
        self.forget = forget
        self.columns = columns
    }
}

/// A column of a plugin's table that names a person (`locations.user_id`), as its
/// ``PersonalData`` declares it: erased by `/me forget`, or kept for a stated reason.
public struct PersonalColumn: Sendable, Hashable {
    /// The table's name without the plugin's prefix, as ``PluginStorage/table(_:)`` takes it: `locations`.
    public let table: String
    /// The column: `user_id`.
    public let column: String
    /// Why the column stays after `/me forget`; nil when `/me forget` deletes the rows it names.
    public let keptBecause: String?

    /// A column whose rows `/me forget` deletes.
    public static func erased(_ table: String, _ column: String) -> PersonalColumn {
        PersonalColumn(table: table, column: column, keptBecause: nil)
    }

    /// A column that names a person and stays after `/me forget`, for `reason` ("the record of who
    /// changed the menu").
    public static func kept(_ table: String, _ column: String, because reason: String) -> PersonalColumn {
        PersonalColumn(table: table, column: column, keptBecause: reason)
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
            naming: caller.identities, from: services.storage.table(name), column: column,
            asDeliveryTargets: asDeliveryTargets)
    }
}

extension SQLDatabase {
    /// Deletes the rows of `table` whose `column` names one of `identities`: as `adapter:id`, or
    /// as the direct-message target `user:adapter:id` when `asDeliveryTargets`.
    package func deleteRows(
        naming identities: [UserID], from table: String, column: String, asDeliveryTargets: Bool = false
    ) async throws {
        let names = identities.map { asDeliveryTargets ? DeliveryTarget.user($0).description : $0.description }
        try await delete(from: table).where(column, .in, SQLBind.group(names)).run()
    }
}
