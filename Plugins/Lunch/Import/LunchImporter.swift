import CivilDates
import Foundation
import HomeroomCore
import SQLKit

/// Imports menus from a CSV or menu-service JSON file, all or nothing: every row is checked
/// first, and the days are written in one transaction with one audit entry.
public enum LunchImporter {
    /// What an import did.
    public struct Summary: Equatable, Sendable {
        /// Days whose menu was written.
        public let menus: Int
        /// Days marked as without lunch (their menus removed).
        public let daysWithoutLunch: Int
        /// The first and last day in the file.
        public let range: ClosedRange<LocalDate>
    }

    /// Reads `data` (CSV, or JSON when it starts with `{`) and writes its days; a rejected file's
    /// problems are told in `language`. The audit entry names `channel` when the import came
    /// through one (`web` for the office's console).
    public static func importMenus(
        _ data: Data, named name: String, into storage: PluginStorage, by actor: UserID, at now: Date,
        in language: Language = .english, channel: String? = nil
    ) async throws -> Summary {
        let days = try parse(data, named: name, in: language)
        let store = LunchMenuStore(storage: storage)
        let dates = days.map(\.date)
        let summary = Summary(
            menus: days.filter { $0.menu != nil }.count, daysWithoutLunch: days.filter { $0.menu == nil }.count,
            range: dates.min()!...dates.max()!)
        let audit = AuditEntry(
            at: now, actor: actor, action: "lunch.import",
            detail:
                "\(name): \(summary.menus) menus, \(summary.daysWithoutLunch) days without lunch, \(summary.range.lowerBound)…\(summary.range.upperBound)",
            channel: channel)
        try await storage.write { db in
            for day in days {
                if let menu = day.menu {
                    try await store.save(menu, by: actor, at: now, on: db)
                } else {
                    try await store.delete(day.date, on: db)
                }
                try await storage.markChanged(day.date, at: now, in: db)
                for translation in day.translations {
                    try await storage.translations.record(
                        translation.text, of: translation.original, in: translation.language, on: db)
                }
            }
            try await storage.audit.insert(audit, into: db)
        }
        if days.contains(where: { !$0.translations.isEmpty }) { try await storage.translations.reload() }
        return summary
    }

    /// The days in a file, checked; throws ``LunchImportError`` listing every bad row, in
    /// `language`. A file past ``LunchImportLimits`` is refused.
    public static func parse(_ data: Data, named name: String, in language: Language = .english)
        throws(LunchImportError) -> [LunchDayImport]
    {
        let words = Words(LunchPlugin.catalogs, language)
        // Sizes and limits are written in plain digits, as the limits are documented.
        guard data.count <= LunchImportLimits.maximumFileBytes else {
            throw LunchImportError(
                problems: [
                    words(
                        "the file has {bytes} bytes; an import may have at most {limit}",
                        ["bytes": String(data.count), "limit": String(LunchImportLimits.maximumFileBytes)])
                ], language: language)
        }
        let firstByte = data.first {
            !($0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF)
        }
        if name.lowercased().hasSuffix(".json") || firstByte == UInt8(ascii: "{") {
            return try NutrisliceImport.menus(from: data, words)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw LunchImportError(
                problems: [words("the file is not UTF-8 text; save it as CSV UTF-8")], language: language)
        }
        if let nul = text.utf8.firstIndex(of: 0) {
            let line = text.utf8[..<nul].count { $0 == UInt8(ascii: "\n") } + 1
            throw LunchImportError(
                problems: [words("line {line}: a NUL character; the file is not CSV text", ["line": String(line)])],
                language: language)
        }
        return try LunchCSVImport.menus(from: text, words)
    }
}
