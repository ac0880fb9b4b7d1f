import Foundation
import HomeroomCore

extension LunchPlugin {
    /// `homeroom import lunch FILE`: menus from CSV or menu-service JSON.
    public static var importers: [Importer] {
        [
            Importer(
                name: "lunch",
                summary: "Import lunch menus from CSV (date,specials,vegetables,fries) "
                    + "or menu-service JSON (days[].menu_items[]).",
                discussion: "All or nothing: a bad row is reported with its line and nothing is imported.",
                sourceHelp: "The CSV or JSON file."
            ) { request in
                let summary: LunchImporter.Summary
                do {
                    summary = try await LunchImporter.importMenus(
                        Data(request.bytes), named: request.source, into: request.storage, by: request.actor,
                        at: request.now)
                } catch let error as LunchImportError {
                    throw UserFacingError(error.description)
                }
                return Importer.Report([
                    "imported \(summary.menus) menus and \(summary.daysWithoutLunch) days without lunch, "
                        + "\(summary.range.lowerBound.iso) to \(summary.range.upperBound.iso)"
                ])
            }
        ]
    }
}
