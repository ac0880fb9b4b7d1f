import CivilDates
import Foundation
import HomeroomCore

extension CorePlugin {
    /// `/day [DATE]`: every plugin's section for the asker, each within ``dayDeadline``.
    var dayCommand: Command {
        Command(
            "day", summary: "your day at a glance: schedule, lunch, events, news", usage: "[DATE]",
            examples: [
                .init("day", "today at a glance", answerContains: "Lunch"),
                .init("day tomorrow", "tomorrow at a glance", answerContains: "Lunch"),
            ]
        ) { [sections, dayDeadline] context in
            let overview = await Self.overview(
                of: try context.dateArgument(), context, sections, deadline: dayDeadline,
                withGist: context.message.conversation.channelName != nil)
            return CompactAnswer.reply(overview.lines, compact: overview.gist, visibility: .sender, for: context)
        }
    }

    /// The `day` topic: `/day` sent on school days at 07:15 or the subscriber's time, to a person
    /// (their wave, classes and circles) or a channel (nobody's: every wave, public events).
    static func dayTopic(
        _ sections: [(pluginID: String, section: DaySection)], deadline: Duration,
        phrasebooks: [String: Phrasebook]
    ) -> SubscriptionTopic {
        SubscriptionTopic(
            "day", summary: "your day at a glance",
            delivery: .daily(defaultTime: "07:15", schoolDaysOnly: true) { daily in
                let reader: UserID
                let conversation: Conversation
                switch daily.target {
                case .user(let person):
                    (reader, conversation) = (person, .direct)
                case .channel(let name):
                    (reader, conversation) = (UserID(adapter: daily.adapter, id: name), .channel(name))
                }
                let context = CommandContext(
                    message: IncomingMessage(
                        sender: reader, conversation: conversation, text: "/day", receivedAt: daily.now),
                    arguments: [],
                    command: RegisteredCommand(pluginID: id, command: Command("day", summary: "", handler: nil)),
                    prefix: "/", caller: Caller(user: reader, capabilities: .none), catalog: try CommandCatalog([]),
                    services: daily.services,
                    // The morning overview names no one, so it reads no user name.
                    people: PeopleDirectory(
                        forms: [], links: IdentityLinks(database: daily.services.storage.database), asker: reader),
                    language: daily.language, phrasebooks: phrasebooks)
                return await overview(of: daily.date, context, sections, deadline: deadline, withGist: false).lines
            })
    }

    /// `/day` for `date` (the next school day when there is no school then). `lines`: a heading,
    /// then each section's title, lines and "more" command, or a note when it was left out.
    /// `gist` (with `withGist`, else empty): the same in one or two lines for a channel,
    /// `Today, Mon Nov 23 — Schedule: … | Lunch: … | Events: …`.
    static func overview(
        of date: LocalDate, _ context: CommandContext, _ sections: [(pluginID: String, section: DaySection)],
        deadline: Duration, withGist: Bool
    ) async -> (lines: [String], gist: [String]) {
        let words = context.words
        var date = date
        var lines: [String] = []
        let lead: String
        if context.school.isSchoolDay(date) {
            let values: KeyValuePairs<String, String> = ["date": words.date(date), "day": words.date(date, .short)]
            if date == context.today {
                lines.append(words("Today, {date}:", values))
                lead = words("Today, {day} — ", values)
            } else {
                lines.append(words("{date}:", values))
                lead = words("{day} — ", values)
            }
        } else {
            let next = context.school.schoolDay(onOrAfter: date.adding(days: 1))
            lines.append(
                words(
                    "No school on {date}. Next school day, {next}:",
                    ["date": words.date(date), "next": words.date(next)]))
            lead = words(
                "No school {date} · next school day {next} — ",
                ["date": words.date(date, .short), "next": words.date(next, .short)])
            date = next
        }
        var gists: [String] = []
        for (entry, outcome) in await compose(sections, for: date, context, deadline: deadline, withGist: withGist) {
            // The title as the section's plugin declared it, in that plugin's words.
            let title = context.wordsOfPlugin(entry.pluginID).translating(entry.section.title)
            switch outcome {
            case .lines(let body, let gist):
                lines.append(words("{title}:", ["title": title]))
                lines += body.prefix(DaySection.maximumLines).map { "  \($0)" }
                lines.append("  " + words("more: {command}", ["command": context.typed(entry.section.more)]))
                gists.append(
                    CompactAnswer.clipped(
                        words("{title}: {gist}", ["title": title, "gist": gist ?? body.first ?? ""]), bytes: gistBytes))
            case .nothing:
                continue
            case .late:
                lines.append(words("({title} is left out: it did not answer in time.)", ["title": title]))
                gists.append(words("{title}: did not answer in time", ["title": title]))
            case .failed:
                lines.append(words("({title} is left out: it could not be read just now.)", ["title": title]))
                gists.append(words("{title}: could not be read just now", ["title": title]))
            }
        }
        return (
            lines,
            withGist
                ? CompactAnswer.packed(lead, gists, separator: " | ", words: context.words, itemsAreSentences: true)
                : []
        )
    }

    /// The most UTF-8 bytes one section takes in the gist, so that four fit in two lines.
    static let gistBytes = CompactAnswer.lineBudget * 2 / 5

    /// How one section came out.
    enum SectionOutcome: Sendable {
        /// Its lines (never empty), and its gist when asked for and the section wrote one.
        case lines([String], gist: String?)
        case nothing
        case late
        case failed
    }

    /// Runs every section at once (with its gist when `withGist`) and waits for them until
    /// `deadline`; a section still running then is `late`, and one that threw is `failed` (logged).
    /// Results come in the sections' order.
    static func compose(
        _ sections: [(pluginID: String, section: DaySection)], for date: LocalDate, _ context: CommandContext,
        deadline: Duration, withGist: Bool
    ) async -> [((pluginID: String, section: DaySection), SectionOutcome)] {
        let (results, continuation) = AsyncStream.makeStream(of: (Int, SectionOutcome).self)
        // Unstructured on purpose: a task group would wait for a section that ignores
        // cancellation, and a hanging plugin must not hold up the others' answer.
        let tasks = sections.enumerated().map { index, entry in
            Task {
                let outcome: SectionOutcome
                do {
                    let handed = context.handingOver(to: entry.pluginID, arguments: [])
                    if let body = try await entry.section.compose(handed, date), !body.isEmpty {
                        let gist = withGist ? try await entry.section.summarize?(handed, date) : nil
                        outcome = .lines(body, gist: gist)
                    } else {
                        outcome = .nothing
                    }
                } catch {
                    context.logger.error("day section \(entry.section.title) failed: \(error)")
                    outcome = .failed
                }
                continuation.yield((index, outcome))
            }
        }
        let timer = Task {
            try? await Task.sleep(for: deadline)
            continuation.finish()
        }
        var outcomes = [SectionOutcome](repeating: .late, count: sections.count)
        var received = 0
        for await (index, outcome) in results {
            outcomes[index] = outcome
            received += 1
            if received == sections.count { break }
        }
        timer.cancel()
        for task in tasks { task.cancel() }
        return Array(zip(sections, outcomes))
    }
}
