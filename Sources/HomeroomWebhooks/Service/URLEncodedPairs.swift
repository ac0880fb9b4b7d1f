import Foundation

/// An `application/x-www-form-urlencoded` text read as its name–value pairs, in order, repeated
/// names kept: what a signature over every posted parameter (Twilio's) is computed from, and what
/// a browser's form is read from.
package enum URLEncodedPairs {
    /// The pairs of `text`, `+` read as a space and `%XX` decoded; nil when a name or value is not
    /// valid percent-encoded UTF-8 or there are more than `maximumCount` pairs (counted before
    /// the text is split any further). An empty text has no pairs.
    package static func read(_ text: String, maximumCount: Int) -> [(name: String, value: String)]? {
        guard !text.isEmpty else { return [] }
        let pieces = text.split(separator: "&", maxSplits: max(0, maximumCount), omittingEmptySubsequences: true)
        guard pieces.count <= maximumCount else { return nil }
        var pairs: [(name: String, value: String)] = []
        pairs.reserveCapacity(pieces.count)
        for piece in pieces {
            let parts = piece.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = decoded(parts[0]), let value = decoded(parts.count > 1 ? parts[1] : "") else { return nil }
            pairs.append((name, value))
        }
        return pairs
    }

    private static func decoded(_ text: Substring) -> String? {
        text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
}
