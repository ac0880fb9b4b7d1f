import HomeroomCore
import SQLKit

/// The database as seen by work done under a lease: reads pass through, and each write checks,
/// at its end and inside its own transaction, that the lease's fencing token is still the
/// current one. The check locks the lease row until the commit, so a takeover waits for the
/// write to finish; a write whose lease has passed on throws ``DutyLost`` and is rolled back.
struct FencedDatabase: Database {
    private let base: any Database
    private let duty: Duty
    private let token: Int64

    init(_ base: any Database, duty: Duty, token: Int64) {
        self.base = base
        self.duty = duty
        self.token = token
    }

    var backend: DatabaseBackend { base.backend }

    func read<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        try await base.read(body)
    }

    func write<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        try await base.write { [duty, token] db in
            let result = try await body(db)
            guard try await LeaseTable.isCurrent(duty, token: token, on: db) else {
                throw DutyLost(duty: duty, token: token)
            }
            return result
        }
    }

    func fullTextIndex(table: String, fields: [String]) -> any FullTextIndex {
        base.fullTextIndex(table: table, fields: fields)
    }

    var seenSignatures: any SeenSignatures { base.seenSignatures }

    /// The connections are the base's, closed by its owner.
    func close() async {}
}
