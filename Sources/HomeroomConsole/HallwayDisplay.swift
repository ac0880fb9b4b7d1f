import Foundation
import HomeroomCore
import HomeroomEngine
import Hummingbird
import Synchronization

/// `/display`: a page for a screen in the hall, public, with no sign-in. It shows what `/now` and
/// `/lunch` answer anyone in a direct message (the period, minutes left, what comes next, today's
/// lunch) in the school's language. Its script asks `/display/state` twice a second,
/// so a change made on any instance shows within about a second, a period change needs no reload,
/// and a restarting server is waited out with the last state on screen.
struct HallwayDisplay: Sendable {
    let dispatcher: Dispatcher
    let schoolName: String
    /// The state as last computed, reused for a quarter of a second: many screens ask at once.
    private let recent = Recent()

    /// The state last computed, shared by the copies of this value.
    private final class Recent: Sendable {
        let value = Mutex<(at: Duration, state: State)?>(nil)
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
        let language = dispatcher.language(of: nil)
        let words = Words(.console, language)
        let state = await state()
        let html = ConsoleTemplates.render(
            [
                "lang": language.code, "dir": language.direction, "school": schoolName, "clock": state.clock,
                "now": state.now, "lunch": state.lunch, "nowTitle": words("Now"), "lunchTitle": words("Lunch today"),
                "offline": words("Reconnecting…"),
            ], "display")
        return ConsoleResponses.html(html)
    }

    /// `GET /display/state`: the state as JSON for the page's script.
    func state(_ request: Request) async -> Response {
        let state = await state()
        return ConsoleResponses.json((try? JSONEncoder().encode(state)) ?? Data("{}".utf8))
    }

    private func state() async -> State {
        let uptime = dispatcher.clock.uptime
        if let kept = recent.value.withLock({ $0 }), uptime - kept.at < Self.reuse { return kept.state }
        let run = dispatcher.commandRunner(for: Self.reader, verified: false, surface: "web")
        async let now = run(PlatformCommand(name: "now", arguments: ""))
        async let lunch = run(PlatformCommand(name: "lunch", arguments: ""))
        let school = dispatcher.school
        let words = Words(.console, dispatcher.language(of: nil))
        let state = State(
            clock: words.time(dispatcher.clock.now, at: school), now: Self.lines(await now),
            lunch: Self.lines(await lunch))
        recent.value.withLock { $0 = (uptime, state) }
        return state
    }

    /// An answer's lines; nothing for a refusal (a plugin that is not installed).
    private static func lines(_ reply: Reply?) -> [String] {
        guard let reply, !reply.isError else { return [] }
        return reply.lines
    }
}
