import Feeds
import Foundation
import HomeroomCore
import Synchronization

/// The feeds the configuration lists (`feeds`), added as sources of a scope's news where missing.
///
/// The poll adds them before it polls, to the scope it runs for: a school's own `feeds`, laid over
/// the district's, to the school's news (the group's, for schools sharing news); the district's to
/// the district's. A feed is read before it is added, as `/news source add` reads it, and its
/// stories so far are stored without telling subscribers. Sources already there are kept, and a
/// feed taken off the list is not removed (`/news source remove` does that). A feed that cannot be
/// added is logged once, as a warning naming it and the problem; one that cannot be read is tried
/// again at the next poll.
final class ConfiguredFeeds: Sendable {
    /// Who the audit log names for a source the configuration added.
    static let actor = UserID(adapter: "homeroom", id: "config")

    /// The feeds, checked.
    let feeds: [NewsPlugin.ConfiguredFeed]
    /// `scope url` of each feed already there, added, or refused for good in this process.
    private let settled = Mutex<Set<String>>([])
    /// `scope url` of each feed whose failure was logged in this process.
    private let warned = Mutex<Set<String>>([])

    /// Keeps `feeds` (already checked).
    init(_ feeds: [NewsPlugin.ConfiguredFeed]) {
        self.feeds = feeds
    }

    /// Adds the feeds missing from the scope of `services`' storage; throws only what storage throws.
    func addMissing(to services: PluginServices, poller: FeedPoller) async throws {
        let scope = services.storage.scope
        let waiting = settled.withLock { settled in feeds.filter { !settled.contains("\(scope) \($0.url)") } }
        guard !waiting.isEmpty else { return }
        let store = NewsStore(storage: services.storage)
        for feed in waiting {
            let key = "\(scope) \(feed.url)"
            let ours = try await store.sources()
            let every = try await store.everySource()
            if ours.contains(where: { $0.url == feed.url }) {
                settle(key)
            } else if every.contains(where: { $0.url == feed.url }) {
                settle(key)
                warn(
                    key, feed, "it is another school's news source already; schools share one through a group", services
                )
            } else if every.contains(where: { $0.name.lowercased() == feed.name.lowercased() }) {
                settle(key)
                warn(key, feed, "a source is named \"\(feed.name)\" already", services)
            } else {
                do {
                    try await add(feed, to: store, services: services, poller: poller)
                    settle(key)
                } catch let problem as FeedProblem {
                    warn(key, feed, "\(problem.message); tried again at the next poll", services)
                }
            }
        }
    }

    /// Why a feed could not be read.
    private struct FeedProblem: Error {
        let message: String
    }

    /// Reads `feed`, adds it as a source with an audit entry, and stores its stories so far
    /// without announcing them.
    private func add(
        _ feed: NewsPlugin.ConfiguredFeed, to store: NewsStore, services: PluginServices, poller: FeedPoller
    ) async throws {
        guard let url = URL(string: feed.url) else { throw FeedProblem(message: "the address is not a URL") }
        let parsed: Feed
        let validators: (etag: String?, lastModified: String?)
        do {
            guard
                case .fetched(let body, let etag, let lastModified) = try await services.fetcher.fetch(
                    poller.limits.request(for: url, provenance: .configured))
            else { throw FeedProblem(message: "the server answered without the feed") }
            parsed = try Feed(parsing: body)
            validators = (etag, lastModified)
        } catch let error as FetchError {
            throw FeedProblem(message: "cannot read it: \(error.message)")
        } catch let error as FeedError {
            throw FeedProblem(message: "not a feed: \(error.message)")
        }
        let now = services.clock.now
        let audit = AuditEntry(
            at: now, actor: Self.actor, action: "news.source.add", detail: "\(feed.name): \(feed.url) (feeds)",
            school: services.schoolID)
        let storage = services.storage
        let id = try await storage.write { db in
            let id = try await store.addSource(
                url: feed.url, name: feed.name, by: Self.actor.description, at: now, on: db)
            try await storage.audit.insert(audit, into: db)
            return id
        }
        _ = try await poller.ingest(
            parsed, validators: validators, of: NewsSource(id: id, url: feed.url, name: feed.name), store: store,
            now: now, announce: false, schoolLanguage: services.school.language, logger: services.logger)
        services.logger.info(
            "configured news feed added", metadata: ["source": "\(feed.name)", "scope": "\(storage.scope)"])
    }

    private func settle(_ key: String) {
        _ = settled.withLock { $0.insert(key) }
    }

    /// Logs, once per process, that `feed` was not added to the scope and why.
    private func warn(_ key: String, _ feed: NewsPlugin.ConfiguredFeed, _ problem: String, _ services: PluginServices) {
        guard warned.withLock({ $0.insert(key).inserted }) else { return }
        services.logger.warning(
            "news feed \(feed.url) (\"\(feed.name)\") not added to \(services.storage.scope): \(problem)")
    }
}
