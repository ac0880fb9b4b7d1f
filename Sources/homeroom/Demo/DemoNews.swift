import CivilDates
import Foundation
import HomeroomCore

/// The demo's news: an RSS feed and its article pages, written into the demo's `news` folder,
/// served on 127.0.0.1 by a ``DemoFeedServer`` and added with `/news source add` as an admin adds a
/// school's feed. The source keeps its address across starts while the port is free; when it
/// moved, the source is added again at the new address (its stories come with it).
enum DemoNews {
    /// The source's name.
    static let sourceName = "Lincoln High News"
    /// The feed's file name.
    static let feedName = "news.xml"

    /// One story: its page's name, title, summary, paragraphs, and how many days old it is.
    private struct Story {
        var page: String
        var title: String
        var summary: String
        var paragraphs: [String]
        var daysAgo: Int
        var hour: Int
    }

    private static let stories = [
        Story(
            page: "robotics-regionals", title: "Robotics team heads to the regional finals",
            summary: "Team 4321 won its qualifier with a robot built in six weeks.",
            paragraphs: [
                "The Lincoln High robotics team won its qualifying tournament on Saturday and goes on to the "
                    + "regional finals next month.",
                "The students designed, built and programmed the robot in six weeks, meeting after school in room "
                    + "B-201. Their advisor, Ms. Rivera, said the team solved a broken drive train in the last hour.",
                "New members are welcome at the Thursday meetings. Type /club robotics to see when and where.",
            ], daysAgo: 0, hour: 7),
        Story(
            page: "library-hours", title: "Library opens early during exam weeks",
            summary: "From Monday the library opens at 7:00 for quiet study.",
            paragraphs: [
                "During the exam weeks the library opens at 7:00, an hour earlier than usual, for quiet study.",
                "Laptops can be borrowed at the desk with a student card, and the group rooms can be booked at "
                    + "lunch. Ask for directions with /directions library.",
            ], daysAgo: 1, hour: 16),
        Story(
            page: "winter-concert", title: "Tickets for the winter concert are free",
            summary: "The band and the choir play in the theater on Thursday evening.",
            paragraphs: [
                "The band and the choir play the winter concert in the theater on Thursday at 18:30.",
                "Tickets are free and can be picked up at the main office. Families are welcome; the doors open "
                    + "half an hour before the start.",
            ], daysAgo: 2, hour: 12),
        Story(
            page: "new-lunch-menu", title: "New vegetarian dishes on the lunch menu",
            summary: "A vegetarian choice every day, chosen by the student council.",
            paragraphs: [
                "The cafeteria now serves a vegetarian choice every day. The student council tasted the dishes and "
                    + "picked its favourites.",
                "See today's menu with /lunch, or the week's with /lunch week.",
            ], daysAgo: 4, hour: 9),
    ]

    /// Serves the news folder, writes the feed and its pages, and adds or moves the source; returns
    /// the server, which must keep running while the News plugin polls. When any step fails the
    /// server is stopped before the error is thrown.
    static func load(into demoFolder: URL, _ admin: DemoAdmin, today: LocalDate) async throws -> DemoFeedServer {
        let folder = demoFolder.appendingPathComponent("news")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let sources = try await admin.send("news sources").lines
        let previous = sources.first { $0.contains("\(sourceName) —") }
        let server = try DemoFeedServer(serving: folder, preferredPort: previous.flatMap(port(in:)))
        do {
            try await publish(in: folder, on: server, previous: previous, admin, today: today)
        } catch {
            server.stop()
            throw error
        }
        return server
    }

    /// Writes the feed and its pages into `folder` for `server`, and adds the source at the
    /// server's address unless `previous`, the source's `/news sources` line, already has it.
    private static func publish(
        in folder: URL, on server: DemoFeedServer, previous: String?, _ admin: DemoAdmin, today: LocalDate
    ) async throws {
        for story in stories {
            try page(story).write(
                to: folder.appendingPathComponent("\(story.page).html"), atomically: true, encoding: .utf8)
        }
        try feed(server: server, today: today, school: admin.runtime.configuration.school)
            .write(to: folder.appendingPathComponent(feedName), atomically: true, encoding: .utf8)
        let address = server.address(of: feedName)
        if let previous, previous.contains(address) { return }
        if previous != nil { try await admin.send("news source remove \(sourceName)") }
        try await admin.send("news source add \(address) \(sourceName)")
    }

    /// The port of a `/news sources` line's 127.0.0.1 address.
    private static func port(in line: String) -> Int? {
        guard let range = line.range(of: "http://\(DemoFeedServer.host):") else { return nil }
        return Int(line[range.upperBound...].prefix { $0.isNumber })
    }

    private static func feed(server: DemoFeedServer, today: LocalDate, school: SchoolCalendar) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        let items = stories.map { story in
            let published = school.instant(on: today.adding(days: -story.daysAgo), hour: story.hour, minute: 30)
            return """
                    <item>
                      <title>\(story.title)</title>
                      <link>\(server.address(of: "\(story.page).html"))</link>
                      <guid isPermaLink="false">homeroom-demo-\(story.page)</guid>
                      <pubDate>\(formatter.string(from: published))</pubDate>
                      <description>\(story.summary)</description>
                    </item>
                """
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0">
              <channel>
                <title>\(sourceName)</title>
                <link>\(server.address(of: feedName))</link>
                <description>News from Lincoln High School (the Homeroom demo)</description>
            \(items.joined(separator: "\n"))
              </channel>
            </rss>

            """
    }

    private static func page(_ story: Story) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head><meta charset="utf-8"><title>\(story.title) — \(sourceName)</title></head>
        <body>
        <nav><a href="news.xml">\(sourceName)</a></nav>
        <article>
        <h1>\(story.title)</h1>
        \(story.paragraphs.map { "<p>\($0)</p>" }.joined(separator: "\n"))
        </article>
        </body>
        </html>

        """
    }
}
