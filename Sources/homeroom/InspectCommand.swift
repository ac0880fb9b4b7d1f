import ArgumentParser
import CivilDates
import Feeds
import Foundation
import HTMLText
import ICalendar
import Recipes

/// `homeroom inspect`: what Homeroom reads from a calendar, before an admin trusts it.
struct InspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Show what Homeroom reads from a calendar, a recurrence rule, a feed, a page or a question.",
        subcommands: [
            Occurrences.self, Now.self, Rule.self, FeedItems.self, Article.self, RecipePage.self, Understand.self,
        ])

    struct FeedItems: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "feed",
            abstract: "The feed's title and link and its stories, as JSON; what was repaired goes to standard error.",
            discussion: "Example: homeroom inspect feed https://lincolnhigh.example.org/feed/")
        @Argument(help: "An RSS, RDF or Atom file, or an http or https address.") var source: String

        func run() async throws {
            let feed: Feed
            do {
                feed = try Feed(parsing: try await readInspectSource(source))
            } catch let error as FeedError {
                printError("\(source): \(error.message)")
                throw ExitCode(1)
            }
            for warning in feed.warnings { printError("\(source): repaired: \(warning)") }
            try printJSON(FeedInspection(feed))
        }
    }

    struct Article: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "article",
            abstract: "The article text Homeroom extracts from a news page, paragraphs separated by blank lines.",
            discussion: "Example: homeroom inspect article https://lincolnhigh.example.org/news/winter-concert")
        @Argument(help: "An HTML file, or an http or https address.") var source: String

        func run() async throws {
            let text = ArticleExtractor.extract(fromPage: try await readInspectSource(source))
            guard !text.isEmpty else {
                printError("\(source): no article text found")
                throw ExitCode(1)
            }
            print(text)
        }
    }

    struct RecipePage: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "recipe",
            abstract: "The schema.org recipe a page carries, as JSON in recipe-scrapers' field names.",
            discussion: "Example: homeroom inspect recipe https://cooking.example.org/cornbread")
        @Argument(help: "An HTML file, or an http or https address.") var source: String

        func run() async throws {
            let page = try await readInspectSource(source)
            let address = webAddress(source)
            let recipe: Recipe
            do {
                recipe = try RecipeExtractor.recipe(inPage: page, address: address)
            } catch {
                printError("\(source): \(error.message)")
                throw ExitCode(1)
            }
            try printJSON(RecipeInspection(recipe))
        }
    }

    struct Occurrences: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "ics",
            abstract: "The occurrences overlapping [FROM, TO), each event's days read in its own zone.",
            discussion: "Example: homeroom inspect ics bell.ics 2025-10-20 2025-10-27")
        @Argument(help: "An .ics file.") var file: String
        @Argument(help: "First day, YYYY-MM-DD.") var from: String
        @Argument(help: "Day after the last, YYYY-MM-DD.") var to: String

        func run() throws {
            let calendar = try readCalendar(file)
            let (records, skipped) = try inspecting {
                try CalendarInspection.expansion(in: calendar, fromDay: try day(from), toDay: try day(to))
            }
            for warning in skipped { printError("\(file): skipped: \(warning)") }
            try printJSON(records)
        }
    }

    struct Now: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "ics-now",
            abstract: "What is under way at an instant and the minutes until the first of it ends.",
            discussion: "Example: homeroom inspect ics-now bell.ics 2025-11-03T11:30:00-08:00")
        @Argument(help: "An .ics file.") var file: String
        @Argument(help: "The instant, ISO 8601 with an offset.") var now: String

        func run() throws {
            let calendar = try readCalendar(file)
            guard let instant = try? Date(now, strategy: .iso8601) else {
                throw ValidationError(
                    "\"\(now)\" is not an ISO 8601 time with an offset, like 2025-11-03T11:30:00-08:00")
            }
            try printJSON(try inspecting { try CalendarInspection.now(in: calendar, at: instant) })
        }
    }

    struct Rule: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rrule",
            abstract: "The first N instances of a recurrence rule, in libical's text form.",
            discussion: "Example: homeroom inspect rrule 'FREQ=MONTHLY;BYDAY=1FR;COUNT=3' 19970905T090000 3")
        @Argument(help: "The rule, FREQ=….") var rule: String
        @Argument(help: "DTSTART: YYYYMMDD, YYYYMMDDTHHMMSS or with Z for UTC.") var start: String
        @Argument(help: "How many instances.") var count: Int
        @Argument(help: "List only instances at or after this (same form as DTSTART).") var startAt: String?

        func run() throws {
            try printJSON(
                try inspecting {
                    try RecurrenceListing.instances(rule: rule, start: start, count: count, startingAt: startAt)
                })
        }
    }
}

/// Reads and parses a calendar file; what was skipped goes to standard error.
private func readCalendar(_ path: String) throws -> VCalendar {
    guard let data = FileManager.default.contents(atPath: path) else {
        printError("cannot read \(path)")
        throw ExitCode(1)
    }
    let calendar = try inspecting { try VCalendar(bytes: Array(data)) }
    for warning in calendar.warnings { printError("\(path): skipped: \(warning)") }
    return calendar
}

private func day(_ text: String) throws -> LocalDate {
    guard let date = LocalDate(iso: text) else {
        throw ICalendarError(line: nil, "\"\(text)\" is not a day like 2025-10-20")
    }
    return date
}

/// Runs a reader step; its error becomes one line on standard error and exit code 1.
private func inspecting<T>(_ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let error as ICalendarError {
        printError(error.description)
        throw ExitCode(1)
    }
}

private func printJSON(_ value: some Encodable) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let data = try encoder.encode(value)
    FileHandle.standardOutput.write(data + Data("\n".utf8))
}
