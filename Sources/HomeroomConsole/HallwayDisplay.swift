import Foundation
import HomeroomCore
import HomeroomEngine
import Hummingbird
import Synchronization

/// `/display`: a page for a screen in the hall, public, with no sign-in. It shows what `/now` and
/// `/lunch` answer anyone in a direct message (the period, minutes left, what comes next, today's
/// lunch) in the school's language; in a district, `/display?school=jefferson` shows that school
/// (the district's first without it). Its script asks `/display/state` twice a second,
/// so a change made on any instance shows within about a second, a period change needs no reload,
/// and a restarting server is waited out with the last state on screen.
struct HallwayDisplay: Sendable {
    let dispatcher: Dispatcher
    let schoolName: String
    /// The state as last computed, reused for a quarter of a second, and the one computation under
    /// way: many screens ask at once, and they share both.
    private let recent = Recent()

    /// Each school's state last computed and computation under way, shared by the copies of this value.
    private final class Recent: Sendable {
        struct Held {
            var kept: (at: Duration, state: State)?
            var computing: Task<State, Never>?
        }
        /// By school id; bounded by the district's schools.
        let held = Mutex([String: Held]())
    }

    init(dispatcher: Dispatcher, schoolName: String) {
        self.dispatcher = dispatcher
        self.schoolName = schoolName
    }

    /// Who the display asks as: nobody in particular, with the roles everyone has.
    static let reader = UserID(adapter: "web", id: "display")
    static let reuse = Duration.milliseconds(250)

    /// What the screen shows.
    struct State: Encodable, Sendable {
        let clock: String
        let now: [String]
        let lunch: [String]
    }

    /// `GET /display`: the page, already showing the state (a screen without script still works).
    func page(_ request: Request) async -> Response {
        guard let school = school(of: request) else { return noSuchSchool() }
        let language = school.calendar.language
        let words = Words(.console, language)
        let state = await state(at: school)
        let name = dispatcher.district.hasOneSchool ? schoolName : school.name
        let address = dispatcher.district.hasOneSchool ? "/display/state" : "/display/state?school=\(school.id)"
        let html = ConsoleTemplates.render(
            [
                "lang": language.code, "dir": language.direction, "school": name, "clock": state.clock,
                "state": address,
                "now": state.now, "lunch": state.lunch, "nowTitle": words("Now"), "lunchTitle": words("Lunch today"),
                "offline": words("Reconnecting…"),
            ], "display")
        return ConsoleResponses.html(html)
    }

    /// `GET /display/state`: the state as JSON for the page's script.
    func state(_ request: Request) async -> Response {
        guard let school = school(of: request) else { return noSuchSchool() }
        let state = await state(at: school)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return ConsoleResponses.json((try? encoder.encode(state)) ?? Data("{}".utf8))
    }

    /// The school the request's `school` query names (its id), or the district's first without
    /// one; nil for an id no school has.
    private func school(of request: Request) -> School? {
        let district = dispatcher.district
        guard let id = request.uri.queryParameters["school"].map(String.init) else { return district.defaultSchool }
        return district.school(id: id)
    }

    /// The answer to a display asked for a school the district does not have.
    private func noSuchSchool() -> Response {
        let words = Words(.console, dispatcher.language(of: nil))
        return ConsoleResponses.text(
            words("There is no such school: /display?school= takes a school's id."), status: .notFound)
    }

    /// The state at `school`: the one kept while it is fresh, else the computation under way, else
    /// a new one.
    private func state(at school: School) async -> State {
        let uptime = dispatcher.clock.uptime
        let next = recent.held.withLock { schools -> Next in
            var held = schools[school.id, default: Recent.Held()]
            defer { schools[school.id] = held }
            if let kept = held.kept, uptime - kept.at < Self.reuse { return .kept(kept.state) }
            if let computing = held.computing { return .computing(computing) }
            let computation = Task { await compute(at: school) }
            held.computing = computation
            return .computing(computation)
        }
        switch next {
        case .kept(let state): return state
        case .computing(let computation): return await computation.value
        }
    }

    /// Where the state comes from for one ask.
    private enum Next {
        case kept(State)
        case computing(Task<State, Never>)
    }

    /// What `/now` and `/lunch` answer now at `school`, kept for the next asks.
    private func compute(at school: School) async -> State {
        let uptime = dispatcher.clock.uptime
        let run = dispatcher.commandRunner(
            for: Self.reader, verified: false, surface: "web",
            school: dispatcher.district.hasOneSchool ? nil : school)
        async let now = run(PlatformCommand(name: "now", arguments: ""))
        async let lunch = run(PlatformCommand(name: "lunch", arguments: ""))
        let words = Words(.console, school.calendar.language)
        let state = State(
            clock: words.time(dispatcher.clock.now, at: school.calendar), now: Self.lines(await now),
            lunch: Self.lines(await lunch))
        recent.held.withLock {
            $0[school.id] = Recent.Held(kept: (uptime, state), computing: nil)
        }
        return state
    }

    /// An answer's lines; nothing for a refusal (a plugin that is not installed).
    private static func lines(_ reply: Reply?) -> [String] {
        guard let reply, !reply.isError else { return [] }
        return reply.lines
    }
}
