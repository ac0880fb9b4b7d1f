/// Why an export could not be read at all. Unlike a ``RosterProblem`` (one row skipped), each of
/// these stops the read: importing the rest could remove every record of a file that was not read.
public enum RosterError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The export has no `manifest.csv`.
    case noManifest
    /// The manifest marks a file bulk or delta, and the export does not have it.
    case missingFile(RosterFile)
    /// A manifest row the reader cannot follow, such as an unknown version or file mode.
    case badManifest(line: Int, reason: String)
    /// A file lacks columns its rows cannot do without.
    case missingColumns(RosterFile, [String])
    /// A quoted field is never closed.
    case unclosedQuote(RosterFile, line: Int)
    /// A file, or the export, is past one of the ``RosterLimits``.
    case overLimit(RosterLimits.Limit, file: String?, line: Int?)
    /// The ZIP archive holding the export is refused.
    case archive(ZipArchiveError)
    /// The folder or archive at a path could not be read.
    case unreadable(path: String, reason: String)

    public var description: String {
        switch self {
        case .noManifest: "the export has no manifest.csv"
        case .missingFile(let file): "manifest.csv lists \(file), but the export does not have it"
        case .badManifest(let line, let reason): "manifest.csv line \(line): \(reason)"
        case .missingColumns(let file, let columns):
            "\(file) has no \(columns.joined(separator: ", ")) column\(columns.count == 1 ? "" : "s")"
        case .unclosedQuote(let file, let line): "\(file) line \(line): a quoted field is never closed"
        case .overLimit(let limit, let file, let line):
            [file, line.map { "line \($0)" }].compactMap(\.self).joined(separator: " ")
                + (file == nil ? "" : ": ") + "past the \(limit.rawValue) limit"
        case .archive(let reason): reason.description
        case .unreadable(let path, let reason): "\(path): \(reason)"
        }
    }
}
