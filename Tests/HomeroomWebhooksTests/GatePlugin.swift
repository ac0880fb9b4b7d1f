import Foundation
import HomeroomCore
import Synchronization

/// A command that answers only when the test opens its gate: a slow command without sleeping.
/// `/slow` waits for the gate named in the plugin's settings, then answers "done at last";
/// `/slowsecret` waits for it too, then answers the asker alone.
struct GatePlugin: ConfigurablePlugin {
    static let id = "gate"

    struct Settings: Decodable, Sendable {
        var name = ""
    }

    let gate: Gate

    init(settings: Settings) {
        gate = Gate.named(settings.name)
    }

    var personalData: PersonalData { .keepsNothing }

    var commands: [Command] {
        [
            Command("slow", summary: "answer when the test says so") { [gate] _ in
                await gate.wait()
                return Reply("done at last")
            },
            Command("slowsecret", summary: "answer the asker alone when the test says so") { [gate] _ in
                await gate.wait()
                return Reply.privately("done at last, for your eyes only")
            },
        ]
    }
}

/// A one-shot gate: ``wait()`` returns once ``open()`` was called.
final class Gate: Sendable {
    private let state = Mutex<(open: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))
    private static let gates = Mutex<[String: Gate]>([:])

    /// The gate registered under `name`, created on first use.
    static func named(_ name: String) -> Gate {
        gates.withLock { gates in
            if let gate = gates[name] { return gate }
            let gate = Gate()
            gates[name] = gate
            return gate
        }
    }

    func wait() async {
        await withCheckedContinuation { continuation in
            let isOpen = state.withLock { state in
                if !state.open { state.waiters.append(continuation) }
                return state.open
            }
            if isOpen { continuation.resume() }
        }
    }

    func open() {
        let waiters = state.withLock { state in
            state.open = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }
}
