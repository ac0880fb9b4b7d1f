import HomeroomCore

/// One CSV file of an export, read within the limits: its header, whose columns are found by name
/// in any order (CSV Binding, "CSV Format": unknown columns are ignored), and its data rows.
struct RosterTable {
    /// The file the rows come from.
    let file: RosterFile
    /// The data rows, in file order.
    let rows: [RosterRow]
    private let columns: [String: Int]

    /// The rows of `bytes`; throws when the file is past a limit, has an unclosed quote, or lacks
    /// one of the `required` columns.
    init(_ bytes: [UInt8], file: RosterFile, limits: RosterLimits, required: [String]) throws(RosterError) {
        guard bytes.count <= limits.fileBytes else { throw .overLimit(.fileBytes, file: file.rawValue, line: nil) }
        try CSVBounds.check(bytes, file: file, limits: limits)
        let records: [CSVReader.Record]
        do {
            records = try CSVReader.records(in: String(decoding: bytes, as: UTF8.self))
        } catch {
            throw .unclosedQuote(file, line: error.line)
        }
        var columns: [String: Int] = [:]
        for (index, name) in (records.first?.fields ?? []).enumerated() {
            let key = name.trimmingRosterSpaces().lowercased()
            if columns[key] == nil { columns[key] = index }
        }
        let missing = required.filter { columns[$0.lowercased()] == nil }
        guard missing.isEmpty else { throw .missingColumns(file, missing) }
        self.file = file
        self.columns = columns
        rows = records.dropFirst().map {
            RosterRow(file: file, line: $0.line, fields: $0.fields, columns: columns, itemsPerList: limits.itemsPerList)
        }
    }

    /// True when the header has `column`.
    func has(_ column: String) -> Bool { columns[column.lowercased()] != nil }
}
