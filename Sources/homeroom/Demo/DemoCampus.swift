import Campus
import Directions
import Foundation
import HomeroomCore
import HomeroomRuntime

/// The demo's campus: `Examples/campus.json`, imported as `homeroom import campus --school lincoln`
/// does; Jefferson Middle shares it (the `north-campus` group), Adams Elementary has none.
enum DemoCampus {
    static func load(from examples: URL, runtime: BotRuntime) async throws {
        let file = examples.appendingPathComponent(DemoExamples.campus)
        let bytes = try Data(contentsOf: file)
        do {
            _ = try await CampusImporter.importCampus(
                Array(bytes), into: runtime.storage(for: DirectionsPlugin.id, at: DemoDistrict.lincoln),
                audit: AuditEntry(
                    at: runtime.clock.now, actor: DemoAdmin.id, action: "directions.import",
                    detail: "campus from \(file.path)"))
        } catch let error as CampusFileError {
            throw UserFacingError("\(file.path):\(error.line): \(error.message)")
        }
    }
}
