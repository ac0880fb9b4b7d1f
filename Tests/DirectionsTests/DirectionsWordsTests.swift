import HomeroomTesting
import Testing

/// `/directions` as people ask: "to the library".
@Suite struct DirectionsWordsTests {
    @Test func toAndTheBeforeThePlaceAreRead() async throws {
        try await withDirectionsBot { bot in
            let plain = try await bot.expect("/directions library from B2-EAST")
            let asked = try await bot.expect("/directions to the library from B2-EAST")
            #expect(asked.lines == plain.lines)
            let room = try await bot.expect("/directions to B-201 from A1-ENTRANCE", contains: "B-201")
            #expect(room.lines == (try await bot.expect("/directions B-201 from A1-ENTRANCE")).lines)
        }
    }
}
