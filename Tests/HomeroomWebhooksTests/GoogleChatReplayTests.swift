import Foundation
import HomeroomCore
import HomeroomTestbed
import HomeroomTesting
import Testing

@testable import HomeroomGoogleChat
@testable import HomeroomWebhooks

/// Google Chat signs a bearer token but not the body, and no nonce
/// (https://developers.google.com/workspace/chat/authenticate-authorize-chat-app — "Verify requests
/// from Google Chat"): each event is run once, told apart by its message's name (or, without a
/// message, its type, space, user and `eventTime`), and remembered while its token can be used.
@Suite struct GoogleChatReplayTests {
    /// On PostgreSQL the events seen are kept in the database every instance shares.
    @Test(arguments: TemporaryDatabase.availableBackends)
    func theSameEventSentAgainIsRefusedEvenWithAnotherValidToken(backend: DatabaseBackend) async throws {
        try await GoogleChatTests.with(backend: backend) { rig in
            let event = GoogleChatTests.message(text: "@Homeroom lunch", argumentText: " lunch")
            let token = rig.chatToken()
            let first = try await rig.post(event, token: token)
            #expect(first.status == 200, "\(first.body)")
            #expect((first.json["text"] as? String)?.contains("Monday, November 23") == true, "\(first.body)")
            for (name, again) in [("same token", token), ("new token", rig.chatToken(expiresIn: 1800))] {
                let replayed = try await rig.post(event, token: again)
                #expect(replayed.status == 401, "\(name): \(replayed.body)")
                #expect(replayed.json["error"] as? String == "this event was already received (a replay)")
                #expect(replayed.json["text"] == nil, "\(name)")
            }
            // The same token carries every event Google sends while it lasts: a new message is run.
            let next = try await rig.post(
                GoogleChatTests.message(text: "@Homeroom lunch tomorrow", argumentText: " lunch tomorrow"), token: token
            )
            #expect(next.status == 200, "\(next.body)")
            #expect((next.json["text"] as? String)?.contains("Tuesday, November 24") == true, "\(next.body)")
        }
    }

    @Test func aReplayedMembershipEventIsRefusedAndANewOneIsTaken() async throws {
        try await GoogleChatTests.with { rig in
            let added = GoogleChatTests.membership("ADDED_TO_SPACE", dm: "spaces/DMIZUMI")
            #expect(try await rig.post(added, token: rig.chatToken()).status == 200)
            let again = try await rig.post(added, token: rig.chatToken())
            #expect(again.status == 401, "\(again.body)")
            let removed = try await rig.post(
                GoogleChatTests.membership("REMOVED_FROM_SPACE", dm: "spaces/DMIZUMI"), token: rig.chatToken())
            #expect(removed.status == 200, "another event at the same time is another event: \(removed.body)")
        }
    }

    /// Homeroom sends no cards: a click on one does nothing, so the same click twice is no replay.
    @Test func anEventThatDoesNothingIsAnsweredWithNothingEachTime() async throws {
        try await GoogleChatTests.with { rig in
            // https://developers.google.com/workspace/chat/interaction-events — "Card clicked" (trimmed)
            let click = #"""
                {"type": "CARD_CLICKED", "eventTime": "2017-03-02T19:02:59.910959Z",
                 "space": {"name": "spaces/AAAAAAAAAAA", "spaceType": "SPACE"},
                 "message": {"name": "spaces/AAAAAAAAAAA/messages/CCCCCCCCCCC"},
                 "user": {"name": "users/12345678901234567890", "type": "HUMAN"}, "action": {"actionMethodName": "x"}}
                """#
            for _ in 1...2 {
                let answer = try await rig.post(click, token: rig.chatToken())
                #expect(answer.status == 200 && answer.body == "{}", "\(answer.body)")
            }
        }
    }

    @Test func aMessageEventWithoutAMessageNameIsRefused() async throws {
        try await GoogleChatTests.with { rig in
            let unnamed = GoogleChatTests.message(text: "@Homeroom lunch", argumentText: " lunch")
                .replacingOccurrences(of: #""name": "spaces/AAAAAAAAAAA/messages/"#, with: #""kind": ""#)
            let answer = try await rig.post(unnamed, token: rig.chatToken())
            #expect(answer.status == 400, "\(answer.body)")
            #expect(answer.json["error"] as? String == "the event's message has no name", "\(answer.body)")
        }
    }

    @Test func eventTimeIsReadInBothOfGooglesForms() throws {
        let decoder = JSONDecoder()
        let text = try decoder.decode(
            GoogleChatEvent.self,
            from: Data(#"{"type": "ADDED_TO_SPACE", "eventTime": "2017-03-02T19:02:59.910959Z"}"#.utf8))
        #expect(text.eventTime?.value?.text == "2017-03-02T19:02:59.910959Z")
        let parts = try decoder.decode(
            GoogleChatEvent.self,
            from: Data(#"{"type": "MESSAGE", "eventTime": {"seconds": "1691187414", "nanos": 93489000}}"#.utf8))
        #expect(parts.eventTime?.value?.text == "1691187414.93489000")
        let odd = try decoder.decode(GoogleChatEvent.self, from: Data(#"{"type": "MESSAGE", "eventTime": [1]}"#.utf8))
        #expect(odd.eventTime?.value == nil, "an unreadable time is left out, not the event")
        #expect(odd.replayKey == nil)
    }
}
