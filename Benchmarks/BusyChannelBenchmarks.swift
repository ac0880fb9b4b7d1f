import Foundation
import HomeroomCore
import HomeroomTestbed
import HomeroomTesting

/// A class asking at once in one channel, through a real ngircd with real clients, Homeroom at its
/// default settings (flood control and the per-user rate limit on), an operator with +F (ngircd's
/// own throttle lifted, so the bot's own is what counts). The students are operators with +F too,
/// so that every question reaches the bot when it is sent. Per case: the lines the bot sent to
/// the channel, the time from the last question to the last asker named,
/// the slowest first naming of a student after their first question, the notices (those that
/// refuse, and how long after the student's last question they came), how many different
/// questions were answered, and the time from the first question to the bot's last line.
func benchmarkBusyChannel() async throws {
    guard NgircdServer.isInstalled else {
        Report.say("busy channel: ngircd is missing; install it with apt-get install ngircd")
        return
    }
    let rounds = 3
    Report.say(
        "a busy channel through ngircd on loopback, Homeroom at its default settings (medians of \(rounds) rounds):")
    for (number, lesson) in Lesson.all.enumerated() {
        var results: [LessonResult] = []
        for _ in 0..<rounds { results.append(try await lesson.run()) }
        Report.say("  \(lesson.title)")
        Report.say("    \(LessonResult.medians(results))")
        let name = "busy-channel.lesson\(number + 1)"
        Report.figure(Figure("\(name).last-answer", median(results.map(\.lastAnswer)), "s"))
        Report.figure(Figure("\(name).answered", median(results.map { Double($0.answered) }), "of \(results.first?.asked ?? 0)"))
    }
}

/// One case: a class of `students`, each sending `commands` (`spread` apart across the class,
/// or all as fast as they can).
struct Lesson {
    let title: String
    let students: Int
    let commands: [String]
    let spread: Duration?

    static let five = ["!lunch", "!now", "!next", "!events", "!day"]
    static let twentyDifferent =
        five + [
            "!today", "!lunch tomorrow", "!events tomorrow", "!schedule tomorrow", "!day tomorrow", "!lunch week",
            "!events week", "!lunch friday", "!events friday", "!schedule friday", "!day friday", "!lunch 2026-11-25",
            "!events 2026-11-25", "!schedule 2026-11-25", "!day 2026-11-25",
        ]

    static let all = [
        Lesson(
            title: "30 students, each !lunch once, within 1 s", students: 30, commands: ["!lunch"],
            spread: .seconds(1)),
        Lesson(
            title: "4 students x 5 commands (!lunch !now !next !events !day)", students: 4, commands: five,
            spread: nil),
        Lesson(
            title: "4 students x 20 commands (the five, 4 times)", students: 4,
            commands: Array(repeating: five, count: 4).flatMap { $0 }, spread: nil),
        Lesson(title: "4 students x 20 different commands", students: 4, commands: twentyDifferent, spread: nil),
    ]

    /// One round on a new server with a new bot.
    func run() async throws -> LessonResult {
        let server = try NgircdServer()
        try await server.start()
        do {
            let result = try await round(port: server.port)
            await server.remove()
            return result
        } catch {
            await server.remove()
            throw error
        }
    }

    /// One round with a new bot on the server at `port`.
    private func round(port: Int) async throws -> LessonResult {
        try await BusyChannel.withHomeroom(port: port) { homeroom in
            let expected = await ExpectedAnswers(to: Set(commands).sorted(), bot: homeroom.bot)
            return try await Classroom.with(port: port, size: students) { classroom in
                if let spread {
                    let step = spread / classroom.students.count
                    let start = ContinuousClock.now
                    for (index, student) in classroom.students.enumerated() {
                        try await Task.sleep(until: start + step * index, clock: .continuous)
                        try await classroom.ask(student, commands[0])
                    }
                } else {
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        for student in classroom.students {
                            group.addTask { for command in commands { try await classroom.ask(student, command) } }
                        }
                        try await group.waitForAll()
                    }
                }
                try await waitForAnswers(in: classroom, expected: expected)
                return LessonResult(classroom, homeroom: homeroom, expected: expected)
            }
        }
    }

    /// Waits until every student has the answer to every question and the bot has been quiet for
    /// 3 s, or until it has been quiet for 20 s (what is missing will not come), or 150 s have passed.
    private func waitForAnswers(in classroom: Classroom, expected: ExpectedAnswers) async throws {
        let deadline = ContinuousClock.now + .seconds(150)
        while ContinuousClock.now < deadline {
            let quiet =
                ContinuousClock.now
                - (classroom.latestLine(from: BusyChannel.nick) ?? classroom.questions.last?.sentAt ?? .now)
            if quiet >= .seconds(20) { return }
            if quiet >= .seconds(3),
                classroom.students.allSatisfy({ student in
                    Set(classroom.questions(of: student).map(\.text)).allSatisfy {
                        expected.isAnswered($0, for: student, in: classroom)
                    }
                })
            {
                return
            }
            try await Task.sleep(for: .milliseconds(200))
        }
    }
}

/// The figures of one round.
struct LessonResult {
    var channelLines = 0
    var lastNamedAfterLastQuestion: Double?
    var slowestFirstNamed: Double?
    var notices = 0
    var tryAgainNotices = 0
    var slowestTryAgain: Double?
    var answered = 0
    var asked = 0
    var lastAnswer = 0.0
    var stayedUp = true

