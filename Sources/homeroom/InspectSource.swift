import ArgumentParser
import Foundation
import HomeroomCore
import HomeroomFetch
import HomeroomRuntime

/// The bytes `homeroom inspect` reads: a local file, or an http(s) address fetched with the
/// usual limits (5 MB, 20 seconds) and the `fetch` settings of the configuration `HOMEROOM_CONFIG`
/// names (without one, public addresses only). A failure is one line on standard error, the
/// reason and its detail, and exit code 1.
func readInspectSource(_ source: String) async throws -> [UInt8] {
    if let url = webAddress(source) {
        do {
            let policy = try inspectFetchPolicy()
            switch try await HTTPFetcher(policy: policy).fetch(FetchRequest(url: url, provenance: .configured)) {
            case .fetched(let body, _, _): return body
            case .notModified: return []
            }
        } catch let error as FetchError {
            let detail = error.detail == error.message ? "" : " (\(error.detail))"
            printError("cannot fetch \(source): \(error.message)\(detail)")
            throw ExitCode(1)
        }
    }
    guard let data = FileManager.default.contents(atPath: source) else {
        printError("cannot read \(source): no such file, and not an http or https address")
        throw ExitCode(1)
    }
    return Array(data)
}

/// The `fetch` settings of the configuration `HOMEROOM_CONFIG` names, or the defaults; a bad
/// configuration is one line on standard error and exit code 2.
private func inspectFetchPolicy() throws -> FetchPolicy {
    let environment = ProcessInfo.processInfo.environment
    do {
        return try HomeroomConfiguration.load(path: environment["HOMEROOM_CONFIG"], environment: environment)
            .resolve().fetchPolicy
    } catch {
        printError(error.description)
        throw ExitCode(2)
    }
}

/// `source` as an http or https address; nil for a file path.
func webAddress(_ source: String) -> URL? {
    URL(string: source).flatMap { $0.isWebAddress ? $0 : nil }
}
