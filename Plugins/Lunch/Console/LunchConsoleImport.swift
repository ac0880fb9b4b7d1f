import Foundation
import HomeroomCore

/// The console's import of a menu file: the same import as `homeroom import lunch`, all or
/// nothing, recorded in the audit log as the signed-in person's, made through the web.
enum LunchConsoleImport {
    /// The action of the import form.
    static let action = "import"
    /// The capabilities an import needs: it sets days' menus and marks days without lunch, which
    /// chat needs `lunch.set` and `lunch.clear` for.
    static let capabilities = ["lunch.set", "lunch.clear"]
    /// How many of a refused file's problems the notice lists before saying how many more.
    static let problemsShown = 5

    /// The heading and the form, in the language of `words`.
    static func blocks(_ words: Words) -> [ConsoleBlock] {
        let hint = words(
            "Columns {columns}, dishes separated by semicolons; add {example} and the like for translations. A file with a bad row changes nothing.",
            ["columns": "date, specials, vegetables, fries", "example": "specials_es"])
        return [
            .heading(words("Import a file")),
            .form(
                ConsoleForm(
                    action: action,
                    fields: [
                        ConsoleField("file", label: words("CSV file"), kind: .file(accept: ".csv,text/csv"), hint: hint)
                    ], submit: words("Import"))),
        ]
    }

    /// Imports the posted file, or says why not: a refused file's first problems, each with its
    /// line, and nothing changed. A missing file is refused as a file with no rows.
    static func run(_ request: ConsoleRequest) async throws -> ConsoleNotice {
        if let missing = capabilities.first(where: { !request.caller.may($0) }) {
            throw UserFacingError.missingPermission(missing, Words(.core, request.words.language))
        }
        let words = request.words
        let summary: LunchImporter.Summary
        do {
            summary = try await LunchImporter.importMenus(
                Data(request.upload?.bytes ?? []), named: request.upload?.fileName ?? "", into: request.storage,
                by: request.caller.user, at: request.clock.now, in: words.language, channel: "web")
        } catch let error as LunchImportError {
            return ConsoleNotice(lines: error.lines(showingAtMost: problemsShown), isError: true)
        }
        return ConsoleNotice(
            words(
                "imported {menus} menus and {days} days without lunch, {first} to {last}",
                [
                    "menus": words.number(summary.menus), "days": words.number(summary.daysWithoutLunch),
                    "first": words.date(summary.range.lowerBound), "last": words.date(summary.range.upperBound),
                ]))
    }
}
