/// The first number written in a text ("143 kcal", "1,5 g", "serves 4-6"): digits, with a decimal
/// part after `.` or `,`. It may be very large (or infinite, for hundreds of digits); callers
/// compare it with their limits before using it.
enum RecipeNumber {
    static func first(in text: String) -> Double? {
        guard let match = text.firstMatch(of: #/\d+(?:[.,]\d+)?/#) else { return nil }
        return Double(match.output.replacing(",", with: "."))
    }
}
