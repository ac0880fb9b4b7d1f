import Foundation

/// How stories read in chat.
struct NewsFormatter: Sendable {
    let timeZone: TimeZone

    /// `#12 Winter Concert Tickets — Lincoln News, Nov 3, by Ms. Rivera`.
    func line(_ story: NewsStory) -> String {
        var line = "#\(story.id) \(story.title) — \(story.sourceName), \(day(story.publishedAt))"
        if let author = story.author, !author.isEmpty { line += ", by \(author)" }
        return line
    }

    /// `Nov 3, 2025`.
    func day(_ date: Date) -> String {
        date.formatted(Date.FormatStyle(date: .abbreviated, time: .omitted, timeZone: timeZone))
    }
}
