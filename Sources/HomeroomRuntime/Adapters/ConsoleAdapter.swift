import Foundation
import HomeroomCore
import Logging
import ServiceLifecycle

/// The terminal as a chat: each line typed on standard input is a message from the console's user,
/// a direct one unless it starts with a channel (`#jefferson /now`, read by ``ConsoleLine``), and
/// the replies are printed. `homeroom console` and `homeroom serve` use it.
package struct ConsoleAdapter: Service {
    let runtime: BotRuntime
    let user: UserID
    let prompt: String?

    /// Creates the adapter; `prompt` is printed before each line when standard input is a terminal.
    package init(runtime: BotRuntime, user: UserID, prompt: String? = nil) {
        self.runtime = runtime
        self.user = user
        self.prompt = prompt
    }

    /// Reads lines until end of input, or until graceful shutdown or cancellation.
    package func run() async throws {
        let lines = Self.standardInputLines()
        let interactive = isatty(STDIN_FILENO) == 1
        showPrompt(interactive)
        for await line in lines.cancelOnGracefulShutdown() {
            let typed = ConsoleLine(line)
            let message = IncomingMessage(
                sender: user, conversation: typed.conversation, text: typed.text, receivedAt: runtime.clock.now)
            if let reply = await runtime.handle(message), !reply.lines.isEmpty {
                StandardOutput.write(reply.text)
            }
            showPrompt(interactive)
        }
    }

    private func showPrompt(_ interactive: Bool) {
        guard interactive, let prompt else { return }
        StandardOutput.write(prompt, terminator: "")
    }

    /// Standard input as a stream of lines, read by a thread of its own because `readLine` blocks.
    static func standardInputLines() -> AsyncStream<String> {
        AsyncStream { continuation in
            let thread = Thread {
                while let line = readLine(strippingNewline: true) {
                    continuation.yield(line)
                }
                continuation.finish()
            }
            thread.start()
        }
    }
}
