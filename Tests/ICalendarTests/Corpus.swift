import Foundation

/// Where `../shared/corpora` is, seen from this package.
enum Corpus {
    static let root: URL = {
        if let path = ProcessInfo.processInfo.environment["HOMEROOM_CORPORA"] { return URL(fileURLWithPath: path) }
        return URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("shared/corpora")
    }()
}
