/// What `/recipe 12 …` asks for, read from the words people use: recipe apps call nutrition
/// "macros" and the overview "general", a shopping list is the ingredients, directions are the steps.
enum RecipeAspect: Equatable {
    case overview, ingredients, steps, summary, nutrition, diets
    /// `serves 8`: the ingredients scaled; the words after `serves`, still to be read as a number.
    case serves([String])

    /// The words for each aspect, one or two words long, the main one first.
    static let names: [(words: [String], aspect: RecipeAspect)] = [
        (["overview"], .overview), (["general"], .overview), (["info"], .overview), (["about"], .overview),
        (["ingredients"], .ingredients), (["shopping", "list"], .ingredients), (["shopping"], .ingredients),
        (["steps"], .steps), (["method"], .steps), (["instructions"], .steps), (["directions"], .steps),
        (["summary"], .summary), (["description"], .summary),
        (["nutrition"], .nutrition), (["nutrition", "facts"], .nutrition), (["macros"], .nutrition),
        (["calories"], .nutrition), (["nutrients"], .nutrition),
        (["diets"], .diets), (["diet"], .diets), (["dietary"], .diets),
    ]

    /// The words `serves N` may start with.
    static let servesWords: Set<String> = ["serves", "serve", "for"]

    /// How a refusal lists them: the main words, then the others people use.
    static let accepted =
        "ingredients, summary, nutrition, diets, steps or serves N (also: overview, macros, calories, shopping list, "
        + "directions)"

    /// The aspect `words` (lowercased, after the recipe number) name: the overview for none; nil
    /// for words it does not know.
    init?(_ words: [String]) {
        guard let first = words.first else {
            self = .overview
            return
        }
        if Self.servesWords.contains(first) {
            self = .serves(Array(words.dropFirst()))
            return
        }
        guard let match = Self.names.first(where: { $0.words == words }) else { return nil }
        self = match.aspect
    }
}
