import Foundation
import HomeroomCore
import Testing

/// The limits plugins read from their settings for what they fetch.
@Suite struct FetchLimitsTests {
    @Test func limitsInRangeMakeRequestsHeldToThem() throws {
        let limits = try FetchLimits(maximumBytes: 1000, timeoutSeconds: 300, bytesSetting: "maximumFeedBytes")
        let url = try #require(URL(string: "https://calendar.example.org/bells.ics"))
        let request = limits.request(
            for: url, provenance: .configured, etag: "\"v1\"", lastModified: "Mon, 23 Nov 2026 08:00:00 GMT")
        #expect(
            request
                == FetchRequest(
                    url: url, provenance: .configured, etag: "\"v1\"", lastModified: "Mon, 23 Nov 2026 08:00:00 GMT",
                    maximumBytes: 1000, timeout: .seconds(300)))
        let source = try #require(URL(string: "https://calendar.example.org/"))
        let linked = limits.request(for: url, provenance: .linked(from: source))
        #expect(linked.etag == nil && linked.provenance == .linked(from: source))
    }

    @Test(arguments: [
        (999, 20, "maximumPageBytes must be at least 1000"),
        (Int.min, 20, "maximumPageBytes must be at least 1000"),
        (5_000_000, 0, "fetchTimeoutSeconds must be 1 to 300"),
        (5_000_000, 301, "fetchTimeoutSeconds must be 1 to 300"),
        (5_000_000, Int.max, "fetchTimeoutSeconds must be 1 to 300"),
    ])
    func aValueOutOfRangeIsRefusedNamingItsSetting(bytes: Int, seconds: Int, message: String) {
        #expect(throws: UserFacingError(message)) {
            try FetchLimits(maximumBytes: bytes, timeoutSeconds: seconds, bytesSetting: "maximumPageBytes")
        }
    }
}
