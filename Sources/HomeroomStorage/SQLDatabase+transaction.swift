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
                try await raw("ROLLBACK").run()
            } catch let rollbackError {
                logger.error("rollback failed: \(rollbackError)")
            }
            throw error
        }
    }
}
