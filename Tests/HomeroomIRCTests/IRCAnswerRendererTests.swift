import HomeroomCore
import Testing

@testable import HomeroomIRC

/// Channel answers in their compact form, for everyone or for the sender alone.
@Suite struct IRCAnswerRendererTests {
    static let renderer = IRCAnswerRenderer(
        nick: "homeroom", userAndHost: "~h@school", maximumLinesInChannel: 4, longAnswersInDirectMessage: false,
        morePrefix: "!")
    static let full = ["Lunch for Tuesday, November 24:", "Specials: tacos", "Vegetables: beans", "Fries: yes"]

    @Test func aCompactAnswerInAChannelEndsWithMoreAndKeepsTheFullOne() throws {
        let reply = Reply(lines: Self.full, channelLines: ["Lunch Tue Nov 24: tacos · beans · fries"])
        let deliveries = Self.renderer.deliveries(for: reply, sender: "ada", channel: "#lunch")
        let delivery = try #require(deliveries.first)
        #expect(deliveries.count == 1 && delivery.isChannelAnswer && delivery.command == "PRIVMSG")
        #expect(delivery.lines == ["Lunch Tue Nov 24: tacos · beans · fries · more: !more"])
        #expect(delivery.kept == Self.full)
        let direct = Self.renderer.deliveries(for: reply, sender: "ada", channel: nil)
        #expect(direct.first?.lines == Self.full, "a direct message shows the full answer")
    }

    @Test func aCompactAnswerForTheSenderAloneIsANoticeWithItsOwnMore() throws {
        let reply = Reply(lines: Self.full, visibility: .sender, channelLines: ["Today: tacos · Period 3 until 10:41"])
        let delivery = try #require(Self.renderer.deliveries(for: reply, sender: "ada", channel: "#lunch").first)
        #expect(delivery.command == "NOTICE" && delivery.target == "ada" && !delivery.isChannelAnswer)
        #expect(delivery.lines == ["Today: tacos · Period 3 until 10:41 · more: !more"])
        #expect(delivery.kept == Self.full)
    }
}
