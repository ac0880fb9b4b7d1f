import ArgumentParser
import HomeroomCore
import HomeroomRuntime

struct ConsoleCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "console",
        abstract: """
            An interactive prompt: each line is a direct message to the bot, or, started with #NAME, a message \
            in the channel #NAME.
            """)

    @OptionGroup var options: RuntimeOptions

    @Option(name: .customLong("as"), help: "Who types, as ADAPTER:ID.")
    var sender = "console:local"

    func validate() throws {
        guard UserID(sender) != nil else { throw ValidationError("--as takes ADAPTER:ID, e.g. console:alice") }
    }

    func run() async throws {
        let runtime = try await options.startRuntime(quietest: .warning)
        let words = Words(.homeroom, runtime.configuration.school.language)
        StandardOutput.write(
            words(
                "Homeroom console as {user} — type {help}; start a line with {channel} to say it in that channel. Ctrl-D to leave.",
                ["user": sender, "help": "/help", "channel": "#name"]))
        try await ConsoleAdapter(runtime: runtime, user: UserID(sender)!, prompt: "homeroom> ").run()
        await runtime.close()
    }
}
