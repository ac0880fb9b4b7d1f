import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomTesting
import Testing

@testable import HomeroomMatrix

/// The parts of a Matrix session that decide without the network: which events are commands,
/// how the bot is addressed, which rooms are direct, and what invitations it accepts.
@Suite struct MatrixSessionLogicTests {
    static let bot = "@homeroom:school.example"

    static func text(
        _ body: String, from sender: String = "@alice:school.example", msgtype: String = "m.text",
        age: Int64? = 1_000, mentions: [String]? = nil
    ) -> RoomEvent {
        RoomEvent(
            type: "m.room.message", eventID: "$1", sender: sender, ageMilliseconds: age,
            content: RoomEvent.Content(msgtype: msgtype, body: body, mentionedUserIDs: mentions))
    }

    static func answerable(_ event: RoomEvent) -> Bool {
        MatrixCommandRule.isAnswerable(event, botUserID: bot, maximumAgeSeconds: 300)
    }

    // MARK: Which events are commands

    @Test func aTextFromSomeoneElseIsACommandCandidate() {
        #expect(Self.answerable(Self.text("!lunch")))
    }

    @Test func noticesTheBotsOwnEventsEditsAndEncryptedEventsAreNeverAnswered() {
        #expect(!Self.answerable(Self.text("!lunch", msgtype: "m.notice")))
        #expect(!Self.answerable(Self.text("!lunch", msgtype: "m.emote")))
        #expect(!Self.answerable(Self.text("!lunch", from: Self.bot)))
        var edit = Self.text("!lunch")
        edit.content.relationType = "m.replace"
        #expect(!Self.answerable(edit))
        let encrypted = RoomEvent(
            type: "m.room.encrypted", eventID: "$2", sender: "@alice:school.example", ageMilliseconds: 10,
            content: RoomEvent.Content(body: "!lunch"))
        #expect(!Self.answerable(encrypted))
    }

    @Test func theAgeRuleReadsTheServersCount() {
        #expect(Self.answerable(Self.text("!lunch", age: 300_000)))
        #expect(!Self.answerable(Self.text("!lunch", age: 300_001)))
        #expect(!Self.answerable(Self.text("!lunch", age: Int64.max)))
        #expect(Self.answerable(Self.text("!lunch", age: nil)), "an unknown age is answered")
        #expect(Self.answerable(Self.text("!lunch", age: -5_000)), "clock skew between servers is not age")
    }

    @Test func anOverlongBodyIsNotACommand() {
        #expect(!Self.answerable(Self.text("!lunch " + String(repeating: "x", count: 5000))))
        #expect(!Self.answerable(Self.text("")))
    }

    // MARK: Addressing

    static func addressing(_ body: String, mentions: [String]? = nil, displayName: String? = "Homeroom Bot")
        -> MatrixAddressing
    {
        MatrixAddressing(body: body, mentionedUserIDs: mentions, botUserID: bot, displayName: displayName)
    }

    @Test func theBotIsAddressedByIdLocalpartOrDisplayName() {
        #expect(Self.addressing("homeroom: lunch") == MatrixAddressing(text: "lunch", isAddressed: true))
        #expect(Self.addressing("Homeroom, lunch tomorrow").text == "lunch tomorrow")
        #expect(Self.addressing("@homeroom:school.example lunch") == MatrixAddressing(text: "lunch", isAddressed: true))
        #expect(Self.addressing("@homeroom:school.example: lunch").text == "lunch")
        #expect(Self.addressing("Homeroom Bot: lunch") == MatrixAddressing(text: "lunch", isAddressed: true))
        #expect(Self.addressing("@homeroom lunch").text == "lunch")
    }

    @Test func aMentionAddressesTheBotWhereverItsNameIs() {
        let mentioned = Self.addressing("could you tell me lunch", mentions: [Self.bot])
        #expect(mentioned == MatrixAddressing(text: "could you tell me lunch", isAddressed: true))
        let someoneElse = Self.addressing("bob: lunch?", mentions: ["@bob:school.example"])
        #expect(!someoneElse.isAddressed)
    }

    @Test func wordsThatOnlyStartLikeTheBotDoNotAddressIt() {
        #expect(!Self.addressing("homeroomlunch").isAddressed)
        #expect(!Self.addressing("homeroom").isAddressed)
        #expect(Self.addressing("!lunch") == MatrixAddressing(text: "!lunch", isAddressed: false))
    }

    @Test func aQuotedReplyFallbackIsSkipped() {
        let reply = Self.addressing("> <@bob:school.example> what is for lunch?\n\nhomeroom: lunch")
        #expect(reply == MatrixAddressing(text: "lunch", isAddressed: true))
    }

    @Test func anAddressedMessageNeedsNoPrefix() {
        let recognizer = CommandRecognizer(prefixes: ["!"], botName: "homeroom")
        let addressing = Self.addressing("Homeroom Bot: lunch")
        let conversation: Conversation = addressing.isAddressed ? .direct : .channel("!r:school.example")
        let recognized = recognizer.recognize(addressing.text, in: conversation)
        #expect(recognized?.body == "lunch")
        #expect(recognizer.recognize("lunch", in: .channel("!r:school.example")) == nil)
    }

    // MARK: Direct rooms

