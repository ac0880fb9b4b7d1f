import HomeroomCore

extension SchedulePlugin {
    /// `homeroom import catalog FILE`: the course catalog from CSV.
    public static var importers: [Importer] {
        [
            Importer(
                name: "catalog",
                summary: "Replace the course catalog from CSV: grade,block,course,teacher,room.",
                discussion: "All or nothing: a bad row is reported with its line and nothing is imported.",
                sourceHelp: "The CSV file."
            ) { request in
                let summary: CourseCatalogImporter.Summary
                do {
                    summary = try await CourseCatalogImporter.importCatalog(
                        String(decoding: request.bytes, as: UTF8.self), named: request.source,
                        into: request.storage, by: request.actor, at: request.now)
                } catch let error as CourseCatalogImporter.Problem {
                    throw UserFacingError(error.description)
                }
                return Importer.Report([
                    "imported \(summary.courses) courses for grades \(summary.grades.joined(separator: ", "))"
                ])
            }
        ]
    }
}
