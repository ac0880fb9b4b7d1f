import Logging
import SQLKit

extension SQLDatabase {
    /// Runs `body` between `begin` and `COMMIT` on this single connection, rolling back when it throws.
    func transaction<T: Sendable>(
        begin: String = "BEGIN", logger: Logger, _ body: @Sendable (any SQLDatabase) async throws -> T
    ) async throws -> T {
        try await raw(SQLQueryString(begin)).run()
        do {
            let result = try await body(self)
            try await raw("COMMIT").run()
            return result
        } catch {
            do {
                // In a task of its own, which the caller's cancellation does not reach: a cancelled
                // ROLLBACK would leave this connection (SQLite's one writer) inside the transaction,
                // and every later write refused.
                try await Task { try await self.raw("ROLLBACK").run() }.value
            } catch let rollbackError {
                logger.error("rollback failed: \(rollbackError)")
            }
            throw error
        }
    }
}
