import Feeds
import Foundation
import HomeroomCore

extension NewsPlugin {
    var sourcesCommand: Command {
        Command(
            "sources", summary: "the feeds news comes from, with their health",
            examples: [.init("news sources", "every source", answerContains: "1. Lincoln News")]
        ) { context in
            let store = NewsStore(storage: context.storage)
            let sources = try await store.sources()
            guard !sources.isEmpty else {
                return Reply(
                    "No news sources yet. An admin adds one with \(context.typed("news source add URL NAME")).")
            }
            let counts = try await store.storyCounts()
            return Reply(
                lines: sources.map { source in
                    var line = "\(source.id). \(source.name) — \(counts[source.id] ?? 0) stories — \(source.url)"
                    if let error = source.lastError { line += " — failing: \(error)" }
                    return line
                })
        }
    }

    var sourceAddCommand: Command {
        Command(
            "source add", summary: "add a feed (RSS or Atom); it is read at once", usage: "URL [NAME]",
            examples: [
                .init(
                    "news source add https://district.example.org/news/feed/ District News", "the district's feed",
                    answerContains: "Added source 2, \"District News\"")
            ],
            access: .restricted
        ) { context in
            guard let address = context.arguments.first else { throw context.usageError() }
            guard let url = URL(string: address), url.isWebAddress else {
                throw context.usageError("\"\(address)\" is not an http or https address")
            }
            let store = NewsStore(storage: context.storage)
            let sources = try await store.sources()
            if let existing = sources.first(where: { $0.url == url.absoluteString }) {
                throw UserFacingError("that feed is already source \(existing.id), \"\(existing.name)\"")
            }
            // The feed is read before anything is stored, so a wrong address leaves nothing behind.
            let body: [UInt8]
            let validators: (etag: String?, lastModified: String?)
            do {
                guard
                    case .fetched(let fetched, let etag, let lastModified) = try await context.fetcher.fetch(
                        poller.limits.request(for: url, provenance: .configured))
                else { throw UserFacingError("the server answered without the feed") }
                body = fetched
                validators = (etag, lastModified)
            } catch let error as FetchError {
                throw UserFacingError("cannot read \(address): \(error.message)")
            }
            let feed: Feed
            do {
                feed = try Feed(parsing: body)
            } catch let error as FeedError {
                throw UserFacingError("\(address) is not a feed: \(error.message)")
            }
            let given = context.arguments.dropFirst().joined(separator: " ")
            let name = given.isEmpty ? (feed.title.flatMap { $0.isEmpty ? nil : $0 } ?? url.host ?? address) : given
            if sources.contains(where: { $0.name.lowercased() == name.lowercased() }) {
                throw UserFacingError("there is already a source named \"\(name)\" — give this one another name")
            }
            let user = context.caller.user.description
            let now = context.now
            guard
                let id = try await context.auditedWrite(
                    "news.source.add", "\(name): \(url.absoluteString)",
                    { db in try await store.addSource(url: url.absoluteString, name: name, by: user, at: now, on: db) })
            else { throw UserFacingError("the source was not added") }
            let source = NewsSource(id: id, url: url.absoluteString, name: name)
            let outcome = try await poller.ingest(
                feed, validators: validators, of: source, store: store, now: now, announce: false,
                logger: context.logger)
            var lines = ["Added source \(id), \"\(name)\"."]
            if case .updated(let added, _) = outcome {
                lines.append(
                    "\(added) stories so far\(feed.warnings.isEmpty ? "" : " (the feed has errors; what could be read was kept)")."
                )
            }
            return Reply(lines: lines)
        }
    }

    var sourceRemoveCommand: Command {
        Command(
            "source remove", summary: "remove a feed with its stories and subscriptions", usage: "SOURCE",
            examples: [
                .init(
                    "news source remove District News", "no more news from the district",
                    answerContains: "Removed source 2, \"District News\"")
            ],
            access: .restricted
        ) { context in
            guard !context.arguments.isEmpty else { throw context.usageError() }
            let name = context.arguments.joined(separator: " ")
            let store = NewsStore(storage: context.storage)
            guard let source = try await store.source(named: name) else { throw unknownSource(name, context) }
            _ = try await context.auditedWrite("news.source.remove", "\(source.name): \(source.url)") { db in
                try await store.removeSource(source.id, on: db)
                return true
            }
            return Reply("Removed source \(source.id), \"\(source.name)\", with its stories and subscriptions.")
        }
    }
}