    @Test func aRoomIsDirectOnlyWhileItHasTwoMembers() {
        #expect(!MatrixRoomBook.isDirect(remembered: true, joinedMembers: 40), "a direct room a class joined")
        #expect(!MatrixRoomBook.isDirect(remembered: true, joinedMembers: 3))
        #expect(MatrixRoomBook.isDirect(remembered: true, joinedMembers: 2))
        #expect(MatrixRoomBook.isDirect(remembered: true, joinedMembers: nil), "remembered, not countable")
        #expect(MatrixRoomBook.isDirect(remembered: false, joinedMembers: 2))
        #expect(!MatrixRoomBook.isDirect(remembered: false, joinedMembers: 3))
        #expect(!MatrixRoomBook.isDirect(remembered: false, joinedMembers: 1))
        #expect(!MatrixRoomBook.isDirect(remembered: false, joinedMembers: nil))
    }

    @Test func theRoomBookForgetsCountsOnMemberEventsAndCleansNames() {
        let book = MatrixRoomBook()
        book.setMemberCount(2, of: "!r:s")
        #expect(book.memberCount(of: "!r:s") == 2)
        book.setMemberCount(nil, of: "!r:s")
        #expect(book.memberCount(of: "!r:s") == nil)
        book.setDisplayName("Ali\nce", of: "@alice:s", in: "!r:s")
        #expect(book.displayName(of: "@alice:s", in: "!r:s") == "Ali ce")
        book.setDisplayName(String(repeating: "a", count: 500), of: "@bob:s", in: "!r:s")
        #expect(book.displayName(of: "@bob:s", in: "!r:s")?.count == 64)
        book.drop("!r:s")
        #expect(book.displayName(of: "@alice:s", in: "!r:s") == nil)
    }

    // MARK: Invitations

    static func account(inviters: [String] = [], servers: [String] = []) -> MatrixAccountSettings {
        var account = MatrixAccountSettings(
            name: "school", homeserver: URL(string: "https://matrix.school.example")!, userID: bot, accessToken: "t")
        account.allowedInviters = inviters
        account.allowedServers = servers
        return account
    }

    static func invite(from inviter: String?, direct: Bool = false, encrypted: Bool = false)
        -> SyncBatch.InvitedRoom
    {
        var state: [RoomEvent] = [
            RoomEvent(
                type: "m.room.create", sender: "@carol:school.example", stateKey: "", content: RoomEvent.Content())
        ]
        if let inviter {
            var content = RoomEvent.Content()
            content.membership = "invite"
            content.isDirect = direct
            state.append(RoomEvent(type: "m.room.member", sender: inviter, stateKey: bot, content: content))
        }
        if encrypted {
            state.append(
                RoomEvent(type: "m.room.encryption", sender: "@carol:school.example", stateKey: "", content: .init()))
        }
        return SyncBatch.InvitedRoom(roomID: "!invited:school.example", inviteState: state)
    }

    @Test func anInvitationFromTheBotsOwnServerIsJoined() {
        let decision = MatrixInviteDecision.decide(
            Self.invite(from: "@teacher:school.example", direct: true), account: Self.account(), botUserID: Self.bot)
        #expect(decision == .join(inviter: "@teacher:school.example", isDirect: true))
    }

    @Test func anInvitationFromAServerNotOnTheListIsDeclinedWithTheReason() {
        let account = Self.account(inviters: ["@admin:district.example"], servers: ["school.example"])
        let decision = MatrixInviteDecision.decide(
            Self.invite(from: "@mallory:elsewhere.example"), account: account, botUserID: Self.bot)
        #expect(
            decision
                == .decline(
                    inviter: "@mallory:elsewhere.example",
                    reason: "invitations are accepted from @admin:district.example, people on school.example only"))
        let listed = MatrixInviteDecision.decide(
            Self.invite(from: "@admin:district.example"), account: account, botUserID: Self.bot)
        #expect(listed == .join(inviter: "@admin:district.example", isDirect: false))
    }

    @Test func anInvitationWithoutTheBotsMemberEventIsDeclined() {
        let decision = MatrixInviteDecision.decide(Self.invite(from: nil), account: Self.account(), botUserID: Self.bot)
        #expect(
            decision == .decline(inviter: nil, reason: "invitations are accepted from people on school.example only"))
    }

    @Test func anEncryptedRoomIsDeclinedAndOnlyAnAcceptedInviterIsTold() {
        let known = MatrixInviteDecision.decide(
            Self.invite(from: "@teacher:school.example", encrypted: true), account: Self.account(), botUserID: Self.bot)
        #expect(known == .declineEncrypted(inviter: "@teacher:school.example", tellInviter: true))
        let stranger = MatrixInviteDecision.decide(
            Self.invite(from: "@mallory:elsewhere.example", encrypted: true), account: Self.account(),
            botUserID: Self.bot)
        #expect(stranger == .declineEncrypted(inviter: "@mallory:elsewhere.example", tellInviter: false))
    }

    @Test func theDeclinedInviterIsToldTheWayAround() {
        let text = MatrixNotices.invitationDeclined(roomID: "!secret:school.example")
        #expect(text.contains("!secret:school.example"))
        #expect(text.contains("pantalaimon"))
        #expect(text.contains("not encrypted"))
        #expect(MatrixNotices.roomTurnedEncrypted(botUserID: Self.bot).contains(Self.bot))
    }
}
