import Feeds
import Foundation
import HTMLText
import HomeroomCore
import Logging
import SQLKit

/// Polls one source: a conditional GET (ETag, Last-Modified) within a deadline and a size cap,
/// the feed read, its stories saved (de-duplicated by guid, else link), and new stories put in the
/// outbox for the source's subscribers — in the same transaction that saves them, so a story is
/// announced once even with several instances.
struct FeedPoller: Sendable {
    let limits: FetchLimits

    /// What one poll did.
    enum Outcome: Sendable, Equatable {
        case updated(added: Int, changed: Int)
        case unchanged
        case failed(String)
    }

    /// Fetches and reads `source`'s feed; with `announce` false (the first poll after an admin adds
    /// it), existing stories are stored without telling subscribers. A subscriber who chose no
    /// language is told in `schoolLanguage`.
    func poll(
        _ source: NewsSource, store: NewsStore, fetcher: any HTTPFetching, now: Date, announce: Bool,
        schoolLanguage: Language, logger: Logger
    ) async throws -> Outcome {
        guard let url = URL(string: source.url) else { return .failed("the address is not a URL") }
        let request = limits.request(
            for: url, provenance: .configured, etag: source.etag, lastModified: source.lastModified)
        let feed: Feed
        let validators: (etag: String?, lastModified: String?)
        do {
            switch try await fetcher.fetch(request) {
            case .notModified:
                try await store.storage.write { db in
                    try await store.recordCheck(source.id, at: now, error: nil, on: db)
                }
                return .unchanged
            case .fetched(let body, let etag, let lastModified):
                feed = try Feed(parsing: body)
                validators = (etag, lastModified)
            }
        } catch let error as FetchError {
            return try await fail(source, error.message, store: store, now: now, logger: logger)
        } catch let error as FeedError {
            return try await fail(
                source, "not a feed we can read (\(error.message))", store: store, now: now, logger: logger)
        }
        return try await ingest(
            feed, validators: validators, of: source, store: store, now: now, announce: announce,
            schoolLanguage: schoolLanguage, logger: logger)
    }

    /// Saves what a fetched feed holds and the validators to send next time; see ``poll``.
    func ingest(
        _ feed: Feed, validators: (etag: String?, lastModified: String?), of source: NewsSource, store: NewsStore,
        now: Date, announce: Bool, schoolLanguage: Language, logger: Logger
    ) async throws -> Outcome {
        if !feed.warnings.isEmpty {
            logger.info(
                "news feed repaired", metadata: ["source": "\(source.name)", "problems": "\(feed.warnings.prefix(3))"])
        }
        let stories = feed.items.compactMap { Self.incoming($0, now: now) }
        let (added, changed) = try await store.storage.write { db in
            var added = 0
            var changed = 0
            // The subscribers, each with the words of their language, read at the first new story.
            var readers: [Reader]?
            for story in stories {
                switch try await store.save(story, source: source.id, at: now, on: db) {
                case .added(let id):
                    added += 1
                    guard announce else { continue }
                    if readers == nil {
                        readers = try await Self.readers(
                            of: source, store: store, schoolLanguage: schoolLanguage, on: db)
                    }
                    for reader in readers ?? [] {
                        let words = reader.words
                        let headline = words(
                            "News from {source}: {title}", ["source": source.name, "title": story.title])
                        try await store.storage.notifications.enqueue(
                            adapter: reader.adapter, target: reader.target,
                            lines: [headline] + (story.link.map { [words.mark($0)] } ?? []),
                            idempotencyKey: "news:story:\(id):\(reader.adapter):\(reader.storedTarget)", due: now,
                            into: db)
                    }
                case .changed: changed += 1
                case .unchanged: break
                }
            }
            try await store.recordCheck(
                source.id, at: now, error: nil, etag: .some(validators.etag),
                lastModified: .some(validators.lastModified),
                on: db)
            return (added, changed)
        }
        logger.info(
            "news feed polled", metadata: ["source": "\(source.name)", "added": "\(added)", "changed": "\(changed)"])
        return .updated(added: added, changed: changed)
    }

    /// A subscriber of a source, with the words it is told new stories in.
    private struct Reader {
        let adapter: String
        let target: DeliveryTarget
        /// The target as stored, for the idempotency key.
        let storedTarget: String
        let words: Words
    }

    /// The subscribers of `source`, each in the language chosen for the person or channel, else
    /// in `schoolLanguage`; read inside the transaction `db`.
    private static func readers(
        of source: NewsSource, store: NewsStore, schoolLanguage: Language, on db: any SQLDatabase
    ) async throws -> [Reader] {
        var readers: [Reader] = []
        for subscriber in try await store.subscribers(of: source.id, on: db) {
            guard let target = DeliveryTarget(stored: subscriber.target) else { continue }
            let language =
                try await store.storage.notifications.language(of: target, adapter: subscriber.adapter, on: db)
                ?? schoolLanguage
            readers.append(
                Reader(
                    adapter: subscriber.adapter, target: target, storedTarget: subscriber.target,
                    words: Words(NewsPlugin.catalogs, language)))
        }
        return readers
    }

    private func fail(_ source: NewsSource, _ problem: String, store: NewsStore, now: Date, logger: Logger) async throws
        -> Outcome
    {
        logger.warning(
            "news feed failed; its stories stay", metadata: ["source": "\(source.name)", "reason": "\(problem)"])
        try await store.storage.write { db in try await store.recordCheck(source.id, at: now, error: problem, on: db) }
        return .failed(problem)
    }

    /// A feed item as a story to save; nil for an item with neither a title nor a link.
    static func incoming(_ item: FeedItem, now: Date) -> IncomingStory? {
        let summary = item.summary.map(Self.plain) ?? ""
        let title =
            item.title.map { HTMLTree(parsing: $0).flatText }.flatMap { $0.isEmpty ? nil : $0 }
            ?? String(summary.prefix(80))
        guard let key = item.guid ?? item.link ?? (title.isEmpty ? nil : title) else { return nil }
        // A feed that carries the whole story (content:encoded) spares fetching the page.
        let body = item.content.map(Self.plain).flatMap { $0.count >= 500 ? $0 : nil }
        return IncomingStory(
            key: key, title: title.isEmpty ? "(untitled)" : title, link: item.link, author: item.author,
            publishedAt: item.published ?? item.updated ?? now, summary: summary, body: body)
    }

    private static func plain(_ text: FeedText) -> String {
        text.isHTML ? plainText(fromHTML: text.value) : text.value
    }
}
