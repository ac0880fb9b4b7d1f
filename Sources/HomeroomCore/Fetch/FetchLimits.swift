import Foundation

/// The limits a plugin's settings put on what it fetches: the largest body and how long one
/// exchange may take.
///
/// Plugins read them from their settings (`maximumFeedBytes`, `maximumPageBytes`,
/// `fetchTimeoutSeconds`) and check them here, so every plugin refuses the same values with the
/// same words, naming the setting: a body limit under ``smallestBody`` bytes, a deadline outside
/// ``timeoutSeconds``.
///
/// ```swift
/// let limits = try FetchLimits(
///     maximumBytes: settings.maximumFeedBytes, timeoutSeconds: settings.fetchTimeoutSeconds,
///     bytesSetting: "maximumFeedBytes")
/// let response = try await context.fetcher.fetch(limits.request(for: url, provenance: .configured))
/// ```
public struct FetchLimits: Sendable, Equatable {
    /// The smallest body limit a setting may give, in bytes.
    public static let smallestBody = 1000
    /// The deadlines a setting may give, in seconds.
    public static let timeoutSeconds = 1...300

    /// The body may not be larger, in bytes.
    public let maximumBytes: Int
    /// The whole exchange, redirects included, must end within this.
    public let timeout: Duration

    /// Checks `maximumBytes` and `timeoutSeconds` as read from the settings named `bytesSetting`
    /// and `timeoutSetting`; throws a short error naming the setting that is out of range.
    public init(
        maximumBytes: Int, timeoutSeconds: Int, bytesSetting: String,
        timeoutSetting: String = "fetchTimeoutSeconds"
    ) throws(UserFacingError) {
        guard maximumBytes >= Self.smallestBody else {
            throw UserFacingError("\(bytesSetting) must be at least \(Self.smallestBody)")
        }
        guard Self.timeoutSeconds.contains(timeoutSeconds) else {
            throw UserFacingError(
                "\(timeoutSetting) must be \(Self.timeoutSeconds.lowerBound) to \(Self.timeoutSeconds.upperBound)")
        }
        self.maximumBytes = maximumBytes
        self.timeout = .seconds(timeoutSeconds)
    }

    /// A GET of `url`, which came from `provenance`, held to these limits; conditional when the
    /// validators of a held copy are given.
    public func request(
        for url: URL, provenance: FetchProvenance, etag: String? = nil, lastModified: String? = nil
    ) -> FetchRequest {
        FetchRequest(
            url: url, provenance: provenance, etag: etag, lastModified: lastModified, maximumBytes: maximumBytes,
            timeout: timeout)
    }
}
