/// Reads what schools write in period names: lunch waves and block numbers.
enum PeriodNaming {
    private static let ordinals: [String: Int] = [
        "1st": 1, "2nd": 2, "3rd": 3, "4th": 4, "first": 1, "second": 2, "third": 3, "fourth": 4,
    ]
    private static let mealWords: Set<String> = ["lunch", "nutrition", "brunch"]

    /// The lunch wave: `1st Nutrition (Grades 9-10)`, `2nd Lunch (M-Z)`, `Lunch B (Grades 7-8)`,
    /// `Second Lunch` → 1, 2, 2, 2; nil for anything else.
    static func wave(of name: String) -> Int? {
        let tokens = self.tokens(of: name)
        for (index, word) in tokens.enumerated() where mealWords.contains(word) {
            if index > 0, let wave = ordinals[tokens[index - 1]] { return wave }
            if index + 1 < tokens.count, tokens[index + 1].count == 1, let letter = tokens[index + 1].first,
                let value = letter.asciiValue, (97...100).contains(value)
            {
                return Int(value) - 96
            }
        }
        return nil
    }

    /// The block or period number: `Period 3`, `3rd Period`, `Block 3 (A Day)`, `P3` → 3.
    static func block(of name: String) -> Int? {
        let tokens = self.tokens(of: name)
        for (index, word) in tokens.enumerated() where word == "period" || word == "block" {
            if index + 1 < tokens.count, let number = Int(tokens[index + 1]) { return number }
            if index > 0, let number = ordinals[tokens[index - 1]] ?? Int(tokens[index - 1].prefix { $0.isNumber }),
                tokens[index - 1].first?.isNumber == true || ordinals[tokens[index - 1]] != nil
            {
                return number
            }
        }
        return nil
    }

    /// Lower-cased words of letters and digits.
    private static func tokens(of name: String) -> [String] {
        name.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init)
    }
}
