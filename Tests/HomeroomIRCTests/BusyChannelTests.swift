import Foundation
import HomeroomCore
import HomeroomTestbed
import HomeroomTesting
import Testing

/// A class asking at once in one channel, through a real ngircd with real clients, the bot at its
/// default settings: its flood control and the per-user rate limit on, an operator with +F as any
/// bot on the server would be (ngircd's own throttle lifted, so the bot's own is what counts).
/// The students are operators with +F too, so that every question reaches the bot when it is sent.
@Suite(.enabled(if: NgircdServer.isInstalled, "needs Debian's ngircd (Scripts/test installs it)"), .serialized)
struct BusyChannelTests {
    static let bot = BusyChannel.nick
    /// What a class asks most.
    static let fiveCommands = ["!lunch", "!now", "!next", "!events", "!day"]
    /// Twenty different questions, the five first.
    static let twentyCommands =
        fiveCommands + [
            "!today", "!lunch tomorrow", "!events tomorrow", "!schedule tomorrow", "!day tomorrow", "!lunch week",
            "!events week", "!lunch friday", "!events friday", "!schedule friday", "!day friday", "!lunch 2026-11-25",
            "!events 2026-11-25", "!schedule 2026-11-25", "!day 2026-11-25",
        ]
    /// The question that marks the end of a lesson: asked by the latecomer, who asks nothing else,
    /// and by no one in the class.
    static let endOfLesson = "!schedule 2026-11-30"

    @Test func aClassOfThirtyAskingForLunchWithinASecondIsNamedWithinThreeSecondsInFourLines() async throws {
        try await Self.withLunchRoom(size: 30) { homeroom, classroom, _ in
            let step = Duration.seconds(1) / classroom.students.count
            try await classroom.ask(
                classroom.students.enumerated().map { (step * $0.offset, $0.element, "!lunch") })
            let lastQuestion = try #require(classroom.questions.last).sentAt
            var unnamed: [String] = []
            try await eventually("every student named; never named: \(unnamed)", within: .seconds(15)) {
                unnamed = classroom.students.filter { classroom.firstNamed($0, by: Self.bot) == nil }.map(\.nick)
                return unnamed.isEmpty
            }
            for student in classroom.students {
                guard let named = classroom.firstNamed(student, by: Self.bot) else { continue }
                #expect(named - lastQuestion <= .seconds(3), "\(student.nick) named \(named - lastQuestion) after")
            }
            // A later question marks the end of the class's lines: the bot reserves each channel
            // answer's place when the question arrives and writes a channel's places in order, so a
            // stray copy of the answer to the class, late as it may be, goes out before the answer
            // to a question asked after everyone was named. The lines before that answer are all
            // the class got, however slowly the flood control let them through.
            let first = try #require(classroom.students.first)
            try await classroom.ask(first, "!now")
            var lines: [Classroom.SeenLine] = []
            try await eventually("the answer to a later !now", within: .seconds(60)) {
                let seen = classroom.channelLines(from: Self.bot, seenBy: first)
                guard let later = seen.firstIndex(where: { $0.text.contains("Period 5") }) else { return false }
                lines = Array(seen[..<later])
                return true
            }
            #expect(lines.count <= 4, "\(lines.count) lines: \(lines.map(\.text))")
            let menu = try #require(lines.first)
            #expect(menu.text.contains("Chicken tacos"), "the first line is the menu: \(menu.text)")
        }
    }

    @Test func fourStudentsSendingFiveCommandsEachAreNamedWithinTenSecondsAndAllAnswered() async throws {
        try await Self.withLunchRoom(size: 4) { homeroom, classroom, latecomer in
            let expected = try await Self.expectedAnswers(to: Self.fiveCommands + [Self.endOfLesson], bot: homeroom.bot)
            try await Self.askQuickly(Self.fiveCommands, classroom)
            try await Self.expectEveryoneAnswered(classroom, expected: expected, latecomer: latecomer)
        }
    }

    @Test func fourStudentsRepeatingFiveCommandsFourTimesAreNamedWithinTenSecondsAndAllAnswered() async throws {
        try await Self.withLunchRoom(size: 4) { homeroom, classroom, latecomer in
            let expected = try await Self.expectedAnswers(to: Self.fiveCommands + [Self.endOfLesson], bot: homeroom.bot)
            try await Self.askQuickly(Array(repeating: Self.fiveCommands, count: 4).flatMap { $0 }, classroom)
            try await Self.expectEveryoneAnswered(classroom, expected: expected, latecomer: latecomer)
            for student in classroom.students {
                let told = classroom.notices(from: Self.bot, to: student).filter { $0.text.contains("try again in") }
                #expect(told.isEmpty, "\(student.nick): a repeat is folded, never counted: \(told.map(\.text))")
            }
        }
    }

