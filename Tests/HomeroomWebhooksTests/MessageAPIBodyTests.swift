import Foundation
import Testing

@testable import HomeroomMessageAPI
@testable import HomeroomWebhooks

/// The JSON API reads its common requests and writes its answers without Foundation's JSON coders:
/// what it reads and writes must be what those coders read and write.
@Suite struct MessageAPIBodyTests {
    /// The fields of a request as `JSONDecoder` reads them.
    private struct Decoded: Decodable, Equatable {
        let user: String
        let channel: String?
        let text: String
    }

    /// The answer as `JSONEncoder` wrote it before.
    private struct Encoded: Encodable {
        let replies: [String]
        let visibility: String?
        let error: Bool
    }

    @Test func aPlainObjectIsReadAsTheDecoderReadsIt() throws {
        let bodies = [
            ##"{"user": "ada", "channel": "#lobby", "text": "/lunch"}"##,
            #" { "text" : "/lunch tomorrow" , "user":"ada" } "# + "\n",
            #"{"user": "Zoë 😀", "text": "/recipe crème brûlée", "channel": ""}"#,
            #"{"user": "ada", "text": "/lunch", "extra": "ignored"}"#,
        ]
        for body in bodies {
            let members = PlainJSONObject.members(of: Array(body.utf8))
            #expect(members != nil, "\(body)")
            let read = try MessageAPIEndpoint.Request.read(Array(body.utf8))
            let decoded = try JSONDecoder().decode(Decoded.self, from: Data(body.utf8))
            #expect(Decoded(user: read.user, channel: read.channel, text: read.text) == decoded, "\(body)")
        }
    }

    @Test func anythingElseIsLeftToTheDecoder() throws {
        let bodies = [
            #"{"user": "ada", "text": "say \"hi\""}"#,
            #"{"user": "ada", "text": "/lunch", "channel": null}"#,
            #"{"user": "ada", "text": "/lunch", "count": 3}"#,
            #"{"user": "ada", "user": "bob", "text": "/lunch"}"#,
            #"{"user": "ada", "text": "/lunch"} x"#,
            #"{"user": "ada", "text": "/lunch",}"#,
            #"{"user": "ada", "text": {"nested": "x"}}"#,
            #"["ada"]"#, "", "{", #"{"user": "ada""#, "{\"user\": \"a\tb\", \"text\": \"/lunch\"}",
        ]
        for body in bodies {
            #expect(PlainJSONObject.members(of: Array(body.utf8)) == nil, "\(body)")
        }
        let notUTF8: [UInt8] = Array(#"{"user": ""#.utf8) + [0xFF] + Array(#"", "text": "/lunch"}"#.utf8)
        #expect(PlainJSONObject.members(of: notUTF8) == nil)
        // The decoder still reads what it can, and names the problem of what it cannot.
        let escaped = try MessageAPIEndpoint.Request.read(Array(#"{"user": "ada", "text": "say \"hi\""}"#.utf8))
        #expect(escaped.text == #"say "hi""#)
        let refusal = #expect(throws: WebhookRejection.self) {
            try MessageAPIEndpoint.Request.read(Array(#"{"user": "ada", "text": 3}"#.utf8))
        }
        #expect(refusal?.message == "malformed JSON: text has the wrong type")
        let missing = #expect(throws: WebhookRejection.self) {
            try MessageAPIEndpoint.Request.read(Array(#"{"text": "/lunch"}"#.utf8))
        }
        #expect(missing?.message == "malformed JSON: user is missing")
    }

    @Test func anObjectWithManyMembersIsLeftToTheDecoderWhichReadsIt() throws {
        let extra = (0..<PlainJSONObject.maximumMembers).map { #""extra\#($0)": "x""# }
        let body = #"{"user": "ada", "# + extra.joined(separator: ", ") + #", "text": "/lunch"}"#
        #expect(PlainJSONObject.members(of: Array(body.utf8)) == nil)
        let read = try MessageAPIEndpoint.Request.read(Array(body.utf8))
        #expect(read.user == "ada")
        #expect(read.text == "/lunch")
        let most = (0..<PlainJSONObject.maximumMembers - 2).map { #""extra\#($0)": "x""# }
        let fits = #"{"user": "ada", "# + most.joined(separator: ", ") + #", "text": "/lunch"}"#
        let members = try #require(PlainJSONObject.members(of: Array(fits.utf8)))
        #expect(members["user"] == "ada")
        #expect(members["text"] == "/lunch")
        #expect(members["channel"] == nil)
    }

    @Test func theAnswerIsWhatTheEncoderWrote() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let awkward = String((0..<0x80).map { Character(Unicode.Scalar(UInt8($0))) }) + "é 😀 \u{2028} / \\ \""
        let answers = [
            (replies: ["Lunch for Tuesday:", "Chicken tacos · fries"], visibility: "conversation", error: false),
            (replies: [awkward, ""], visibility: "sender", error: true),
        ]
        for answer in answers {
            let written = MessageAPIEndpoint.Answer(
                replies: answer.replies, visibility: answer.visibility, error: answer.error
            ).json
            let expected = try encoder.encode(
                Encoded(replies: answer.replies, visibility: answer.visibility, error: answer.error))
            #expect(written == Array(expected), "\(String(decoding: written, as: UTF8.self))")
        }
        let silent = MessageAPIEndpoint.Answer(replies: [], visibility: nil, error: false).json
        #expect(String(decoding: silent, as: UTF8.self) == #"{"error":false,"replies":[]}"#)
    }

    @Test func spacesAreTrimmedAsFoundationTrimsThem() {
        let texts = [
            "", " ", "\t ada \t", "\u{A0}ada\u{3000}", " \u{301}a ", "ada\n", "\n ada \n", "\u{2028}ada",
            "\u{200B}ada\u{200B}", "\u{1680}ada\u{205F}", " 😀 ",
        ]
        for text in texts {
            #expect(text.trimmingSpaces() == text.trimmingCharacters(in: .whitespaces), "\(text.debugDescription)")
        }
        #expect(BearerToken.read("bEaReR  token-1 ") == "token-1")
        #expect(BearerToken.read("Basic dG9rZW4=") == nil)
    }
}
