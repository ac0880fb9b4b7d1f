import Foundation
import HomeroomCore
import HomeroomEngine
import Testing

@testable import HomeroomWebhooks

/// A dropped answer is logged by its size, command and asker: never its words, nor the command's arguments.
@Suite struct DroppedAnswerTests {
    static let asker = UserID("teams:tenant-1:aad-ann")!

    static func logged(_ reply: Reply, answering text: String, in conversation: Conversation = .channel("19:general"))
        -> String
    {
        let message = IncomingMessage(
            sender: asker, senderIsVerified: true, conversation: conversation, text: text,
            receivedAt: Date(timeIntervalSince1970: 1_800_000_000))
        return DroppedAnswer(reply: reply, message: message, recognizer: CommandRecognizer()).description
    }

    @Test func aPrivateAnswerIsLoggedWithoutItsWords() {
        let reply = Reply(lines: ["You are Ann Lee, grade 9.", "Classes: 3B, 4A"], visibility: .sender)
        let line = Self.logged(reply, answering: "homeroom: me")
        #expect(line == "2 lines, 41 characters, answering /me from teams:tenant-1:aad-ann")
        #expect(!line.contains("Ann Lee") && !line.contains("3B"))
    }

    @Test func theCommandsArgumentsAreLeftOut() {
        let line = Self.logged(Reply("logged in until 14:00"), answering: "/login 4321", in: .direct)
        #expect(line == "1 line, 21 characters, answering /login from teams:tenant-1:aad-ann")
        #expect(!line.contains("4321"))
    }

    @Test func chatterAndAnOverlongCommandNameAreNamedShortly() {
        #expect(
            Self.logged(Reply("x"), answering: "hello all").hasSuffix("answering a message from teams:tenant-1:aad-ann")
        )
        let long = "/" + String(repeating: "a", count: 500) + " secret"
        let line = Self.logged(Reply("x"), answering: long)
        #expect(line.contains("/" + String(repeating: "a", count: DroppedAnswer.longestCommandName) + " from"))
        #expect(!line.contains("secret"))
    }
}
