/// How much of an export the reader takes on before it stops: a file past one of these is refused
/// with ``RosterError/overLimit(_:file:line:)`` naming the limit, so hostile or broken exports cost
/// bounded memory and time. The standard limits hold a district of a few hundred thousand people.
public struct RosterLimits: Equatable, Sendable {
    /// The name of one limit, as an error reports it.
    public enum Limit: String, Equatable, Sendable {
        /// ``RosterLimits/totalBytes``.
        case totalBytes
        /// ``RosterLimits/fileBytes``.
        case fileBytes
        /// ``RosterLimits/archiveBytes``.
        case archiveBytes
        /// ``RosterLimits/archiveEntries``.
        case archiveEntries
        /// ``RosterLimits/rowsPerFile``.
        case rowsPerFile
        /// ``RosterLimits/fieldsPerRow``.
        case fieldsPerRow
        /// ``RosterLimits/fieldBytes``.
        case fieldBytes
        /// ``RosterLimits/itemsPerList``.
        case itemsPerList
    }

    /// The uncompressed bytes of all the files read together: 256 MB.
    public var totalBytes = 256 << 20
    /// The uncompressed bytes of one file: 128 MB.
    public var fileBytes = 128 << 20
    /// The bytes of a ZIP archive itself, read whole into memory: 256 MB.
    public var archiveBytes = 256 << 20
    /// The entries a ZIP archive's central directory may list, read or skipped: 10,000.
    public var archiveEntries = 10_000
    /// The data rows of one file, its header not counted: 2,000,000.
    public var rowsPerFile = 2_000_000
    /// The fields of one row, the header's included: 200.
    public var fieldsPerRow = 200
    /// The UTF-8 bytes of one field: 4,096.
    public var fieldBytes = 4_096
    /// The items of one list field (`orgSourcedIds`, `agentSourcedIds`, `grades`, …): 100.
    public var itemsPerList = 100
    /// The problems kept in ``RosterExport/problems``; later ones are only counted: 1,000.
    public var problems = 1_000

    /// The standard limits.
    public static let standard = RosterLimits()

    /// The standard limits; change single ones with the properties.
    public init() {}
}
