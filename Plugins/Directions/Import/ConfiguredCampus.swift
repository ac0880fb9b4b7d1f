import Campus
import Foundation
import HomeroomCore
import Synchronization

/// The campus file the configuration names (`campusFile`), brought into each school's campus.
///
/// The file is read once per process, when the first school asks for its campus; each scope (a
/// school, or the group sharing its campus) is then compared with it once, and the file is
/// imported there with ``CampusImporter`` when the stored document differs. A file that cannot be
/// read, or is not a campus file, is logged once as a warning naming the file and the problem,
/// and every school keeps the campus it has.
final class ConfiguredCampus: Sendable {
    /// Who the audit log names for an import the configuration asked for.
    static let actor = UserID(adapter: "homeroom", id: "config")

    /// The file as given in the configuration.
    let path: String
    private let file = Mutex<Task<[UInt8]?, Never>?>(nil)
    /// Each scope's comparison and import, started by its first question.
    private let scopes = Mutex<[String: Task<Void, Never>]>([:])

    /// Keeps `path`; nothing is read before the first question.
    init(path: String) {
        self.path = path
    }

    /// Makes the campus of `services`' scope the file's, unless it is already (or the file is bad);
    /// waits for an import already under way for the scope.
    func apply(to services: PluginServices) async {
        let scope = services.storage.scope
        let task = scopes.withLock { started in
            if let task = started[scope] { return task }
            let task = Task { await self.importIfChanged(into: services) }
            started[scope] = task
            return task
        }
        await task.value
    }

    private func importIfChanged(into services: PluginServices) async {
        guard let bytes = await contents(services) else { return }
        let storage = services.storage
        do {
            let document = String(decoding: bytes, as: UTF8.self)
            guard try await CampusStore.storedDocument(in: storage) != document else { return }
            let summary = try await CampusImporter.importCampus(
                bytes, into: storage,
                audit: AuditEntry(
                    at: services.clock.now, actor: Self.actor, action: "directions.import",
                    detail: "campus from \(path) (campusFile)", school: services.schoolID))
            services.logger.info(
                "campus file imported",
                metadata: [
                    "file": "\(path)", "scope": "\(storage.scope)", "rooms": "\(summary.rooms)",
                    "checkpoints": "\(summary.checkpoints)",
                ])
        } catch {
            services.logger.warning(
                "campus file \(path) not imported at \(storage.scope) (\(error)); its stored campus is kept")
            // A failing database is tried again at the next question.
            _ = scopes.withLock { $0.removeValue(forKey: storage.scope) }
        }
    }

    /// The file's bytes when it is a campus file, read once; nil (warned once) when it is not.
    private func contents(_ services: PluginServices) async -> [UInt8]? {
        let task = file.withLock { kept in
            if let kept { return kept }
            let path = path
            let task = Task<[UInt8]?, Never> {
                guard let bytes = Self.read(path) else {
                    self.warn("it does not exist or cannot be read", services)
                    return nil
                }
                do throws(CampusFileError) {
                    _ = try Campus.read(bytes)
                    return bytes
                } catch {
                    self.warn("line \(error.line): \(error.message)", services)
                    return nil
                }
            }
            kept = task
            return task
        }
        return await task.value
    }

    /// The file's bytes, nil when it cannot be read; a file past ``CampusLimits/maximumFileBytes``
    /// is read one byte past it, for the campus reader to refuse.
    private static func read(_ path: String) -> [UInt8]? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        return (try? handle.read(upToCount: CampusLimits.maximumFileBytes + 1)).map { Array($0 ?? Data()) }
    }

    /// The one warning for a bad file: its name and the problem.
    private func warn(_ problem: String, _ services: PluginServices) {
        services.logger.warning("campus file \(path) not imported (\(problem)); every school keeps its stored campus")
    }
}