    init(_ classroom: Classroom, homeroom: IRCHomeroom, expected: ExpectedAnswers) {
        let bot = BusyChannel.nick
        let questions = classroom.questions
        guard let firstQuestion = questions.first?.sentAt, let lastQuestion = questions.last?.sentAt else { return }
        var lastNamed: ContinuousClock.Instant?
        var latestLine = firstQuestion
        if let observer = classroom.students.first {
            let lines = classroom.channelLines(from: bot, seenBy: observer)
            channelLines = lines.count
            latestLine = max(latestLine, lines.last?.arrivedAt ?? latestLine)
        }
        for student in classroom.students {
            let own = classroom.questions(of: student)
            guard let first = own.first?.sentAt, let last = own.last?.sentAt else { continue }
            if let named = classroom.firstNamed(student, by: bot) {
                lastNamed = max(lastNamed ?? named, named)
                slowestFirstNamed = max(slowestFirstNamed ?? 0, (named - first).seconds)
            }
            let notices = classroom.notices(from: bot, to: student)
            self.notices += notices.count
            latestLine = max(latestLine, notices.last?.arrivedAt ?? latestLine)
            for notice in notices where notice.text.contains("try again in") {
                tryAgainNotices += 1
                slowestTryAgain = max(slowestTryAgain ?? 0, (notice.arrivedAt - last).seconds)
            }
            let distinct = Set(own.map(\.text))
            asked += distinct.count
            answered += distinct.filter { expected.isAnswered($0, for: student, in: classroom) }.count
        }
        lastNamedAfterLastQuestion = lastNamed.map { ($0 - lastQuestion).seconds }
        lastAnswer = (latestLine - firstQuestion).seconds
        stayedUp = homeroom.isUp && !classroom.sawLeave(of: bot)
    }

    /// The medians of `results`, in one line.
    static func medians(_ results: [LessonResult]) -> String {
        func seconds(_ values: [Double?]) -> String {
            let known = values.compactMap { $0 }
            guard known.count == values.count, !known.isEmpty else { return "  never" }
            return String(format: "%6.2f s", median(known))
        }
        let lines = median(results.map { Double($0.channelLines) })
        let notices = median(results.map { Double($0.notices) })
        let tryAgain = median(results.map { Double($0.tryAgainNotices) })
        let answered = median(results.map { Double($0.answered) })
        let asked = results.first?.asked ?? 0
        let tryAgainText =
            tryAgain > 0 ? " (\(Int(tryAgain)) try-again, within \(seconds(results.map(\.slowestTryAgain))))" : ""
        return String(format: "%3.0f channel lines", lines)
            + "   last asker named \(seconds(results.map(\.lastNamedAfterLastQuestion))) after the last question"
            + "   slowest first naming \(seconds(results.map(\.slowestFirstNamed)))"
            + String(format: "   %.0f notices", notices) + tryAgainText
            + String(format: "   answered %.0f of %d", answered, asked)
            + String(format: "   last answer %.1f s", median(results.map(\.lastAnswer)))
            + (results.allSatisfy(\.stayedUp) ? "" : "   DISCONNECTED")
    }
}

extension Duration {
    /// The duration in seconds.
    var seconds: Double {
        let (whole, fraction) = components
        return Double(whole) + Double(fraction) / 1e18
    }
}

/// How the answer to a command shows: a piece of its first line, and whether it comes as a
/// notice to the asker rather than in the channel.
struct ExpectedAnswer: Sendable {
    let marker: String
    let isNotice: Bool

    /// True when `student` got it: in the channel on a line naming them or followed by a line
    /// naming them that points to it, or in a notice.
    func isAnswered(
        for student: ClassroomStudent, in classroom: Classroom, bot: String, markers: [String]
    ) -> Bool {
        let notices = classroom.notices(from: bot, to: student)
        if isNotice { return notices.contains { $0.text.contains(marker) } }
        let lines = classroom.channelLines(from: bot, seenBy: student)
        guard let shown = lines.firstIndex(where: { $0.text.contains(marker) }) else { return false }
        return lines[shown...].enumerated().contains { offset, line in
            line.names.contains(student.nick)
                && (offset == 0 || line.text.contains(marker) || !markers.contains { line.text.contains($0) })
        }
    }
}

/// How the answers to a lesson's commands show, found before the class asks.
struct ExpectedAnswers: Sendable {
    private let byCommand: [String: ExpectedAnswer]

    /// Asks `bot` each of `commands` in another channel, each as a person of their own.
    init(to commands: [String], bot: TestBot) async {
        var byCommand: [String: ExpectedAnswer] = [:]
        for (index, command) in commands.enumerated() {
            guard let reply = await bot.send(command, from: "irc:test:probe\(index)!p@127.0.0.1", in: "#probe"),
                let first = (reply.channelLines ?? reply.lines).first
            else { continue }
            byCommand[command] = ExpectedAnswer(
                marker: String(first.prefix(40)), isNotice: reply.visibility == .sender || reply.isError)
        }
        self.byCommand = byCommand
    }

    /// True when `student` got the answer to `command`.
    func isAnswered(_ command: String, for student: ClassroomStudent, in classroom: Classroom) -> Bool {
        let markers = byCommand.values.filter { !$0.isNotice }.map(\.marker)
        return byCommand[command]?.isAnswered(for: student, in: classroom, bot: BusyChannel.nick, markers: markers)
            ?? false
    }
}
