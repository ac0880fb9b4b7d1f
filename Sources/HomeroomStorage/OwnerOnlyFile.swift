import Foundation

/// Files only their owner may read or write: the database and its backups.
enum OwnerOnlyFile {
    /// A file could not be created.
    struct CreationFailed: Error, CustomStringConvertible {
        let path: String
        let reason: String
        var description: String { "cannot create \(path): \(reason)" }
    }

    /// Creates an empty file at `path` with mode 0600; fails when something is there already.
    static func create(at path: String) throws {
        let descriptor = Foundation.open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw CreationFailed(path: path, reason: String(cString: strerror(errno)))
        }
        close(descriptor)
    }

    /// The permission bits of the file at `path`, or nil when it cannot be read.
    static func mode(of path: String) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? nil
    }
}
