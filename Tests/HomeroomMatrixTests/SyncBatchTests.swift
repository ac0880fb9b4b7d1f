import Foundation
import Testing

@testable import HomeroomMatrix

/// Decoding `/sync` answers: what Synapse sends, and what a hostile or broken server might.
@Suite struct SyncBatchTests {
    private func batch(_ json: String) throws -> SyncBatch {
        try JSONDecoder().decode(SyncBatch.self, from: Data(json.utf8))
    }

    private func message(_ body: String, id: String = "$e") -> String {
        #"{"type":"m.room.message","event_id":"\#(id)","sender":"@alice:school.example","#
            + #""content":{"msgtype":"m.text","body":"\#(body)"},"unsigned":{"age":120}}"#
    }

    @Test func aBatchAsSynapseSendsItIsRead() throws {
        let json = #"""
            {"next_batch":"s72_1","device_one_time_keys_count":{},"rooms":{
              "join":{"!lunch:school.example":{
                "summary":{"m.joined_member_count":3,"m.heroes":["@alice:school.example"]},
                "state":{"events":[{"type":"m.room.encryption","sender":"@alice:school.example","state_key":"",
                  "event_id":"$enc","content":{"algorithm":"m.megolm.v1.aes-sha2"}}]},
                "timeline":{"limited":false,"events":[
                  {"type":"m.room.message","event_id":"$m1","sender":"@alice:school.example",
                   "content":{"msgtype":"m.text","body":"!lunch","m.mentions":{"user_ids":["@bot:school.example"]},
                     "m.relates_to":{"rel_type":"m.thread","event_id":"$root"}},"unsigned":{"age":1500}}]}}},
              "invite":{"!new:school.example":{"invite_state":{"events":[
                {"type":"m.room.create","sender":"@bob:school.example","state_key":"","content":{"creator":"x"}},
                {"type":"m.room.member","sender":"@bob:school.example","state_key":"@bot:school.example",
                 "content":{"membership":"invite","is_direct":true,"displayname":"Bot"}}]}}},
              "leave":{"!old:school.example":{"timeline":{"events":[]}}}}}
            """#
        let batch = try batch(json)
        #expect(batch.nextBatch == "s72_1")
        let room = try #require(batch.joined.first)
        #expect(room.roomID == "!lunch:school.example")
        #expect(room.joinedMemberCount == 3)
        #expect(room.state.map(\.type) == ["m.room.encryption"])
        let event = try #require(room.timeline.first)
        #expect(event.eventID == "$m1")
        #expect(event.content.body == "!lunch")
        #expect(event.content.mentionedUserIDs == ["@bot:school.example"])
        #expect(event.content.relationType == "m.thread")
        #expect(event.ageMilliseconds == 1500)
        let invite = try #require(batch.invited.first)
        #expect(invite.roomID == "!new:school.example")
        let member = try #require(invite.inviteState.first { $0.type == "m.room.member" })
        #expect(member.sender == "@bob:school.example")
        #expect(member.content.membership == "invite")
        #expect(member.content.isDirect == true)
        #expect(batch.left == ["!old:school.example"])
        #expect(batch.droppedEvents == 0)
    }

    @Test func eventsThatDoNotDecodeAreSkippedAndCounted() throws {
        let timeline = [
            message("first", id: "$1"),
            #"{"type":5,"sender":"@a:b"}"#,
            #""a string""#,
            "null",
            #"{"type":"m.room.message","content":{"body":"no sender"}}"#,
            #"{"type":"m.room.message","sender":"@a:b","event_id":["$x"]}"#,
            "[[[[1]]]]",
            message("last", id: "$2"),
        ].joined(separator: ",")
        let batch = try batch(#"{"next_batch":"n","rooms":{"join":{"!r:s":{"timeline":{"events":[\#(timeline)]}}}}}"#)
        let room = try #require(batch.joined.first)
        #expect(room.timeline.map(\.eventID) == ["$1", "$2"])
        #expect(batch.droppedEvents == 6)
    }

    @Test func contentOfTheWrongShapeIsReadAsEmpty() throws {
        let events = [
            #"{"type":"m.room.message","sender":"@a:b","content":"text"}"#,
            #"{"type":"m.room.message","sender":"@a:b","content":{"body":7,"msgtype":null,"m.mentions":"all"}}"#,
            #"{"type":"m.room.message","sender":"@a:b","content":{"body":"hi","m.mentions":{"user_ids":[1,2]}}}"#,
        ].joined(separator: ",")
        let batch = try batch(#"{"next_batch":"n","rooms":{"join":{"!r:s":{"timeline":{"events":[\#(events)]}}}}}"#)
        let timeline = try #require(batch.joined.first).timeline
        try #require(timeline.count == 3)
        #expect(timeline[0].content == RoomEvent.Content())
        #expect(timeline[1].content.body == nil)
        #expect(timeline[1].content.mentionedUserIDs == nil)
        #expect(timeline[2].content.body == "hi")
        #expect(timeline[2].content.mentionedUserIDs == nil)
    }

    @Test(
        arguments: [
            ("1e30", nil), ("-5", -5), ("12.5", nil), (#""soon""#, nil), ("9223372036854775808", nil),
            ("9223372036854775807", Int64.max),
        ] as [(String, Int64?)])
    func anAgeThatIsNoIntegerIsUnknownAndTheEventKept(age: String, expected: Int64?) throws {
        let event = #"{"type":"m.room.message","sender":"@a:b","content":{"body":"x"},"unsigned":{"age":\#(age)}}"#
        let batch = try batch(#"{"next_batch":"n","rooms":{"join":{"!r:s":{"timeline":{"events":[\#(event)]}}}}}"#)
        let kept = try #require(batch.joined.first?.timeline.first)
        #expect(kept.ageMilliseconds == expected)
        #expect(kept.content.body == "x")
    }

    @Test(arguments: [
        #"{"next_batch":"n"}"#, #"{"next_batch":"n","rooms":null}"#, #"{"next_batch":"n","rooms":5}"#,
        #"{"next_batch":"n","rooms":{"join":[],"invite":"x","leave":null}}"#,
        #"{"next_batch":"n","rooms":{"join":{"!r:s":5,"!t:s":{"timeline":7,"state":{"events":{}}}}}}"#,
    ])
    func aBatchWithoutReadableRoomsHasNoRoomNews(json: String) throws {
        let batch = try batch(json)
        #expect(batch.nextBatch == "n")
        #expect(batch.invited.isEmpty && batch.left.isEmpty)
        #expect(batch.joined.allSatisfy { $0.timeline.isEmpty && $0.state.isEmpty })
    }

    @Test(arguments: [#"{}"#, #"{"next_batch":5}"#, #"[]"#, "not json", #"{"next_batch":"n""#])
    func aBatchWithoutItsTokenIsRefused(json: String) {
        #expect(throws: DecodingError.self) { try batch(json) }
    }

    @Test func deepNestingIsRefusedWithoutCrashing() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let json = #"{"next_batch":"n","rooms":{"join":{"!r:s":{"timeline":{"events":[\#(deep)]}}}}}"#
        #expect(throws: (any Error).self) { try batch(json) }
    }

    @Test func eventsPerRoomAreCapped() throws {
        let count = SyncBatch.maximumEventsPerRoom + 100
        let events = (0..<count).map { message("m\($0)", id: "$\($0)") }.joined(separator: ",")
        let batch = try batch(#"{"next_batch":"n","rooms":{"join":{"!r:s":{"timeline":{"events":[\#(events)]}}}}}"#)
        let timeline = try #require(batch.joined.first).timeline
        #expect(timeline.count == SyncBatch.maximumEventsPerRoom)
        #expect(timeline.first?.eventID == "$0")
    }

    @Test func roomsAreCapped() throws {
        let count = SyncBatch.maximumRooms + 50
        let rooms = (0..<count).map { #""!r\#($0):s":{}"# }.joined(separator: ",")
        let batch = try batch(
            #"{"next_batch":"n","rooms":{"join":{\#(rooms)},"invite":{\#(rooms)},"leave":{\#(rooms)}}}"#)
        #expect(batch.joined.count == SyncBatch.maximumRooms)
        #expect(batch.invited.count == SyncBatch.maximumRooms)
        #expect(batch.left.count == SyncBatch.maximumRooms)
    }

    @Test func mentionsAreCapped() throws {
        let ids = (0..<500).map { #""@u\#($0):s""# }.joined(separator: ",")
        let event = #"{"type":"m.room.message","sender":"@a:b","content":{"m.mentions":{"user_ids":[\#(ids)]}}}"#
        let batch = try batch(#"{"next_batch":"n","rooms":{"join":{"!r:s":{"timeline":{"events":[\#(event)]}}}}}"#)
        let mentioned = try #require(batch.joined.first?.timeline.first?.content.mentionedUserIDs)
        #expect(mentioned.count == 100)
    }

    @Test func aMemberCountTooLargeForAnIntIsUnknown() throws {
        let json = #"{"next_batch":"n","rooms":{"join":{"!r:s":{"summary":{"m.joined_member_count":1e40}}}}}"#
        let room = try #require(try batch(json).joined.first)
        #expect(room.joinedMemberCount == nil)
    }
}
