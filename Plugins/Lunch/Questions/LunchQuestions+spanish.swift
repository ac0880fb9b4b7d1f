import HomeroomCore

extension LunchQuestions {
    /// How people ask for lunch.
    static let spanishLunchWords = [
        "almuerzo", "almuerzos", "almorzar", "almuerzan", "almorzamos", "lonche", "lunch", "menu", "menus",
        "comida", "comidas", "comer", "comen", "comemos", "sirven", "servir", "servira", "sirve",
        "de comer", "para comer", "para el almuerzo", "hay de comer", "platillo", "platillos", "plato",
        "platos", "cafeteria", "especial", "especiales", "desayuno", "jamar", "pa jamar", "comelona",
        "en el comedor", "hay en el comedor",
    ]

    static let spanish = PlainQuestions(
        "es",
        [
            PlainQuestion(
                "lunch",
                keywords: spanishLunchWords,
                hints: [
                    "hambre", "pizza", "tacos", "vegetariano", "vegetariana", "verduras", "papas", "papitas",
                    "hamburguesa", "hamburguesas", "pollo", "ensalada", "sopa", "opcion", "opciones", "postre",
                    "leche", "lonche",
                ],
                argument: .dayOrWeek, example: "¿qué hay de almuerzo mañana?"),
            PlainQuestion(
                "lunch always", keywords: spanishLunchWords,
                needs: ["siempre", "todos los dias", "diario", "cada dia", "siempre hay", "todo el tiempo"],
                hints: ["platos", "opciones"],
                example: "¿qué platos hay todos los días?"),
        ])
}
