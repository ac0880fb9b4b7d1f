import HomeroomCore
import Testing

/// Which replies only the asker may read: the one rule every adapter follows before posting in a
/// channel.
@Suite struct ReplyAudienceTests {
    @Test func aReplyForTheSenderOrAnErrorIsForTheAskerAlone() {
        #expect(Reply.privately("You are Ann Lee.").isForAskerAlone)
        #expect(Reply.error("no command /lnch").isForAskerAlone)
        #expect(Reply(lines: ["no such day"], visibility: .conversation, isError: true).isForAskerAlone)
        #expect(!Reply("Lunch: soup").isForAskerAlone)
    }
}