    @Test func fourStudentsSendingTwentyDifferentCommandsAreAnsweredOrToldATrueTimeToTryAgain() async throws {
        try await Self.withLunchRoom(size: 4) { homeroom, classroom, latecomer in
            let retry = "!schedule 2026-11-26"
            let expected = try await Self.expectedAnswers(
                to: Self.twentyCommands + [retry, Self.endOfLesson], bot: homeroom.bot)
            try await Self.askQuickly(Self.twentyCommands, classroom)
            try await Self.expectEveryoneAnswered(classroom, expected: expected, latecomer: latecomer)
            var waits: [Int] = []
            for student in classroom.students {
                let told = classroom.notices(from: Self.bot, to: student).filter { $0.text.contains("try again in") }
                #expect(told.count == 1, "\(student.nick): one notice for what was refused: \(told.map(\.text))")
                if let notice = told.first, let seconds = Self.retrySeconds(in: notice.text) {
                    #expect((1...60).contains(seconds), "\(notice.text)")
                    waits.append(seconds)
                }
            }
            // The bot's clock moves on by the time the notices gave: a new question is answered.
            let wait = try #require(waits.max())
            homeroom.bot.clock.advance(by: TimeInterval(wait))
            for student in classroom.students { try await classroom.ask(student, retry) }
            var unanswered: [String] = []
            try await eventually(
                "everyone answered after waiting \(wait) s as told; not answered: \(unanswered) "
                    + "\(classroom.students.map { classroom.transcript(of: $0, bot: Self.bot) })",
                within: .seconds(60)
            ) {
                unanswered = classroom.students.filter {
                    !Self.isAnswered(retry, for: $0, classroom, expected: expected, countingRefusals: false)
                }.map(\.nick)
                return unanswered.isEmpty
            }
        }
    }

    // MARK: - The lesson

    /// ngircd, the bot (lunch, schedule, events) at its defaults with today's menu and bell
    /// schedule (``BusyChannel``), a class of `size` in #lunch, and a latecomer there too, outside
    /// the class, to ask ``endOfLesson``; afterwards, checks that the bot was never disconnected.
    static func withLunchRoom(
        size: Int, _ body: (IRCHomeroom, Classroom, ClassroomStudent) async throws -> Void
    ) async throws {
        try await IRCIntegrationTests.withServer { server in
            try await BusyChannel.withHomeroom(port: server.port) { homeroom in
                try await ClassroomStudent.with(port: server.port, nick: "latecomer", channel: "#lunch") { latecomer in
                    try await Classroom.with(port: server.port, size: size, channel: "#lunch") { classroom in
                        try await body(homeroom, classroom, latecomer)
                        #expect(!classroom.sawLeave(of: bot), "the bot left or reconnected")
                        #expect(homeroom.isUp)
                    }
                }
            }
        }
    }

