import HomeroomCore

extension LunchQuestions {
    /// How people ask for lunch.
    static let englishLunchWords = [
        "lunch", "lunches", "menu", "menus", "eat", "eating", "food", "served", "serving", "serve",
        "cafeteria food", "lunch menu", "whats for lunch", "for lunch", "on the menu", "school lunch", "hot lunch",
        "specials", "special", "meal", "meals", "feeding", "entree", "entrees", "being served",
        "food options", "taco day", "pasta day", "pizza day", "burger day", "lunch tray", "feed us", "feed", "grub",
        "chow",
        "in the cafeteria", "cafeteria serving", "what are we having", "hot meal",
    ]

    static let english = PlainQuestions(
        "en",
        [
            PlainQuestion(
                "lunch",
                keywords: englishLunchWords,
                hints: [
                    "hungry", "pizza", "tacos", "vegetarian", "veggie", "vegan", "vegetables", "fries", "cafeteria",
                    "dish", "dishes", "salad bar", "burger", "burgers", "chicken", "nuggets", "salad", "soup",
                    "sandwich",
                    "sandwiches", "option", "options", "dessert", "drink", "milk", "gluten", "allergy", "pasta",
                    "wings", "spaghetti", "nachos", "dairy", "dairy free", "lactose", "cafeteria making",
                ],
                argument: .dayOrWeek, example: "what's for lunch tomorrow?"),
            PlainQuestion(
                "lunch always", keywords: englishLunchWords,
                needs: [
                    "always", "every day", "everyday", "always available", "all the time", "daily options",
                    "every single day", "regular options", "on the menu every", "daily", "serve daily",
                    "no matter what day", "no matter the day",
                ],
                hints: ["dishes", "options", "available"],
                example: "what dishes are there every day?"),
        ])
}
