/// An error whose message is meant for the person who typed the command: short, specific, and
/// saying what to do instead. Handlers throw it before they change anything.
public struct UserFacingError: Error, Equatable, CustomStringConvertible {
    /// The message shown in the chat.
    public let message: String

    /// Creates an error with the message the user will read.
    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
