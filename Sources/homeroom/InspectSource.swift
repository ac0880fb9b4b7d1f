import ArgumentParser
import Foundation
import HomeroomCore
import HomeroomFetch

/// The bytes `homeroom inspect` reads: a local file, or an http(s) address fetched with the
/// usual limits (5 MB, 20 seconds). A failure is one line on standard error and exit code 1.
func readInspectSource(_ source: String) async throws -> [UInt8] {
    if let url = webAddress(source) {
        do {
            switch try await HTTPFetcher().fetch(FetchRequest(url: url)) {
            case .fetched(let body, _, _): return body
            case .notModified: return []
            }
        } catch {
            printError("cannot fetch \(source): \(error.message)")
            throw ExitCode(1)
        }
    }
    guard let data = FileManager.default.contents(atPath: source) else {
        printError("cannot read \(source): no such file, and not an http or https address")
        throw ExitCode(1)
    }
    return Array(data)
}

/// `source` as an http or https address; nil for a file path.
func webAddress(_ source: String) -> URL? {
    URL(string: source).flatMap { $0.isWebAddress ? $0 : nil }
}
