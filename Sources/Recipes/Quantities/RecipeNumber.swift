/// The first number written in a text ("143 kcal", "1,5 g", "serves 4-6", "1.2e+29"): digits,
/// with a decimal part after `.` or `,` and an exponent. It may be very large (or infinite, for
/// hundreds of digits); callers compare it with their limits before using it.
enum RecipeNumber {
    static func first(in text: String) -> Double? {
        guard let match = text.firstMatch(of: pattern) else { return nil }
        return Double(match.output.replacing(",", with: "."))
    }

    /// A number as ``first(in:)`` reads it.
    static var pattern: Regex<Substring> { #/\d+(?:[.,]\d+)?(?:[eE][+-]?\d+)?/# }
}
