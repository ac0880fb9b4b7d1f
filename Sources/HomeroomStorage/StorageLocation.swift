import HomeroomCore
import Logging

/// Where the data lives: an SQLite file (the embedded default) or a PostgreSQL server.
public enum StorageLocation: Sendable, Equatable, CustomStringConvertible {
    /// An SQLite file, created with its folder on first start.
    case sqlite(path: String)
    /// A PostgreSQL server, by URL.
    case postgres(url: String)

    /// Opens the database.
    public func open(logger: Logger) async throws -> any Database {
        switch self {
        case .sqlite(let path): try await SQLiteStore.open(path: path, logger: logger)
        case .postgres(let url): try await PostgresStore.open(url: url, logger: logger)
        }
    }

    /// Where, in words, with any password left out.
    public var description: String {
        switch self {
        case .sqlite(let path): "SQLite file \(path)"
        case .postgres(let url): "PostgreSQL \(StorageLocation.redacted(url))"
        }
    }

    /// The URL with the password replaced by `***`.
    static func redacted(_ url: String) -> String {
        guard let schemeEnd = url.range(of: "://"), let at = url[schemeEnd.upperBound...].lastIndex(of: "@"),
            let colon = url[schemeEnd.upperBound..<at].firstIndex(of: ":")
        else { return url }
        return url[..<url.index(after: colon)] + "***" + url[at...]
    }
}
