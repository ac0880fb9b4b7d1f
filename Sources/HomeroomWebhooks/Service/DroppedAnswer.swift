import HomeroomCore
import HomeroomEngine

/// What the log says of an answer dropped because the platform stopped waiting for it: its size,
/// the command it answers and who asked, never its words, which may be the asker's own data
/// (`/me`) or meant for them alone, nor the command's arguments, which may be a PIN.
package struct DroppedAnswer: CustomStringConvertible {
    /// The longest command name logged.
    static let longestCommandName = 40

    let reply: Reply
    let message: IncomingMessage
    let recognizer: CommandRecognizer

    /// The dropped `reply` to `message`, whose command `recognizer` names.
    package init(reply: Reply, message: IncomingMessage, recognizer: CommandRecognizer) {
        self.reply = reply
        self.message = message
        self.recognizer = recognizer
    }

    package var description: String {
        let lines = reply.lines.count == 1 ? "1 line" : "\(reply.lines.count) lines"
        return "\(lines), \(reply.text.count) characters, answering \(command) from \(message.sender)"
    }

    /// The command's name with its prefix (`/lunch`), or "a message" when no command is recognised.
    private var command: String {
        guard let recognized = recognizer.recognize(message.text, in: message.conversation),
            let name = recognized.body.split(whereSeparator: \.isWhitespace).first
        else { return "a message" }
        return recognized.prefix + name.prefix(Self.longestCommandName)
    }
}
