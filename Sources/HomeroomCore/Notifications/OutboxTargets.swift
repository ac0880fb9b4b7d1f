import SQLKit

/// Which of an adapter's rows a delivery worker takes.
///
/// An adapter with several connections (IRC, one per network) runs one worker per connection, each
/// taking only the rows addressed through it; the others take every row of their adapter.
package struct OutboxTargets: Sendable {
    /// The prefixes of the stored targets taken; nil takes every row.
    private let prefixes: [String]?
    private let alsoChannelsWithoutSlash: Bool

    /// Every row of the adapter.
    package static let all = OutboxTargets(prefixes: nil, alsoChannelsWithoutSlash: false)

    /// Rows whose stored target (`DeliveryTarget.description`) starts with one of `prefixes`
    /// (`"channel:libera/"`, `"user:irc:libera:"`), and, when `alsoChannelsWithoutSlash`, channels
    /// whose name has no `/` (`"channel:#lunch"`).
    package static func matching(prefixes: [String], alsoChannelsWithoutSlash: Bool) -> OutboxTargets {
        OutboxTargets(prefixes: prefixes, alsoChannelsWithoutSlash: alsoChannelsWithoutSlash)
    }

    /// The condition on the `target` column; nil when every row is taken.
    ///
    /// Prefixes are compared as `SUBSTR(target, 1, n) = prefix`, with the prefix bound: `%`, `_` and
    /// `\` in a name mean themselves (a `LIKE` pattern would need escaping, which the two backends do
    /// differently). Both backends count `n` in Unicode scalars.
    var condition: (any SQLExpression)? {
        guard let prefixes else { return nil }
        var terms: [any SQLExpression] = prefixes.map(Self.startsWith)
        if alsoChannelsWithoutSlash {
            // The pattern is a constant: `/` is no wildcard, so nothing needs escaping.
            let noSlash = SQLBinaryExpression(SQLColumn("target"), .notLike, SQLBind("%/%"))
            terms.append(SQLBinaryExpression(Self.startsWith("channel:"), .and, noSlash))
        }
        guard let first = terms.first else {
            // No prefix and no plain channels: no row at all.
            return SQLBinaryExpression(SQLLiteral.numeric("1"), .equal, SQLLiteral.numeric("0"))
        }
        return SQLGroupExpression(
            terms.dropFirst().reduce(first) { SQLBinaryExpression($0, .or, $1) as any SQLExpression })
    }

    private static func startsWith(_ prefix: String) -> any SQLExpression {
        let length = SQLLiteral.numeric(String(prefix.unicodeScalars.count))
        return SQLBinaryExpression(
            SQLFunction("SUBSTR", args: SQLColumn("target"), SQLLiteral.numeric("1"), length), .equal, SQLBind(prefix))
    }
}
