import Foundation
import HomeroomCore
import Testing

/// Every shipped language's catalog, in every module, says everything the module says, with the
/// same placeholders as the English and the plural forms its language counts in.
///
/// `Scripts/catalogs --check` (run by `Scripts/test`) keeps each `messages.pot` in step with the
/// code; these tests keep the translations in step with the templates.
@Suite struct CatalogCompletenessTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Every module with a Catalog folder.
    static let catalogFolders: [URL] = ["Sources", "Plugins"].flatMap { base in
        let folder = root.appendingPathComponent(base)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().map { folder.appendingPathComponent($0).appendingPathComponent("Catalog") }
            .filter { FileManager.default.fileExists(atPath: $0.appendingPathComponent("messages.pot").path) }
    }

    static let translated = Language.shipped.filter { $0 != .english }

    static func read(_ url: URL) throws -> TranslationCatalog {
        try TranslationCatalog(parsing: try String(contentsOf: url, encoding: .utf8))
    }

    /// The `{name}` placeholders of `text`.
    static func placeholders(_ text: String) -> Set<String> {
        var names: Set<String> = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            names.insert(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return names
    }

    @Test func everyModuleHasItsCatalogs() {
        let modules = Set(Self.catalogFolders.map { $0.deletingLastPathComponent().lastPathComponent })
        #expect(
            modules.isSuperset(of: [
                "HomeroomCore", "HomeroomEngine", "Lunch", "Schedule", "News", "Recipes", "Events", "Directions",
            ]))
    }

    @Test(arguments: translated)
    func everySentenceIsTranslatedWithTheEnglishPlaceholders(language: Language) throws {
        for folder in Self.catalogFolders {
            let module = folder.deletingLastPathComponent().lastPathComponent
            let template = try Self.read(folder.appendingPathComponent("messages.pot"))
            let catalog = try Self.read(folder.appendingPathComponent("\(language.code).po"))
            #expect(catalog.language == language.code, "\(module)/\(language.code).po states its language")
            #expect(
                catalog.pluralForms == language.plurals.header,
                "\(module)/\(language.code).po states the plural rule of \(language.code)")
            let said = Set(template.allEntries.map(\.key))
            for stale in catalog.allEntries where !said.contains(stale.key) {
                Issue.record(
                    "\(module)/\(language.code).po translates \"\(stale.entry.english)\", which is no longer said")
            }
            for (key, source, _) in template.allEntries {
                guard let entry = catalog.entry(key) else {
                    Issue.record("\(module)/\(language.code).po lacks \"\(source.english)\"")
                    continue
                }
                let expectedForms = source.englishPlural == nil ? 1 : language.plurals.count
                #expect(
                    entry.forms.count == expectedForms,
                    "\(module)/\(language.code).po: \"\(source.english)\" has \(entry.forms.count) forms")
                let names = Self.placeholders(source.english).union(Self.placeholders(source.englishPlural ?? ""))
                for form in entry.forms {
                    let used = Self.placeholders(form)
                    // A plural form for one number (Arabic's zero, one and two) may leave the count out.
                    let required = source.englishPlural == nil ? names : names.subtracting(["count"])
                    if !used.isSubset(of: names) || !required.isSubset(of: used) {
                        let problem = "has the placeholders \(used.sorted()), the English \(names.sorted())"
                        Issue.record("\(module)/\(language.code).po: \"\(form)\" \(problem)")
                    }
                }
            }
        }
    }

    @Test func theTemplatesStateNoTranslations() throws {
        for folder in Self.catalogFolders {
            let template = try Self.read(folder.appendingPathComponent("messages.pot"))
            #expect(template.entries.isEmpty, "\(folder.path)/messages.pot holds translations")
            #expect(!template.allEntries.isEmpty, "\(folder.path)/messages.pot says nothing")
        }
    }
}
