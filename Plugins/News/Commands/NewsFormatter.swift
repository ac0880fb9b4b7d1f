import Foundation
import HomeroomCore

/// How stories read in chat, in the reader's language.
struct NewsFormatter: Sendable {
    let school: SchoolCalendar
    let words: Words

    /// `#12 Winter Concert Tickets — Lincoln News, Nov 3, 2025, by Ms. Rivera`.
    func line(_ story: NewsStory) -> String {
        guard let author = story.author, !author.isEmpty else { return heading(story) }
        return words(
            "#{number} {title} — {source}, {date}, by {author}",
            [
                "number": String(story.id), "title": story.title, "source": story.sourceName,
                "date": day(story.publishedAt), "author": author,
            ])
    }

    /// `#12 Winter Concert Tickets — Lincoln News, Nov 3, 2025`: the first line of a story read.
    func heading(_ story: NewsStory) -> String {
        words(
            "#{number} {title} — {source}, {date}",
            [
                "number": String(story.id), "title": story.title, "source": story.sourceName,
                "date": day(story.publishedAt),
            ])
    }

    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `Nov 3, 2025`, in the school's zone: in English the same whatever the server's locale, in
    /// another language as its locale abbreviates a date with its year.
    func day(_ date: Date) -> String {
        guard words.language == .english || words.language == .pseudo else {
            return date.formatted(
                Date.FormatStyle(
                    date: .abbreviated, time: .omitted, locale: words.language.locale, calendar: school.calendar,
                    timeZone: school.timeZone))
        }
        let local = school.localDate(at: date)
        return "\(Self.months[local.month - 1]) \(local.day), \(local.year)"
    }
}
