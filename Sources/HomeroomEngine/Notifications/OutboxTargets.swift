import HomeroomCore
import SQLKit

/// Which of an adapter's rows a delivery worker takes.
///
/// An adapter with several connections (IRC, one per network) runs one worker per connection, each
/// taking only the rows addressed through it; the others take every row of their adapter.
package struct OutboxTargets: Sendable {
    /// The prefixes of the stored targets taken; nil takes every row.
    private let prefixes: [String]?
    private let alsoChannelsWithoutSlash: Bool
    private var endings: [Ending] = []

    /// Every row of the adapter.
    package static let all = OutboxTargets(prefixes: nil, alsoChannelsWithoutSlash: false)

    /// Rows whose stored target (`DeliveryTarget.description`) starts with one of `prefixes`
    /// (`"channel:libera/"`, `"user:irc:libera:"`), and, when `alsoChannelsWithoutSlash`, channels
    /// whose name has no `/` (`"channel:#lunch"`), and those that one of `endings` takes.
    package static func matching(prefixes: [String], alsoChannelsWithoutSlash: Bool, endings: [Ending] = [])
        -> OutboxTargets
    {
        var targets = OutboxTargets(prefixes: prefixes, alsoChannelsWithoutSlash: alsoChannelsWithoutSlash)
        targets.endings = endings
        return targets
    }

    /// Rows whose stored target starts with a prefix and ends, or does not end, with one of some
    /// suffixes: a Matrix account's people are `user:matrix:@` ending with `:` and its server's name.
    /// Suffixes are compared without regard to the case of ASCII letters (server names are ASCII).
    package struct Ending: Sendable {
        let prefix: String
        let suffixes: [String]
        let excludes: Bool

        /// Rows starting with `prefix` that end with one of `suffixes`.
        package static func starting(with prefix: String, endingWithOneOf suffixes: [String]) -> Ending {
            Ending(prefix: prefix, suffixes: suffixes.map(\.asciiLowercased), excludes: false)
        }

        /// Rows starting with `prefix` that end with none of `suffixes`.
        package static func starting(with prefix: String, endingWithNoneOf suffixes: [String]) -> Ending {
            Ending(prefix: prefix, suffixes: suffixes.map(\.asciiLowercased), excludes: true)
        }

        /// The condition: the prefix, and any (or none) of the suffixes. `SUBSTR(target, LENGTH(target) - n + 1)`
        /// is the last `n` scalars on both backends; when the target is shorter, it is shorter than `n`
        /// (SQLite counts a start below 1 from the end, PostgreSQL from before the start) and so unequal.
        var condition: any SQLExpression {
            let ends: [any SQLExpression] = suffixes.map { suffix in
                let count = suffix.unicodeScalars.count
                let start = SQLBinaryExpression(
                    SQLFunction("LENGTH", args: SQLColumn("target")), .subtract, SQLLiteral.numeric(String(count - 1)))
                let end = SQLFunction("LOWER", args: SQLFunction("SUBSTR", args: SQLColumn("target"), start))
                return SQLBinaryExpression(end, excludes ? .notEqual : .equal, SQLBind(suffix))
            }
            guard let first = ends.first else {
                return excludes ? startsWith("target", prefix) : OutboxTargets.nothing
            }
            let joined = ends.dropFirst().reduce(first) {
                SQLBinaryExpression($0, excludes ? .and : .or, $1) as any SQLExpression
            }
            return SQLBinaryExpression(startsWith("target", prefix), .and, SQLGroupExpression(joined))
        }
    }

    /// The condition on the `target` column; nil when every row is taken.
    ///
    /// Prefixes are compared as `SUBSTR(target, 1, n) = prefix`, with the prefix bound: `%`, `_` and
    /// `\` in a name mean themselves (a `LIKE` pattern would need escaping, which the two backends do
    /// differently). Both backends count `n` in Unicode scalars.
    var condition: (any SQLExpression)? {
        guard let prefixes else { return nil }
        var terms: [any SQLExpression] = prefixes.map { startsWith("target", $0) }
        if alsoChannelsWithoutSlash {
            // The pattern is a constant: `/` is no wildcard, so nothing needs escaping.
            let noSlash = SQLBinaryExpression(SQLColumn("target"), .notLike, SQLBind("%/%"))
            terms.append(SQLBinaryExpression(startsWith("target", "channel:"), .and, noSlash))
        }
        terms += endings.map(\.condition)
        guard let first = terms.first else {
            // No prefix and no plain channels: no row at all.
            return Self.nothing
        }
        return SQLGroupExpression(
            terms.dropFirst().reduce(first) { SQLBinaryExpression($0, .or, $1) as any SQLExpression })
    }

    /// A condition no row meets.
    static var nothing: any SQLExpression {
        SQLBinaryExpression(SQLLiteral.numeric("1"), .equal, SQLLiteral.numeric("0"))
    }
}

extension String {
    /// The text with ASCII letters in lower case, as SQLite's `LOWER` writes it.
    fileprivate var asciiLowercased: String {
        var scalars = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            scalars.append(("A"..."Z").contains(scalar) ? Unicode.Scalar(UInt8(scalar.value) + 32) : scalar)
        }
        return String(scalars)
    }
}
