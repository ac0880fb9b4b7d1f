import Foundation

/// Where the test data is: the shared corpora beside this package (or `$HOMEROOM_CORPORA`), and the
/// project's own fixtures in `Tests/Fixtures`.
public enum Corpus {
    /// The package's folder.
    public static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The shared corpora's folder.
    public static let root: URL = {
        if let path = ProcessInfo.processInfo.environment["HOMEROOM_CORPORA"] { return URL(fileURLWithPath: path) }
        return packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpora")
    }()

    /// Whether the shared corpora are there; the differential tests over them run only then.
    public static let isAvailable = FileManager.default.fileExists(
        atPath: root.appendingPathComponent("ics/expected").path)

    /// The project's own school calendars and their expected answers.
    public static let schools = packageRoot.appendingPathComponent("Tests/Fixtures/school")

    /// The bytes of a gzip file (the corpus's `.html.gz` pages), through the system's `gzip`.
    public static func gunzip(_ file: URL) async throws -> [UInt8] {
        let result = try await ExternalProgram.run("/bin/gzip", ["-dc", file.path])
        guard result.status == 0 else { throw CocoaError(.fileReadCorruptFile) }
        return Array(result.output)
    }
}
