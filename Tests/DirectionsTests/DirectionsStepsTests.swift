import HomeroomTesting
import Testing

/// The steps' English, which the plugin words from the campus library's steps: places, ramps, the
/// way outside and the campus file's own instructions.
@Suite struct DirectionsStepsTests {
    @Test func placesRampsAndTheWayOutsideReadAsBefore() async throws {
        try await withDirectionsBot { bot in
            let library = try await bot.expect("/directions media center from A1-ENTRANCE")
            #expect(
                Array(library.lines.dropFirst()) == [
                    "1. Walk 25 m along the main hallway to the middle of the main hallway, by the trophy case.",
                    "2. Library (A-110): the double glass doors across from the trophy case.",
                    "Scan the next code you pass for fresh directions.",
                ])
            let balcony = try await bot.expect("/directions C-204 from C1-LOBBY accessible")
            #expect(balcony.lines[1] == "1. Walk past the box office to the ramp (15 m).")
            #expect(balcony.text.contains("Take the theater ramp up to floor 2."))
            let gym = try await bot.expect("/directions gym from B1-WEST")
            #expect(gym.text.contains("Cross the courtyard to the Arts and Athletics building (60 m)."))
            #expect(gym.lines[gym.lines.count - 2].hasSuffix(". Gym (C-110) is the door straight ahead."))
        }
    }
}
