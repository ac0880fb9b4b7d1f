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
            let words = context.words
            guard !sources.isEmpty else {
                return Reply(
                    words(
                        "No news sources yet. An admin adds one with {command} URL NAME.",
                        ["command": context.typed("news source add")]))
            }
            let counts = try await store.storyCounts(of: sources.map(\.id))
            return Reply(
                lines: sources.map { source in
                    let stories = counts[source.id] ?? 0
                    let values: KeyValuePairs<String, String> = [
                        "number": String(source.id), "name": source.name, "address": source.url,
                        "error": source.lastError ?? "",
                    ]
                    // The failure is stored as the poll found it, and shown as it stands.
                    guard source.lastError != nil else {
                        return words.plural(
                            "{number}. {name} — {count} story — {address}",
                            "{number}. {name} — {count} stories — {address}", count: stories, values)
                    }
                    return words.plural(
                        "{number}. {name} — {count} story — {address} — failing: {error}",
                        "{number}. {name} — {count} stories — {address} — failing: {error}", count: stories, values)
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
            let words = context.words
            guard let address = context.arguments.first else { throw context.usageError() }
            guard let url = URL(string: address), url.isWebAddress else {
                throw context.usageError(words("\"{address}\" is not an http or https address", ["address": address]))
            }
            let store = NewsStore(storage: context.storage)
            let sources = try await store.sources()
            if let existing = sources.first(where: { $0.url == url.absoluteString }) {
                throw UserFacingError(
                    words(
                        "that feed is already source {number}, \"{name}\"",
                        ["number": String(existing.id), "name": existing.name]))
            }
            // A feed is one scope's (schools share one through a group): its address and name are
            // taken in every scope.
            let elsewhere = try await store.everySource().filter { source in !sources.contains { $0.id == source.id } }
            if elsewhere.contains(where: { $0.url == url.absoluteString }) {
                throw UserFacingError(words("that feed is already another school's news source"))
            }
            // The feed is read before anything is stored, so a wrong address leaves nothing behind.
            let body: [UInt8]
            let validators: (etag: String?, lastModified: String?)
            do {
                guard
                    case .fetched(let fetched, let etag, let lastModified) = try await context.fetcher.fetch(
                        poller.limits.request(for: url, provenance: .configured))
                else { throw UserFacingError(words("the server answered without the feed")) }
                body = fetched
                validators = (etag, lastModified)
            } catch let error as FetchError {
                throw UserFacingError(
                    words("cannot read {address}: {problem}", ["address": address, "problem": error.message]))
            }
            let feed: Feed
            do {
                feed = try Feed(parsing: body)
            } catch let error as FeedError {
                throw UserFacingError(
                    words("{address} is not a feed: {problem}", ["address": address, "problem": error.message]))
            }
            let given = context.arguments.dropFirst().joined(separator: " ")
            let name = given.isEmpty ? (feed.title.flatMap { $0.isEmpty ? nil : $0 } ?? url.host ?? address) : given
            if (sources + elsewhere).contains(where: { $0.name.lowercased() == name.lowercased() }) {
                throw UserFacingError(
                    words("there is already a source named \"{name}\" — give this one another name", ["name": name]))
            }
            let user = context.caller.user.description
            let now = context.now
            guard
                let id = try await context.auditedWrite(
                    "news.source.add", "\(name): \(url.absoluteString)",
                    { db in try await store.addSource(url: url.absoluteString, name: name, by: user, at: now, on: db) })
            else { throw UserFacingError(words("the source was not added")) }
            let source = NewsSource(id: id, url: url.absoluteString, name: name)
            let outcome = try await poller.ingest(
                feed, validators: validators, of: source, store: store, now: now, announce: false,
                schoolLanguage: context.school.language, logger: context.logger)
            var lines = [words("Added source {number}, \"{name}\".", ["number": String(id), "name": name])]
            if case .updated(let added, _) = outcome {
                lines.append(
                    feed.warnings.isEmpty
                        ? words.plural("{count} story so far.", "{count} stories so far.", count: added)
                        : words.plural(
                            "{count} story so far (the feed has errors; what could be read was kept).",
                            "{count} stories so far (the feed has errors; what could be read was kept).", count: added))
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
            return Reply(
                context.words(
                    "Removed source {number}, \"{name}\", with its stories and subscriptions.",
                    ["number": String(source.id), "name": source.name]))
        }
    }
}
