import Foundation
import HomeroomIRC
import HomeroomTesting
import Synchronization

/// A class of real IRC clients in one channel of a test server, `student01`, `student02`, …: each
/// registers as an operator with user mode +F (so that the server's own throttle does not hold a
/// question back), joins, and records every line it receives with its arrival time
/// (``ClassroomStudent``). A test or a benchmark has them ask at chosen moments, then reads what
/// each one saw.
public final class Classroom: Sendable {
    /// A line a student said in the channel, and when.
    public struct Question: Sendable {
        /// The student's nick.
        public let student: String
        /// What they said.
        public let text: String
        /// When they said it.
        public let sentAt: ContinuousClock.Instant
    }

    /// A line one student received.
    public struct SeenLine: Sendable {
        /// Its text (the last parameter).
        public let text: String
        /// When it arrived.
        public let arrivedAt: ContinuousClock.Instant

        /// The nicks it answers (see ``Classroom/names(in:)``).
        public var names: [String] { Classroom.names(in: text) }
    }

    /// The students, in the order of their names.
    public let students: [ClassroomStudent]
    /// The channel they sit in.
    public let channel: String
    private let asked = Mutex<[Question]>([])

    private init(students: [ClassroomStudent], channel: String) {
        self.students = students
        self.channel = channel
    }

    /// The nicks of a class of `size`: `student01`, `student02`, ….
    public static func nicks(_ size: Int) -> [String] {
        (1...max(1, size)).map { $0 < 10 ? "student0\($0)" : "student\($0)" }
    }

    /// Seats a class of `size` in `channel` of the server on `port` (every student registered, +F
    /// and joined, within 60 s), runs `body`, and sends everyone home.
    public static func with<Value: Sendable>(
        port: Int, size: Int, channel: String = "#lunch", _ body: (Classroom) async throws -> Value
    ) async throws -> Value {
        let register = Register()
        return try await withThrowingTaskGroup(of: Void.self) { group in
            for nick in nicks(size) {
                group.addTask {
                    do {
                        try await ClassroomStudent.with(port: port, nick: nick, channel: channel) { student in
                            register.state.withLock { $0.seated.append(student) }
                            while !register.state.withLock({ $0.dismissed }) {
                                try await Task.sleep(for: .milliseconds(20))
                            }
                        }
                    } catch {
                        register.state.withLock { $0.failure = $0.failure ?? error }
                        throw error
                    }
                }
            }
            let value: Value
            do {
                value = try await body(seated(in: register, size: size, channel: channel))
            } catch {
                register.state.withLock { $0.dismissed = true }
                throw error
            }
            register.state.withLock { $0.dismissed = true }
            try await group.waitForAll()
            return value
        }
    }

    /// The class once all `size` students sit in `register`; throws when one could not come or 60 s
    /// have passed.
    private static func seated(in register: Register, size: Int, channel: String) async throws -> Classroom {
        var seated: [ClassroomStudent] = []
        try await eventually(
            "a class of \(size) seated (\(seated.count) seated)", within: .seconds(60), every: .milliseconds(20)
        ) {
            let failure: (any Error)?
            (seated, failure) = register.state.withLock { ($0.seated, $0.failure) }
            if let failure { throw failure }
            return seated.count == size
        }
        return Classroom(students: seated.sorted { $0.nick < $1.nick }, channel: channel)
    }

    /// Who is seated, whether a student could not come, and whether the class is over.
    private final class Register: Sendable {
        struct State {
            var seated: [ClassroomStudent] = []
            var failure: (any Error)?
            var dismissed = false
        }

        let state = Mutex(State())
    }

    /// `student` says `text` in the channel now.
    public func ask(_ student: ClassroomStudent, _ text: String) async throws {
        asked.withLock { $0.append(Question(student: student.nick, text: text, sentAt: .now)) }
        try await student.send("PRIVMSG \(channel) :\(text)")
    }

