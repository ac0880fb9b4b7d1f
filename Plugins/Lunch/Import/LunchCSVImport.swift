import CivilDates
import Foundation
import HomeroomCore

/// Reads menus from CSV: `date,specials,vegetables,fries`, one day a row, lists separated by `;`.
///
/// A header row is optional; when present its names (in any order, any case) place the columns.
/// Dates are `2026-12-03` or `12/3/2026`; fries is yes/no (or blank when not known).
enum LunchCSVImport {
    static func menus(from text: String) throws(LunchImportError) -> [LunchDayImport] {
        let records: [CSVReader.Record]
        do {
            records = try CSVReader.records(in: text)
        } catch {
            throw LunchImportError(problems: ["line \(error.line): a quoted field is never closed"])
        }
        guard let first = records.first else { throw LunchImportError(problems: ["the file has no rows"]) }
        guard records.count <= LunchImportLimits.maximumDays + 1 else {
            throw LunchImportError(
                problems: [
                    "the file has \(records.count) rows; an import may have at most \(LunchImportLimits.maximumDays) days"
                ])
        }
        let expected = ["date", "specials", "vegetables", "fries"]
        let header = first.fields.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        let hasHeader = header.contains("date")
        var columns = Dictionary(uniqueKeysWithValues: expected.enumerated().map { ($1, $0) })
        if hasHeader {
            if let unknown = header.first(where: { !expected.contains($0) }) {
                throw LunchImportError(
                    problems: [
                        "line \(first.line): unknown column \"\(unknown.prefix(40))\" — the columns are \(expected.joined(separator: ", "))"
                    ])
            }
            columns = Dictionary(header.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        }
        var days: [LunchDayImport] = []
        var problems: [String] = []
        var seen: [LocalDate: Int] = [:]
        for record in records.dropFirst(hasHeader ? 1 : 0) {
            do throws(RowProblem) {
                let day = try menu(from: record, columns: columns, width: hasHeader ? header.count : expected.count)
                if let earlier = seen[day.date] {
                    throw RowProblem("\(day.date.iso) is also on line \(earlier)")
                }
                seen[day.date] = record.line
                days.append(day)
            } catch {
                problems.append("line \(record.line): \(error.message)")
            }
        }
        guard problems.isEmpty else { throw LunchImportError(problems: problems) }
        guard !days.isEmpty else { throw LunchImportError(problems: ["the file has a header but no days"]) }
        return days
    }

    private struct RowProblem: Error {
        let message: String
        init(_ message: String) { self.message = message }
    }

    private static func menu(from record: CSVReader.Record, columns: [String: Int], width: Int) throws(RowProblem)
        -> LunchDayImport
    {
        guard record.fields.count == width else {
            throw RowProblem("expected \(width) fields, found \(record.fields.count)")
        }
        if let long = record.fields.firstIndex(where: { $0.count > LunchImportLimits.maximumTextLength }) {
            throw RowProblem("field \(long + 1) is longer than \(LunchImportLimits.maximumTextLength) characters")
        }
        func value(_ name: String) -> String {
            columns[name].map { record.fields[$0].trimmingCharacters(in: .whitespaces) } ?? ""
        }
        let dateText = value("date")
        guard let date = LunchDayImport.date(from: dateText) else {
            throw RowProblem("\"\(dateText.prefix(40))\" is not a date like 2026-12-03")
        }
        let friesText = value("fries")
        var fries: Bool?
        if !friesText.isEmpty {
            guard let answer = LunchMenuChange.yesOrNo(friesText) else {
                throw RowProblem("fries is yes or no, not \"\(friesText.prefix(40))\"")
            }
            fries = answer
        }
        let menu = LunchMenu(
            date: date, specials: LunchMenuChange.items(value("specials")),
            vegetables: LunchMenuChange.items(value("vegetables")), fries: fries)
        return LunchDayImport(date: date, menu: menu.isEmpty ? nil : menu)
    }
}
