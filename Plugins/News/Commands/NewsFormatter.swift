import Foundation
import HomeroomCore

/// How stories read in chat.
struct NewsFormatter: Sendable {
    let school: SchoolCalendar

    /// `#12 Winter Concert Tickets — Lincoln News, Nov 3, by Ms. Rivera`.
    func line(_ story: NewsStory) -> String {
        var line = "#\(story.id) \(story.title) — \(story.sourceName), \(day(story.publishedAt))"
        if let author = story.author, !author.isEmpty { line += ", by \(author)" }
        return line
    }

    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `Nov 3, 2025`, in the school's zone, the same whatever the server's locale.
    func day(_ date: Date) -> String {
        let local = school.localDate(at: date)
        return "\(Self.months[local.month - 1]) \(local.day), \(local.year)"
    }
}
