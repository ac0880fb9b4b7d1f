/// Checks a CSV file's rows and fields against the limits before `CSVReader` builds a string for
/// every field: a file of a million commas would otherwise become a million strings. It walks the
/// bytes the way `CSVReader` walks characters (quotes open only at a field's start, `""` inside
/// quotes is a quote, a carriage return is dropped, a byte order mark starting line 1 is skipped),
/// and its line numbers are the reader's.
enum CSVBounds {
    private static let quote = UInt8(ascii: "\""), comma = UInt8(ascii: ","), newline = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")
    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// Throws ``RosterError/overLimit(_:file:line:)`` naming the line the first row past `limits`
    /// starts on.
    static func check(_ bytes: [UInt8], file: RosterFile, limits: RosterLimits) throws(RosterError) {
        var line = 1
        var recordLine = 1
        var records = 0
        var fields = 0
        var fieldBytes = 0
        var fieldWasQuoted = false
        var quoted = false
        var index = 0

        func endField() throws(RosterError) {
            fields += 1
            guard fields <= limits.fieldsPerRow else {
                throw .overLimit(.fieldsPerRow, file: file.rawValue, line: recordLine)
            }
            fieldBytes = 0
            fieldWasQuoted = false
        }
        func endRecord() throws(RosterError) {
            let blank = fields == 0 && fieldBytes == 0 && !fieldWasQuoted
            try endField()
            if !blank { records += 1 }
            guard records <= limits.rowsPerFile + 1 else {
                throw .overLimit(.rowsPerFile, file: file.rawValue, line: recordLine)
            }
            fields = 0
        }

        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if quoted {
                if byte == quote {
                    if index < bytes.count, bytes[index] == quote {
                        index += 1
                    } else {
                        quoted = false
                        continue
                    }
                } else if byte == newline {
                    line += 1
                }
            } else {
                switch byte {
                case quote where fieldBytes == 0:
                    quoted = true
                    fieldWasQuoted = true
                    continue
                case comma:
                    try endField()
                    continue
                case carriageReturn:
                    continue
                case newline:
                    try endRecord()
                    line += 1
                    recordLine = line
                    continue
                case byteOrderMark[0] where line == 1 && fields == 0 && fieldBytes == 0:
                    if bytes[(index - 1)...].starts(with: byteOrderMark) {
                        index += 2
                        continue
                    }
                default:
                    break
                }
            }
            fieldBytes += 1
            guard fieldBytes <= limits.fieldBytes else {
                throw .overLimit(.fieldBytes, file: file.rawValue, line: recordLine)
            }
        }
        if fields > 0 || fieldBytes > 0 || fieldWasQuoted { try endRecord() }
    }
}
