import Campus
import HomeroomCore

extension DirectionsPlugin {
    /// `homeroom import campus FILE`: the campus map.
    public static var importers: [Importer] {
        [
            Importer(
                name: "campus",
                summary:
                    "Replace the campus map (buildings, checkpoints, links, rooms, places) from a campus file.",
                discussion: """
                    All or nothing: the first problem is reported with its line and the current map stays. \
                    The format is in the README. Example: homeroom import campus Examples/campus.json
                    """,
                sourceHelp: "The campus .json file."
            ) { request in
                let summary: CampusImporter.Summary
                do {
                    summary = try await CampusImporter.importCampus(
                        request.bytes, into: request.storage,
                        audit: AuditEntry(
                            at: request.now, actor: request.actor, action: "directions.import",
                            detail: "campus from \(request.source)"))
                } catch let error as CampusFileError {
                    throw UserFacingError("\(request.source):\(error.line): \(error.message)")
                }
                let imported =
                    "imported \(summary.buildings) buildings, \(summary.floors) floors, \(summary.rooms) rooms, "
                    + "\(summary.places) places and \(summary.checkpoints) checkpoints (\(summary.codes) with QR codes)"
                guard !summary.unreachable.isEmpty else { return Importer.Report([imported]) }
                let unreachable =
                    "warning: no walk reaches \(summary.unreachable.count) checkpoint(s) from the first one: "
                    + summary.unreachable.prefix(10).joined(separator: ", ")
                    + (summary.unreachable.count > 10 ? ", …" : "") + " — is a link missing?"
                return Importer.Report([imported], warnings: [unreachable])
            }
        ]
    }
}