    /// Each line of `plan` said by its student at its offset from now, in the order of the offsets.
    public func ask(_ plan: [(offset: Duration, student: ClassroomStudent, text: String)]) async throws {
        let start = ContinuousClock.now
        for item in plan.sorted(by: { $0.offset < $1.offset }) {
            try await Task.sleep(until: start + item.offset, clock: .continuous)
            try await ask(item.student, item.text)
        }
    }

    /// Every line the students said, in order.
    public var questions: [Question] { asked.withLock { $0 } }

    /// The lines `student` said.
    public func questions(of student: ClassroomStudent) -> [Question] {
        questions.filter { $0.student == student.nick }
    }

    /// What `bot` said in the channel, as `student` saw it.
    public func channelLines(from bot: String, seenBy student: ClassroomStudent) -> [SeenLine] {
        lines(student) { $0.command == "PRIVMSG" && $0.sourceNick == bot && $0.parameter(0) == channel }
    }

    /// The notices `bot` sent to `student`.
    public func notices(from bot: String, to student: ClassroomStudent) -> [SeenLine] {
        lines(student) { $0.command == "NOTICE" && $0.sourceNick == bot && $0.parameter(0) == student.nick }
    }

    /// When `student` first saw a line of `bot` in the channel that names them, if they did.
    public func firstNamed(_ student: ClassroomStudent, by bot: String) -> ContinuousClock.Instant? {
        channelLines(from: bot, seenBy: student).first { $0.names.contains(student.nick) }?.arrivedAt
    }

    /// True when some student saw `bot` quit, join again (a reconnect) or be disconnected.
    public func sawLeave(of bot: String) -> Bool {
        students.contains { student in
            student.received.contains {
                ["QUIT", "JOIN", "PART", "KILL"].contains($0.message.command) && $0.message.sourceNick == bot
            }
        }
    }

    /// When a student last received a line from `bot`, if one did.
    public func latestLine(from bot: String) -> ContinuousClock.Instant? {
        students.compactMap { student in student.received.last { $0.message.sourceNick == bot }?.arrivedAt }.max()
    }

    /// What `student` said and what `bot` said to them or in the channel, one line each, timed from
    /// the first question: for the message of a failed expectation.
    public func transcript(of student: ClassroomStudent, bot: String) -> String {
        guard let start = questions.first?.sentAt else { return "(nothing asked)" }
        func time(_ instant: ContinuousClock.Instant) -> String {
            let milliseconds = (instant - start) / .milliseconds(1)
            return String(format: "%7.2f", milliseconds / 1000)
        }
        let said = questions(of: student).map { (at: $0.sentAt, text: "\(time($0.sentAt)) > \($0.text)") }
        let heard = student.received.filter {
            $0.message.sourceNick == bot
                && ($0.message.parameter(0) == channel || $0.message.parameter(0) == student.nick)
        }.map {
            (at: $0.arrivedAt, text: "\(time($0.arrivedAt)) < \($0.message.command) \($0.message.parameter(1) ?? "")")
        }
        return "\n" + (said + heard).sorted { $0.at < $1.at }.map(\.text).joined(separator: "\n")
    }

    /// The nicks a channel line answers: the text before its first ": ", split on ", " (a nick has no
    /// space, so neither "and 12 others" nor a heading such as "Lunch for Monday" counts).
    public static func names(in text: String) -> [String] {
        guard let end = text.range(of: ": ") else { return [] }
        return text[..<end.lowerBound].components(separatedBy: ", ").filter { !$0.isEmpty && !$0.contains(" ") }
    }

    private func lines(_ student: ClassroomStudent, where matches: (IRCMessage) -> Bool) -> [SeenLine] {
        student.received.filter { matches($0.message) }.map {
            SeenLine(text: $0.message.parameter(1) ?? "", arrivedAt: $0.arrivedAt)
        }
    }
}
