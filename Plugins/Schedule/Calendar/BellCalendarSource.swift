import Foundation
import HomeroomCore
import ICalendar
import Logging
import Synchronization

/// Where the bell calendar comes from — a feed URL, a local .ics file, or nothing (day types only) —
/// and the parsed copy kept in memory.
///
/// The copy is checked against its origin at most once a minute: the stored feed copy (which another
/// instance may have refreshed) or the file's modification time. A refresh in this process replaces
/// it at once.
final class BellCalendarSource: Sendable {
    enum Origin: Sendable, Equatable {
        case feed(URL)
        case file(String)
        case none
    }

    let origin: Origin
    let refresher: BellFeedRefresher?
    private let recheckSeconds: TimeInterval
    private let state = Mutex<Loaded?>(nil)

    private struct Loaded: Sendable {
        var calendar: VCalendar?
        var version: String
        var checkedAt: Date
    }

    init(origin: Origin, refresher: BellFeedRefresher?, recheckSeconds: TimeInterval) {
        self.origin = origin
        self.refresher = refresher
        self.recheckSeconds = recheckSeconds
    }

    /// Forgets the parsed copy; the next question reads it again.
    func invalidate() {
        state.withLock { $0 = nil }
    }

    /// A version of what is loaded, so caches built on it know when it changed.
    var loadedVersion: String? { state.withLock { $0?.version } }

    /// The calendar to answer from; nil when none is configured. Throws a ``UserFacingError``, in the
    /// language of `words`, when one is configured but there is no copy to read (a first fetch that
    /// failed, a broken file). A first fetch's alerts are written in each recipient's language, else
    /// the `school`'s.
    func calendar(
        storage: PluginStorage, fetcher: any HTTPFetching, now: Date, school: SchoolCalendar, logger: Logger,
        _ words: Words
    ) async throws -> VCalendar? {
        if let loaded = state.withLock({ $0 }), now.timeIntervalSince(loaded.checkedAt) < recheckSeconds {
            return loaded.calendar
        }
        switch origin {
        case .none:
            return nil
        case .file(let path):
            let modified = (try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date) ?? nil
            let version = "file:\(modified?.timeIntervalSince1970 ?? 0)"
            if let calendar = reuse(version: version, at: now) { return calendar }
            guard let data = FileManager.default.contents(atPath: path) else {
                throw UserFacingError(words("The bell schedule file cannot be read; ask an admin to check it."))
            }
            do {
                return store(try VCalendar(bytes: Array(data)), version: version, at: now)
            } catch {
                logger.error("bell schedule file is not readable", metadata: ["path": "\(path)", "error": "\(error)"])
                throw UserFacingError(
                    words(
                        "The bell schedule file has an error ({error}); ask an admin to fix it.", ["error": "\(error)"])
                )
            }
        case .feed(let url):
            let store = ScheduleStore(storage: storage)
            let key = url.absoluteString
            var state = try await store.feedState(for: key)
            let needsFirstFetch =
                state.map { !$0.hasBody && now.timeIntervalSince($0.checkedAt) >= recheckSeconds } ?? true
            if needsFirstFetch, let refresher {
                // First use on a new install: fetch now rather than wait for the schedule.
                _ = try await refresher.refresh(
                    storage: storage, fetcher: fetcher, now: now, school: school, logger: logger)
                state = try await store.feedState(for: key)
            }
            guard let state, state.hasBody else {
                guard let reason = state?.lastError else {
                    throw UserFacingError(words("The bell schedule feed has not loaded yet. Try again later."))
                }
                throw UserFacingError(
                    words("The bell schedule feed has not loaded yet ({reason}). Try again later.", ["reason": reason]))
            }
            if let calendar = reuse(version: state.version, at: now) { return calendar }
            guard let copy = try await store.feedBody(for: key) else {
                throw UserFacingError(words("The bell schedule feed has not loaded yet. Try again later."))
            }
            do {
                return self.store(try VCalendar(bytes: Array(copy.body.utf8)), version: copy.version, at: now)
            } catch {
                throw UserFacingError(
                    words("The stored bell schedule cannot be read ({error}).", ["error": "\(error)"]))
            }
        }
    }

    private func reuse(version: String, at now: Date) -> VCalendar? {
        state.withLock { loaded in
            guard var current = loaded, current.version == version else { return nil }
            current.checkedAt = now
            loaded = current
            return current.calendar
        }
    }

    private func store(_ calendar: VCalendar, version: String, at now: Date) -> VCalendar {
        state.withLock { $0 = Loaded(calendar: calendar, version: version, checkedAt: now) }
        return calendar
    }
}
