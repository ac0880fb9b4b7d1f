import Foundation
import HomeroomCore
import HomeroomMatrix
import HomeroomTestbed
import HomeroomTesting
import Testing

/// Answers meant for the asker alone, against a real Synapse: asked in a room, they go to the
/// asker's direct room, and the room sees one line saying so; a room opened as direct stops being
/// one once a third member joins.
@Suite(.enabled(if: SynapseServer.isInstalled, "needs Synapse in .build-venv/synapse (Scripts/test installs it)"))
struct MatrixPrivateAnswerTests {
    /// Words of `/me`'s answer (CorePlugin+me), which only the asker may read.
    static let privateWords = ["You are matrix:", "Roles:", "Linked accounts"]

    @Test func meInARoomOfSeveralGoesToTheAskersDirectRoomAndTheRoomGetsAPointer() async throws {
        try await MatrixSchool.with { school in
            let room = try await school.lunchRoom()
            let pointer = try await school.ask("!me", in: room, as: school.ada)
            #expect(pointer.body.hasSuffix(": " + MatrixNotices.answeredInDirectRoom), "\(pointer.body)")
            #expect(pointer.mentionedUsers == [school.ada.userID])
            let direct = try await school.ada.directRoom(with: school.botID)
            #expect(direct != room)
            let answer = try await school.ada.waitForMessage(in: direct, from: school.botID)
            #expect(answer.body.contains("You are matrix:\(school.ada.userID)."), "\(answer.body)")
            #expect(answer.body.contains("Roles:"), "\(answer.body)")
            // Nothing of it in the room, as Bo reads it.
            let inRoom = try await school.bo.messages(in: room, from: school.botID)
            #expect(inRoom.count == 1, "\(inRoom)")
            for message in inRoom {
                let text = (message["body"]?.string ?? "") + (message["formatted_body"]?.string ?? "")
                for word in Self.privateWords { #expect(!text.contains(word), "\(text)") }
            }
            // Asked again at once: the room is pointed to the answer again, which is not sent twice.
            let second = try await school.ask("!me", in: room, as: school.ada)
            #expect(second.body.hasSuffix(MatrixNotices.answeredInDirectRoom))
            let help = try await school.ask("!help", in: room, as: school.ada)
            #expect(help.body.hasSuffix(MatrixNotices.answeredInDirectRoom), "help is for the asker: \(help.body)")
            let helped = try await school.ada.waitForMessage(in: direct, from: school.botID)
            #expect(!helped.body.contains("You are matrix:"), "the next one in the direct room is help's")
            let answers = try await school.ada.messages(in: direct, from: school.botID)
            #expect(answers.count == 2, "/me once, /help once: \(answers)")
        }
    }

    @Test func aDirectRoomThatAThirdPersonJoinedIsNoLongerDirect() async throws {
        try await MatrixSchool.with { school in
            let opened = try await school.directRoom(of: school.ada)
            // Direct while two: `me` needs no prefix and is answered there.
            let first = try await school.ask("me", in: opened, as: school.ada, isReply: false)
            #expect(first.body.contains("You are matrix:"), "\(first.body)")
            try await school.ada.invite(school.bo.userID, to: opened)
            _ = try await school.bo.join(opened)
            try await school.ada.waitUntil(school.bo.userID, is: "join", in: opened)
            // Three members: a room like any other; `!me` is answered in a new direct room.
            let pointer = try await school.ask("!me", in: opened, as: school.ada)
            #expect(pointer.body.hasSuffix(MatrixNotices.answeredInDirectRoom), "\(pointer.body)")
            let direct = try await school.ada.directRoom(with: school.botID)
            #expect(direct != opened)
            let answer = try await school.ada.waitForMessage(in: direct, from: school.botID)
            #expect(answer.body.contains("You are matrix:"), "\(answer.body)")
            let seenByBo = try await school.bo.messages(in: opened, from: school.botID)
            let last = seenByBo.first {
                $0["m.relates_to"]?["m.in_reply_to"] != nil && $0["body"]?.string == pointer.body
            }
            #expect(last != nil, "\(seenByBo)")
        }
    }
}
