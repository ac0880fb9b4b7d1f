/// An RFC 4180 CSV reader that remembers the line each record starts on, so import errors can
/// name it. Quoted fields may hold commas, doubled quotes and line breaks; CRLF or LF end records.
public enum CSVReader {
    /// One record and the 1-based line it starts on.
    public struct Record: Equatable, Sendable {
        public let line: Int
        public let fields: [String]
    }

    /// A quote opened and never closed.
    public struct UnclosedQuote: Error, Equatable {
        /// The line the quoted field starts on.
        public let line: Int
    }

    /// The records of `text`; blank lines are skipped.
    public static func records(in text: String) throws(UnclosedQuote) -> [Record] {
        var records: [Record] = []
        var fields: [String] = []
        var field = ""
        var line = 1
        var recordLine = 1
        var quotedSince: Int?
        var fieldWasQuoted = false
        var characters = text.unicodeScalars.makeIterator()
        var pending: Unicode.Scalar? = nil

        func endRecord() {
            fields.append(field)
            if !(fields.count == 1 && fields[0].isEmpty && !fieldWasQuoted) {
                records.append(Record(line: recordLine, fields: fields))
            }
            fields = []
            field = ""
            fieldWasQuoted = false
        }

        while let scalar = pending ?? characters.next() {
            pending = nil
            if quotedSince != nil {
                if scalar == "\"" {
                    let next = characters.next()
                    if next == "\"" {
                        field.unicodeScalars.append("\"")
                    } else {
                        quotedSince = nil
                        pending = next
                    }
                } else {
                    if scalar == "\n" { line += 1 }
                    field.unicodeScalars.append(scalar)
                }
                continue
            }
            switch scalar {
            case "\"" where field.isEmpty:
                quotedSince = line
                fieldWasQuoted = true
            case ",":
                fields.append(field)
                field = ""
                fieldWasQuoted = false
            case "\r":
                continue
            case "\n":
                endRecord()
                line += 1
                recordLine = line
            case "\u{FEFF}" where line == 1 && fields.isEmpty && field.isEmpty:
                continue
            default:
                field.unicodeScalars.append(scalar)
            }
        }
        if let quotedSince { throw UnclosedQuote(line: quotedSince) }
        if !field.isEmpty || !fields.isEmpty || fieldWasQuoted { endRecord() }
        return records
    }
}
