import HomeroomCore

extension RecipesQuestions {
    static let spanish = PlainQuestions(
        "es",
        [
            PlainQuestion(
                "recipe",
                keywords: [
                    "receta", "recetas", "como hago", "como se hace", "como hacer", "como preparo", "como preparar",
                    "como se prepara", "como se hacen", "se hacen", "se hace", "cocinar", "preparar", "hacer",
                    "hornear", "receta de", "recetas de", "como lo preparo", "como la preparo",
                    "que puedo cocinar",
                ],
                argument: .words(keeping: filters, required: true), example: "receta de cornbread"),
            PlainQuestion(
                "cook",
                keywords: ["vamos a cocinar", "empezar a cocinar", "cocinar la receta", "cocina la receta"],
                hints: ["receta", "numero"],
                argument: .number, example: "vamos a cocinar la receta 1"),
            PlainQuestion(
                "step",
                keywords: ["siguiente paso", "paso", "proximo paso", "continua", "continuar"],
                argument: .number, example: "¿cuál es el siguiente paso?"),
            PlainQuestion(
                "back",
                keywords: ["paso anterior", "atras", "regresa", "volver", "regresar un paso"],
                example: "regresa un paso"),
            PlainQuestion(
                "ingredients",
                keywords: ["ingredientes", "que necesito", "que ingredientes", "lista de compras"],
                example: "¿qué ingredientes necesito?"),
            PlainQuestion(
                "stop",
                keywords: ["dejar de cocinar", "termine de cocinar", "salir de cocina", "ya termine"],
                example: "ya terminé de cocinar"),
        ],
        glossary: [
            "aguacate": "avocado", "aguacates": "avocado", "pasas": "raisin",
            "galletas de avena con pasas": "oatmeal raisin cookies",
            "pan de maiz": "cornbread", "panqueques": "pancakes", "hotcakes": "pancakes", "garbanzos": "chickpeas",
            "hot cakes": "pancakes", "jitomate": "tomato", "sopa de jitomate": "tomato basil soup",
            "mac n cheese": "macaroni and cheese",
            "garbanzo": "chickpea", "lentejas": "lentil", "sopa de lentejas": "lentil soup", "sopa": "soup",
            "vegana": "vegan", "vegano": "vegan", "veganas": "vegan", "veganos": "vegan", "vegetariana": "vegetarian",
            "vegetariano": "vegetarian", "sin gluten": "gluten free", "pan de platano": "banana bread",
            "pan de banana": "banana bread", "galletas": "cookies", "galletas de chocolate": "chocolate chip cookies",
            "galletas de avena": "oatmeal raisin cookies", "pollo": "chicken", "arroz": "rice",
            "arroz frito": "fried rice", "frijoles": "beans", "frijoles negros": "black bean", "ensalada": "salad",
            "ensalada griega": "greek salad", "queso": "cheese", "macarrones con queso": "macaroni and cheese",
            "avena": "oats", "huevos": "eggs", "fideos": "noodles", "sopa de pollo": "chicken noodle soup",
            "sopa de pollo con fideos": "chicken noodle soup", "sopa de tomate": "tomato basil soup",
            "salmon": "salmon", "espagueti": "spaghetti", "espaguetis": "spaghetti", "chili": "chili",
            "batido": "smoothie", "licuado": "smoothie", "licuado de frutas": "fruit smoothie",
            "batido de frutas": "fruit smoothie", "chili con carne": "beef chili",
            "mac and cheese": "macaroni and cheese",
            "galletas de chispas de chocolate": "chocolate chip cookies",
            "galletas con chispas": "chocolate chip cookies", "verduras": "vegetables",
            "verduras asadas": "roasted vegetables",
            "burrito de desayuno": "breakfast burrito", "manzana": "apple", "papas": "potato",
            "camote": "sweet potato", "papas fritas de camote": "sweet potato fries", "curry": "curry",
            "espinacas": "spinach", "tacos": "tacos", "con": "with", "en menos de": "under", "minutos": "min",
        ])
}
