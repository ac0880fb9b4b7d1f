import Foundation

/// The lock that keeps one SQLite file to one `homeroom serve` (DESIGN.md, Several instances): an
/// exclusive `flock` on a file beside the database (`homeroom.sqlite.lock`), held for the
/// process's life and released by the kernel when the process ends, however it ends. The
/// database file itself is not locked: its `fcntl` locks belong to SQLite (and on NFS `flock` is
/// emulated with them). One-shot commands (`say`, `admin`, `import`, `backup`) take no lock.
package final class ServeLock: Sendable {
    /// Another `serve` holds the lock, or the lock file could not be used.
    package enum Refusal: Error, CustomStringConvertible {
        /// Another `serve` (with its pid, when it wrote one) holds the lock on `database`.
        case taken(database: String, pid: Int32?)
        /// The lock file could not be opened or locked.
        case unusable(path: String, reason: String)

        package var description: String {
            switch self {
            case .taken(let database, let pid):
                "another homeroom serve\(pid.map { " (pid \($0))" } ?? "") is using \(database); "
                    + "one SQLite file serves one instance (use PostgreSQL for several)"
            case .unusable(let path, let reason): "cannot lock \(path): \(reason)"
            }
        }
    }

    /// Who holds the lock of a database.
    package enum Holder: Equatable, Sendable {
        /// No `serve` runs on it.
        case nobody
        /// A `serve` runs on it, with this pid when it wrote one.
        case serve(pid: Int32?)
    }

    /// The lock file.
    package let path: String
    private let descriptor: Int32

    private init(path: String, descriptor: Int32) {
        self.path = path
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// The lock file of the SQLite database at `databasePath`.
    package static func lockPath(forDatabase databasePath: String) -> String {
        databasePath + ".lock"
    }

    /// Takes the lock of the SQLite database at `databasePath` for as long as the returned value
    /// lives, creating the lock file (mode 0600, and its folder) when needed, and writing this
    /// process's pid into it. Throws ``Refusal/taken(database:pid:)`` at once when another process
    /// holds it.
    package static func acquire(database databasePath: String) throws -> ServeLock {
        let path = lockPath(forDatabase: databasePath)
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        if !FileManager.default.fileExists(atPath: folder.path) {
            do {
                try FileManager.default.createDirectory(
                    at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                throw Refusal.unusable(path: path, reason: "\(error.localizedDescription)")
            }
        }
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { throw Refusal.unusable(path: path, reason: Self.lastError()) }
        // A status probe holds a shared lock for an instant: a few tries tell it from a running serve.
        var attempts = 0
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let failure = errno
            attempts += 1
            guard failure == EWOULDBLOCK || failure == EINTR, attempts < 5 else {
                let reason = String(cString: strerror(failure))
                close(descriptor)
                if failure == EWOULDBLOCK {
                    throw Refusal.taken(database: databasePath, pid: pid(in: path))
                }
                throw Refusal.unusable(path: path, reason: reason)
            }
            usleep(50_000)
        }
        fchmod(descriptor, 0o600)
        let line = Array("\(ProcessInfo.processInfo.processIdentifier)\n".utf8)
        if ftruncate(descriptor, 0) != 0 || pwrite(descriptor, line, line.count, 0) != line.count {
            let reason = lastError()
            close(descriptor)
            throw Refusal.unusable(path: path, reason: reason)
        }
        return ServeLock(path: path, descriptor: descriptor)
    }

    /// Whether a `serve` holds the lock of the SQLite database at `databasePath`, tested without
    /// creating the lock file or blocking.
    package static func holder(ofDatabase databasePath: String) -> Holder {
        let path = lockPath(forDatabase: databasePath)
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { return .nobody }
        defer { close(descriptor) }
        guard flock(descriptor, LOCK_SH | LOCK_NB) == 0 else {
            return errno == EWOULDBLOCK ? .serve(pid: pid(in: path)) : .nobody
        }
        flock(descriptor, LOCK_UN)
        return .nobody
    }

    /// The pid a `serve` wrote into the lock file, if it is there and readable.
    private static func pid(in path: String) -> Int32? {
        guard let data = FileManager.default.contents(atPath: path), data.count <= 32 else { return nil }
        return Int32(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }

    private static func lastError() -> String {
        String(cString: strerror(errno))
    }
}
