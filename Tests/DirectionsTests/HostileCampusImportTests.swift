import Campus
import Directions
import Foundation
import HomeroomCore
import HomeroomTestbed
import HomeroomTesting
import Testing

/// A hostile campus file through the import the command line and the plugin use: refused with its
/// line, and the map in use answers as before.
@Suite struct HostileCampusImportTests {
    @Test(arguments: ["floor-huge.json", "floor-infinite.json", "door-huge.json"])
    func aNumberPastAnyIntegerIsRefusedAndTheOldMapStays(file: String) async throws {
        let bytes = try Data(
            contentsOf: Corpus.packageRoot.appendingPathComponent("Tests/Fixtures/hostile/campus/\(file)"))
        try await withDirectionsBot { bot in
            try await bot.expect("/here B2-EAST")
            let error = await #expect(throws: CampusFileError.self) { try await importCampus(Array(bytes), into: bot) }
            #expect(error?.message.contains("must be a whole number") == true)
            try await bot.expect("/directions B-211", contains: "B-211 (Anatomy) from B2-EAST")
        }
    }
}
