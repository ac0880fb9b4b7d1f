/// One data row of an export file, its fields found by column name.
struct RosterRow {
    /// Why a row is skipped, or the whole read stopped.
    enum Failure: Error {
        /// The row is skipped with this reason; the rest of the file is read.
        case skip(String)
        /// The read stops.
        case stop(RosterError)
    }

    /// The file the row is in.
    let file: RosterFile
    /// The 1-based line the row starts on.
    let line: Int
    let fields: [String]
    let columns: [String: Int]
    let itemsPerList: Int

    /// True when the file's header has `column`.
    func has(_ column: String) -> Bool { columns[column.lowercased()] != nil }

    /// The trimmed field of `column`, or nil when it is blank or the file has no such column.
    func text(_ column: String) -> String? {
        guard let index = columns[column.lowercased()], index < fields.count else { return nil }
        let text = fields[index].trimmingRosterSpaces()
        return text.isEmpty ? nil : text
    }

    /// The field of `column`, or a skip naming the column when it is blank.
    func required(_ column: String) throws(Failure) -> String {
        guard let text = text(column) else { throw .skip("no \(column)") }
        return text
    }

    /// The comma-separated items of `column` (CSV Binding: a list inside one quoted field), trimmed,
    /// blanks left out; stops the read past ``RosterLimits/itemsPerList``.
    func list(_ column: String) throws(Failure) -> [String] {
        guard let text = text(column) else { return [] }
        var items: [String] = []
        for item in text.split(separator: ",") {
            let trimmed = item.trimmingRosterSpaces()
            guard !trimmed.isEmpty else { continue }
            guard items.count < itemsPerList else {
                throw .stop(.overLimit(.itemsPerList, file: file.rawValue, line: line))
            }
            items.append(trimmed)
        }
        return items
    }

    /// The row's status in a file of `mode`, or a skip when it is unknown or, in a delta file, blank.
    func status(in mode: RosterFileMode) throws(Failure) -> RosterStatus {
        let field = text("status")
        guard let status = RosterStatus(field: field, mode: mode) else {
            throw .skip(
                field.map { "status \"\($0)\" is neither active nor tobedeleted" } ?? "no status in a delta file")
        }
        return status
    }

    /// True or false from `true`/`false` (any case, or `1`/`0`), `fallback` when blank or other.
    func flag(_ column: String, fallback: Bool) -> Bool {
        switch text(column)?.lowercased() {
        case "true", "1": true
        case "false", "0": false
        default: fallback
        }
    }
}
