import Foundation
import HomeroomCore

extension LunchPlugin {
    /// `homeroom import lunch FILE`: menus from CSV or menu-service JSON.
    public static var importers: [Importer] {
        [
            Importer(
                name: "lunch",
                summary:
                    "Import lunch menus from CSV (date,specials,vegetables,fries) or menu-service JSON (days[].menu_items[]).",
                discussion: "All or nothing: a bad row is reported with its line and nothing is imported.",
                sourceHelp: "The CSV or JSON file."
            ) { request in
                // The command line has no reader's language: the admin who runs it reads English.
                let words = Words(catalogs, .english)
                let summary: LunchImporter.Summary
                do {
                    summary = try await LunchImporter.importMenus(
                        Data(request.bytes), named: request.source, into: request.storage, by: request.actor,
                        at: request.now, in: words.language)
                } catch let error as LunchImportError {
                    throw UserFacingError(error.description)
                }
                return Importer.Report([
                    words(
                        "imported {menus} menus and {days} days without lunch, {first} to {last}",
                        [
                            "menus": String(summary.menus), "days": String(summary.daysWithoutLunch),
                            "first": summary.range.lowerBound.iso, "last": summary.range.upperBound.iso,
                        ])
                ])
            }
        ]
    }
}
