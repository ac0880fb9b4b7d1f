import CivilDates
import Foundation
import HomeroomCore

/// Reads menus from CSV: `date,specials,vegetables,fries`, one day a row, lists separated by `;`.
///
/// A header row is optional; when present its names (in any order, any case) place the columns.
/// Dates are `2026-12-03` or `12/3/2026`; fries is yes/no (or blank when not known). A header may
/// add translations of the dishes, a column per language (`specials_es`, `vegetables_vi`), with
/// the same dishes in the same order.
enum LunchCSVImport {
    /// The days of a CSV file; every bad row is told in the language of `words`.
    static func menus(from text: String, _ words: Words) throws(LunchImportError) -> [LunchDayImport] {
        func rejected(_ problems: [String]) -> LunchImportError {
            LunchImportError(problems: problems, language: words.language)
        }
        let records: [CSVReader.Record]
        do {
            records = try CSVReader.records(in: text)
        } catch {
            throw rejected([words("line {line}: a quoted field is never closed", ["line": String(error.line)])])
        }
        guard let first = records.first else { throw rejected([words("the file has no rows")]) }
        guard records.count <= LunchImportLimits.maximumDays + 1 else {
            throw rejected([
                words(
                    "the file has {rows} rows; an import may have at most {limit} days",
                    ["rows": String(records.count), "limit": String(LunchImportLimits.maximumDays)])
            ])
        }
        let expected = ["date", "specials", "vegetables", "fries"]
        let header = first.fields.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        let hasHeader = header.contains("date")
        var columns = Dictionary(uniqueKeysWithValues: expected.enumerated().map { ($1, $0) })
        if hasHeader {
            if let unknown = header.first(where: { !expected.contains($0) && translationColumn($0) == nil }) {
                throw rejected([
                    words(
                        "line {line}: unknown column \"{column}\" — the columns are {columns}",
                        [
                            "line": String(first.line), "column": String(unknown.prefix(40)),
                            "columns": words.items(expected),
                        ])
                ])
            }
            columns = Dictionary(header.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        }
        var days: [LunchDayImport] = []
        var problems: [String] = []
        var seen: [LocalDate: Int] = [:]
        for record in records.dropFirst(hasHeader ? 1 : 0) {
            do throws(RowProblem) {
                let day = try menu(
                    from: record, columns: columns, width: hasHeader ? header.count : expected.count, words)
                if let earlier = seen[day.date] {
                    throw RowProblem(
                        words(
                            "line {line}: {date} is also on line {earlier}",
                            ["line": String(record.line), "date": day.date.iso, "earlier": String(earlier)]))
                }
                seen[day.date] = record.line
                days.append(day)
            } catch {
                problems.append(error.message)
            }
        }
        guard problems.isEmpty else { throw rejected(problems) }
        guard !days.isEmpty else { throw rejected([words("the file has a header but no days")]) }
        return days
    }

    /// A bad row, told with its line.
    private struct RowProblem: Error {
        let message: String
        init(_ message: String) { self.message = message }
    }

    private static func menu(from record: CSVReader.Record, columns: [String: Int], width: Int, _ words: Words)
        throws(RowProblem) -> LunchDayImport
    {
        let line = String(record.line)
        guard record.fields.count == width else {
            throw RowProblem(
                words.plural(
                    "line {line}: expected {count} field, found {found}",
                    "line {line}: expected {count} fields, found {found}", count: width,
                    ["line": line, "found": String(record.fields.count)]))
        }
        if let long = record.fields.firstIndex(where: { $0.count > LunchImportLimits.maximumTextLength }) {
            throw RowProblem(
                words(
                    "line {line}: field {field} is longer than {limit} characters",
                    ["line": line, "field": String(long + 1), "limit": String(LunchImportLimits.maximumTextLength)]))
        }
        func value(_ name: String) -> String {
            columns[name].map { record.fields[$0].trimmingCharacters(in: .whitespaces) } ?? ""
        }
        let dateText = value("date")
        guard let date = LunchDayImport.date(from: dateText) else {
            throw RowProblem(
                words(
                    "line {line}: \"{text}\" is not a date like 2026-12-03",
                    ["line": line, "text": String(dateText.prefix(40))]))
        }
        let friesText = value("fries")
        var fries: Bool?
        if !friesText.isEmpty {
            guard let answer = LunchMenuChange.yesOrNo(friesText) else {
                throw RowProblem(
                    words(
                        "line {line}: {field} is {yes} or {no}, not \"{value}\"",
                        [
                            "line": line, "field": "fries", "yes": "yes", "no": "no",
                            "value": String(friesText.prefix(40)),
                        ]
                    ))
            }
            fries = answer
        }
        let menu = LunchMenu(
            date: date, specials: LunchMenuChange.items(value("specials")),
            vegetables: LunchMenuChange.items(value("vegetables")), fries: fries)
        var translations: [LunchDayImport.Translation] = []
        for (column, _) in columns.sorted(by: { $0.value < $1.value }) {
            guard let (field, language) = translationColumn(column) else { continue }
            let translated = LunchMenuChange.items(value(column))
            guard !translated.isEmpty else { continue }
            let dishes = field == "specials" ? menu.specials : menu.vegetables
            guard translated.count == dishes.count else {
                throw RowProblem(
                    words.plural(
                        "line {line}: {column} has {found} dishes, {field} has {count} dish",
                        "line {line}: {column} has {found} dishes, {field} has {count} dishes", count: dishes.count,
                        ["line": line, "column": column, "found": String(translated.count), "field": field]))
            }
            translations += zip(dishes, translated).map {
                LunchDayImport.Translation(original: $0, language: language, text: $1)
            }
        }
        return LunchDayImport(date: date, menu: menu.isEmpty ? nil : menu, translations: translations)
    }

    /// The field and language of a translation column (`specials_es`: specials, Spanish).
    private static func translationColumn(_ name: String) -> (field: String, language: Language)? {
        let parts = name.split(separator: "_", maxSplits: 1).map(String.init)
        guard parts.count == 2, ["specials", "vegetables"].contains(parts[0]), let language = Language(parts[1]),
            language != .english
        else { return nil }
        return (parts[0], language)
    }
}