    /// Every student sends `commands` in a row, all four at once.
    static func askQuickly(_ commands: [String], _ classroom: Classroom) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for student in classroom.students {
                group.addTask { for command in commands { try await classroom.ask(student, command) } }
            }
            try await group.waitForAll()
        }
    }

    // MARK: - Reading the answers

    /// How the answer to a command shows: a piece of its first line, and whether it comes as a
    /// notice (an answer for the asker alone) rather than in the channel.
    struct ExpectedAnswer {
        let marker: String
        let isNotice: Bool
    }

    /// The answers to `commands` in a channel (their compact form, if they have one), asked of the
    /// bot directly by people of their own.
    static func expectedAnswers(to commands: [String], bot: TestBot) async throws -> [String: ExpectedAnswer] {
        var expected: [String: ExpectedAnswer] = [:]
        for (index, command) in commands.enumerated() {
            let reply = try #require(await bot.send(command, from: "irc:test:probe\(index)!p@127.0.0.1", in: "#probe"))
            let isNotice = reply.visibility == .sender || reply.isError
            let first = try #require((reply.channelLines ?? reply.lines).first)
            expected[command] = ExpectedAnswer(marker: String(first.prefix(40)), isNotice: isNotice)
        }
        let markers = commands.compactMap { expected[$0] }.filter { !$0.isNotice }.map(\.marker)
        try #require(Set(markers).count == markers.count, "two commands answer alike in the channel: \(markers)")
        return expected
    }

    /// Waits until every student is named in the channel and their every command answered (or
    /// refused with a notice), then until every student has the answer to `latecomer`'s
    /// ``endOfLesson`` (the lesson's lines all in), and checks that each was named within 10 s of
    /// their first question and that a notice to try again came within 3 s of their last question,
    /// while the channel's answers were still going out.
    static func expectEveryoneAnswered(
        _ classroom: Classroom, expected: [String: ExpectedAnswer], latecomer: ClassroomStudent
    ) async throws {
        var unanswered: [String] = []
        try await eventually(
            "every question answered; silently ignored: \(unanswered) "
                + "\(classroom.students.map { classroom.transcript(of: $0, bot: bot) })",
            within: .seconds(120)
        ) {
            unanswered = classroom.students.flatMap { student in
                Set(classroom.questions(of: student).map(\.text)).sorted().filter {
                    !isAnswered($0, for: student, classroom, expected: expected, countingRefusals: true)
                }.map { "\(student.nick) \($0)" }
                    + (classroom.firstNamed(student, by: bot) == nil ? ["\(student.nick) (never named)"] : [])
            }
            return unanswered.isEmpty
        }
        // A later question marks the end of the lesson's lines, as for the class of thirty: the bot
        // reserves each channel answer's place when the question arrives and writes a channel's
        // places in order, and each student receives the bot's lines in the order it wrote them. So
        // whatever the class's questions still bring (a stray copy of an answer, a second notice)
        // reaches every student before the answer to a question asked once all were answered. The
        // latecomer asks it: having asked nothing before, no rate limit holds it back.
        let end = try #require(expected[endOfLesson])
        try #require(!end.isNotice, "\(endOfLesson) is answered in the channel")
        try await classroom.ask(latecomer, endOfLesson)
        var lessonLines: [String: [Classroom.SeenLine]] = [:]
        var waiting: [String] = []
        try await eventually("the answer to \(endOfLesson) seen by all; not by \(waiting)", within: .seconds(120)) {
            waiting = []
            for student in classroom.students {
                let seen = classroom.channelLines(from: bot, seenBy: student)
                let answer = seen.firstIndex { $0.text.contains(end.marker) || $0.names.contains(latecomer.nick) }
                if let answer {
                    lessonLines[student.nick] = Array(seen[..<answer])
                } else {
                    waiting.append(student.nick)
                }
            }
            return waiting.isEmpty
        }
        for student in classroom.students {
            let questions = classroom.questions(of: student)
            let first = try #require(questions.first).sentAt
            let last = try #require(questions.last).sentAt
            let transcript = classroom.transcript(of: student, bot: bot)
            let named = try #require(
                classroom.firstNamed(student, by: bot), "\(student.nick) never named: \(transcript)")
            #expect(named - first <= .seconds(10), "\(student.nick) first named \(named - first) after: \(transcript)")
            let lastLine = try #require(lessonLines[student.nick]?.last).arrivedAt
            for notice in classroom.notices(from: bot, to: student) where notice.text.contains("try again in") {
                #expect(notice.arrivedAt - last <= .seconds(3), "\(student.nick): late notice: \(transcript)")
                #expect(notice.arrivedAt < lastLine, "\(student.nick): the notice waited behind: \(transcript)")
            }
        }
    }

    /// True when `student` got the answer to `command`: the answer in the channel on a line that
    /// names them or followed by a line that names them (pointing to it), or a notice with it; with
    /// `countingRefusals`, a notice telling them when to try again covers what was refused.
    static func isAnswered(
        _ command: String, for student: ClassroomStudent, _ classroom: Classroom, expected: [String: ExpectedAnswer],
        countingRefusals: Bool
    ) -> Bool {
        guard let answer = expected[command] else { return false }
        let notices = classroom.notices(from: bot, to: student)
        if countingRefusals, notices.contains(where: { $0.text.contains("try again in") }) { return true }
        if answer.isNotice { return notices.contains { $0.text.contains(answer.marker) } }
        let lines = classroom.channelLines(from: bot, seenBy: student)
        let markers = expected.values.map(\.marker)
        guard let shown = lines.firstIndex(where: { $0.text.contains(answer.marker) }) else { return false }
        return lines[shown...].enumerated().contains { offset, line in
            line.names.contains(student.nick)
                && (offset == 0 || line.text.contains(answer.marker) || !markers.contains { line.text.contains($0) })
        }
    }

    /// The N of "try again in N s".
    static func retrySeconds(in text: String) -> Int? {
        guard let range = text.range(of: "try again in ") else { return nil }
        return Int(text[range.upperBound...].prefix { $0.isNumber })
    }
}
