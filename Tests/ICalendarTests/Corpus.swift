import Foundation

/// Where the test data is: the shared corpora beside this package (or `$HOMEROOM_CORPORA`), and the
/// school calendars kept in `Tests/Fixtures`.
enum Corpus {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static let root: URL = {
        if let path = ProcessInfo.processInfo.environment["HOMEROOM_CORPORA"] { return URL(fileURLWithPath: path) }
        return packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpora")
    }()

    /// Whether the shared corpora are there; the differential tests over them run only then.
    static let isAvailable = FileManager.default.fileExists(atPath: root.appendingPathComponent("ics/expected").path)

    /// The project's own school calendars and their expected answers.
    static let schools = packageRoot.appendingPathComponent("Tests/Fixtures/school")
}
