import Foundation

/// `Authorization: Bearer TOKEN`, as the JSON API's clients and status scrapers send it.
package enum BearerToken {
    /// The token of an `Authorization` header (the scheme in any case), or nil for another scheme.
    package static func read(_ authorization: String) -> String? {
        guard authorization.prefix(7).lowercased() == "bearer " else { return nil }
        return authorization.dropFirst(7).trimmingSpaces()
    }
}
