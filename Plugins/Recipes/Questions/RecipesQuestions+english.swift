import HomeroomCore

extension RecipesQuestions {
    /// The words of `/recipe`'s filters, kept in the search even where they are filler words.
    static let filters: Set<String> = [
        "with", "under", "within", "min", "mins", "minutes", "vegan", "vegetarian", "gluten", "free", "dairy",
        "keto", "serves", "and",
    ]

    static let english = PlainQuestions(
        "en",
        [
            PlainQuestion(
                "recipe",
                keywords: [
                    "recipe", "recipes", "how do i make", "how to make", "how do you make", "how do u make", "make",
                    "made",
                    "is made",
                    "making", "cook", "cooking", "bake", "baking", "prepare", "ideas for", "recipe for",
                    "recipes for", "what can i cook", "what can i make", "whip up", "how to cook", "dinner",
                    "dinner ideas", "teach me to make", "walk me through", "walk me through making",
                    "put together", "how do i put together",
                ],
                hints: ["dish", "good"],
                argument: .words(keeping: filters, required: true), example: "how do I make cornbread?"),
            PlainQuestion(
                "cook",
                keywords: ["lets cook", "let s cook", "start cooking", "cook recipe", "cook number", "begin cooking"],
                hints: ["recipe", "number"],
                argument: .number, example: "let's cook recipe 1"),
            PlainQuestion(
                "step",
                keywords: ["next step", "step", "whats the next step", "continue", "keep going", "then what"],
                argument: .number, example: "what's the next step?"),
            PlainQuestion(
                "back",
                keywords: ["go back", "previous step", "step back", "last step", "back one step", "back a step"],
                example: "go back one step"),
            PlainQuestion(
                "ingredients",
                keywords: ["ingredients", "what do i need", "what ingredients", "shopping list"],
                example: "what ingredients do I need?"),
            PlainQuestion(
                "stop",
                keywords: [
                    "stop cooking", "done cooking", "quit cooking", "finished cooking", "exit cooking", "im done",
                    "stop the recipe", "quit the recipe", "close the recipe", "done with the recipe",
                ],
                example: "stop cooking"),
        ],
        glossary: [
            "veggies": "vegetables", "veggie": "vegetable", "avocados": "avocado",
            "mac and cheese": "macaroni and cheese", "mac n cheese": "macaroni and cheese",
            "mac cheese": "macaroni and cheese", "choc chip": "chocolate chip", "pancake": "pancakes",
            "chili con carne": "beef chili",
        ])
}
