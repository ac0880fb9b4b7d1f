import Foundation
import HomeroomCore

extension SchedulePlugin {
    /// Where the schedule comes from and, for a feed, its address, its last good copy, when it was
    /// last asked and what went wrong since: what `/schedule status` reads, as facts.
    func feedFacts(_ request: ConsoleRequest) async throws -> [ConsoleFact] {
        let words = request.words
        let now = request.clock.now
        switch source.origin {
        case .none:
            let detail =
                settings.defaultDayType.map { words("Day types only, \"{dayType}\" on school days", ["dayType": $0]) }
                ?? words("Day types only")
            return [ConsoleFact(words("Source"), detail)]
        case .file(let path):
            return [ConsoleFact(words("Source"), words("The file {path}", ["path": path]))]
        case .feed(let url):
            var facts = [
                ConsoleFact(
                    words("Source"),
                    words.plural(
                        "A calendar feed, refreshed every {count} min", "A calendar feed, refreshed every {count} min",
                        count: settings.refreshMinutes)),
                ConsoleFact(words("Feed address"), url.redacted),
            ]
            let state = try await ScheduleStore(storage: request.storage).feedState(for: url.absoluteString)
            guard let state, state.hasBody else {
                facts.append(ConsoleFact(words("Last good copy"), words("Not fetched yet."), isProblem: true))
                return facts + (state.map { healthFacts($0, now, words) } ?? [])
            }
            facts.append(ConsoleFact(words("Last good copy"), Self.ago(state.fetchedAt, now, words)))
            return facts + healthFacts(state, now, words)
        }
    }

    /// How the feed is doing: when it was last asked and, while it fails, since when and why.
    private func healthFacts(_ state: FeedState, _ now: Date, _ words: Words) -> [ConsoleFact] {
        var facts = [ConsoleFact(words("Last checked"), Self.ago(state.checkedAt, now, words))]
        if let since = state.failingSince, let error = state.lastError {
            facts.append(
                ConsoleFact(
                    words("Last error"),
                    words("Failing since {ago}: {error}.", ["ago": Self.ago(since, now, words), "error": error]),
                    isProblem: true))
        }
        return facts
    }
}
