/// What `/recipe 12 …` asks for, read from the words people use: recipe apps call nutrition
/// "macros" and the overview "general", a shopping list is the ingredients, directions are the steps.
enum RecipeAspect: Equatable {
    case overview, ingredients, steps, summary, nutrition, diets
    /// `serves 8`: the ingredients scaled; the words after `serves`, still to be read as a number.
    case serves([String])

    /// The words for each aspect, one or two words long, the main one first.
    static let names: [(words: [String], aspect: RecipeAspect)] = [
        (["overview"], .overview), (["general"], .overview), (["info"], .overview), (["about"], .overview),
        (["ingredients"], .ingredients), (["shopping", "list"], .ingredients),
        (["steps"], .steps), (["method"], .steps), (["instructions"], .steps), (["directions"], .steps),
        (["summary"], .summary), (["description"], .summary),
        (["nutrition"], .nutrition), (["nutrition", "facts"], .nutrition), (["macros"], .nutrition),
        (["calories"], .nutrition), (["nutrients"], .nutrition),
        (["diets"], .diets), (["diet"], .diets), (["dietary"], .diets),
    ]

    /// The words `serves N` may start with.
    static let servesWords: Set<String> = ["serves", "serve", "for"]

    /// How a refusal lists them: the main words (then `serves N`), and the others people use.
    static let mainNames = ["ingredients", "summary", "nutrition", "diets", "steps"]
    static let otherNames = ["overview", "macros", "calories", "shopping list", "directions"]

    /// The aspect `tokens` (lowercased, after the recipe number) start with, the longest name first
    /// (`shopping list please` is the ingredients; what follows a known name is not read): the
    /// overview for none; nil for words it does not know.
    init?(_ tokens: [String]) {
        guard let first = tokens.first else {
            self = .overview
            return
        }
        if Self.servesWords.contains(first) {
            self = .serves(Array(tokens.dropFirst()))
            return
        }
        let matches = Self.names.filter { tokens.starts(with: $0.words) }
        guard let longest = matches.max(by: { $0.words.count < $1.words.count }) else { return nil }
        self = longest.aspect
    }
}
