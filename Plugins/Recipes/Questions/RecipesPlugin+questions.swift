import HomeroomCore

extension RecipesPlugin {
    /// Recipes and cooking step by step, as people ask for them.
    public var plainQuestions: [PlainQuestions] { [RecipesQuestions.english, RecipesQuestions.spanish] }
}

/// The recipe questions, a catalog per language.
enum RecipesQuestions {}
