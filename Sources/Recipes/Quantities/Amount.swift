import Foundation

/// A quantity at the start of an ingredient line: `2`, `1 1/2`, `1½`, `½`, `0.75`, `1,5`, or a
/// range such as `2-3` or `2 to 3`.
public struct Amount: Sendable, Equatable {
    /// The amount, or the low end of a range.
    public var low: Double
    /// The high end of a range; nil for a single amount.
    public var high: Double?

    /// Creates an amount; `high` is the top of a range.
    public init(low: Double, high: Double?) {
        self.low = low
        self.high = high
    }

    /// Both ends multiplied by `factor`.
    public func scaled(by factor: Double) -> Amount {
        Amount(low: low * factor, high: high.map { $0 * factor })
    }

    /// Reads the amount at the start of `text`; returns it with the rest of the text after it.
    /// An amount past ``RecipeLimits/maximumAmount`` is no amount: the line is read as text.
    static func leading(_ text: Substring) -> (Amount, rest: Substring)? {
        guard let (low, afterLow) = number(at: text), low <= RecipeLimits.maximumAmount else { return nil }
        if let separator = afterLow.prefixMatch(of: #/\s*(?:-|–|to)\s*/#),
            let (high, afterHigh) = number(at: afterLow[separator.range.upperBound...]), high > low
        {
            guard high <= RecipeLimits.maximumAmount else { return nil }
            return (Amount(low: low, high: high), afterHigh)
        }
        return (Amount(low: low, high: nil), afterLow)
    }

    static let vulgarFractions: [Character: Double] = [
        "½": 1 / 2, "⅓": 1 / 3, "⅔": 2 / 3, "¼": 1 / 4, "¾": 3 / 4, "⅕": 1 / 5, "⅖": 2 / 5, "⅗": 3 / 5, "⅘": 4 / 5,
        "⅙": 1 / 6, "⅚": 5 / 6, "⅛": 1 / 8, "⅜": 3 / 8, "⅝": 5 / 8, "⅞": 7 / 8,
    ]

    /// One number at the start: a whole or decimal number, a fraction, a vulgar fraction, or a
    /// whole number followed by a fraction.
    private static func number(at text: Substring) -> (Double, Substring)? {
        if let first = text.first, let fraction = vulgarFractions[first] {
            return (fraction, text.dropFirst())
        }
        guard let match = text.prefixMatch(of: #/([0-9]+)(?:[.,]([0-9]+))?/#) else { return nil }
        var rest = text[match.range.upperBound...]
        if let slash = rest.prefixMatch(of: #/\s*/\s*([0-9]+)/#), match.output.2 == nil,
            let denominator = Double(slash.output.1), denominator > 0, let numerator = Double(match.output.1)
        {
            return (numerator / denominator, rest[slash.range.upperBound...])
        }
        var value = Double("\(match.output.1).\(match.output.2 ?? "0")") ?? 0
        guard match.output.2 == nil else { return (value, rest) }
        // A whole number, then "1/2" or "½" or "-1/2".
        if let first = rest.first, let fraction = vulgarFractions[first] {
            return (value + fraction, rest.dropFirst())
        }
        if let mixed = rest.prefixMatch(of: #/(?:\s+|-)([0-9]+)\s*/\s*([0-9]+)/#),
            let numerator = Double(mixed.output.1), let denominator = Double(mixed.output.2), denominator > 0,
            numerator < denominator
        {
            value += numerator / denominator
            rest = rest[mixed.range.upperBound...]
        } else if let spaced = rest.prefixMatch(of: #/\s+/#), let next = rest[spaced.range.upperBound...].first,
            let fraction = vulgarFractions[next]
        {
            value += fraction
            rest = rest[spaced.range.upperBound...].dropFirst()
        }
        return (value, rest)
    }

    /// The amount written for a cook: fractions of eighths and thirds for spoons, cups and
    /// pieces (`1 1/2`), decimals for metric units (`250`, `1.5`). Both ends must be from 0 to
    /// ``RecipeLimits/maximumAmount`` (``IngredientLine/scaled(by:)`` makes sure), so that they
    /// convert to `Int` exactly.
    func written(metric: Bool) -> String {
        let low = Self.written(low, metric: metric)
        guard let high else { return low }
        return "\(low)-\(Self.written(high, metric: metric))"
    }

    private static func written(_ value: Double, metric: Bool) -> String {
        if metric {
            let rounded: Double =
                value >= 100 ? (value / 5).rounded() * 5 : value >= 10 ? value.rounded() : (value * 10).rounded() / 10
            return rounded == rounded.rounded() ? String(Int(rounded)) : String(format: "%.1f", rounded)
        }
        if value >= 20 { return String(Int(value.rounded())) }
        var whole = Int(value)
        let remainder = value - Double(whole)
        let fractions: [(Double, String)] = [
            (0, ""), (1 / 8, "1/8"), (1 / 4, "1/4"), (1 / 3, "1/3"), (3 / 8, "3/8"), (1 / 2, "1/2"), (5 / 8, "5/8"),
            (2 / 3, "2/3"), (3 / 4, "3/4"), (7 / 8, "7/8"), (1, ""),
        ]
        let nearest = fractions.min { abs($0.0 - remainder) < abs($1.0 - remainder) }!
        if nearest.0 == 1 { whole += 1 }
        if nearest.1.isEmpty { return whole == 0 ? "1/8" : String(whole) }
        return whole == 0 ? nearest.1 : "\(whole) \(nearest.1)"
    }
}
