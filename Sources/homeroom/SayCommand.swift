import ArgumentParser
import HomeroomCore
import HomeroomRuntime

struct SayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "say",
        abstract: "Send one message through the whole bot, as if typed in a chat, and print the reply.",
        discussion: "Exits with 1 when the reply is an error, so scripts can tell.")

    @OptionGroup var options: RuntimeOptions

    @Option(name: .customLong("as"), help: "Who sends it, as ADAPTER:ID.")
    var sender = "console:local"

    @Option(help: "The channel it is typed in; without it, a direct message to the bot.")
    var channel: String?

    @Argument(help: "The message, e.g. \"/lunch tomorrow\".")
    var text: [String]

    func validate() throws {
        guard UserID(sender) != nil else { throw ValidationError("--as takes ADAPTER:ID, e.g. console:alice") }
        guard !text.joined().isEmpty else { throw ValidationError("say what? e.g. homeroom say \"/lunch\"") }
    }

    func run() async throws {
        let runtime = try await options.startRuntime(quietest: .warning)
        let message = IncomingMessage(
            sender: UserID(sender)!, conversation: channel.map { .channel($0) } ?? .direct,
            text: text.joined(separator: " "), receivedAt: runtime.clock.now)
        let reply = await runtime.handle(message)
        await runtime.close()
        guard let reply else {
            printError("(no reply: that is not a command; try \"/help\")")
            return
        }
        if !reply.lines.isEmpty { print(reply.text) }
        if reply.isError { throw ExitCode(1) }
    }
}
