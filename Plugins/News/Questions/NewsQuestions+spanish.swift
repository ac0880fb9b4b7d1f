import HomeroomCore

extension NewsQuestions {
    static let spanish = PlainQuestions(
        "es",
        [
            PlainQuestion(
                "news",
                keywords: [
                    "noticias", "noticia", "novedades", "que hay de nuevo", "titulares", "articulo", "articulos",
                    "anuncios", "boletin", "ultimas noticias", "leer", "lee", "nuevo",
                ],
                hints: ["numero"],
                argument: .number, example: "¿hay noticias de la escuela?"),
            PlainQuestion(
                "news search",
                keywords: [
                    "noticias sobre", "noticia sobre", "articulo sobre", "noticias acerca", "noticias del",
                    "noticias de la", "noticias de los", "noticias de las",
                    "busca noticias", "buscar noticias", "algo sobre", "buscar", "busca", "en las noticias",
                    "salio en las noticias", "salieron en las noticias",
                ],
                hints: ["noticias"],
                argument: .words(required: true), example: "¿hay noticias sobre el equipo de robótica?"),
            PlainQuestion(
                "news sources",
                keywords: [
                    "fuentes", "que fuentes", "fuentes de noticias", "de donde vienen las noticias", "de donde salen",
                    "sacas las noticias", "saca sus noticias", "saca las noticias", "de que paginas",
                    "que paginas", "paginas usas",
                ],
                example: "¿de dónde vienen las noticias?"),
        ],
        glossary: [
            "finales regionales": "regional finals", "regionales": "regional",
            "noticias": "", "noticia": "", "robotica": "robotics", "concierto de invierno": "winter concert",
            "concierto": "concert",
            "biblioteca": "library", "almuerzo": "lunch", "examenes": "exam", "equipo": "team",
            "finales": "finals", "vegetariano": "vegetarian", "vegetarianos": "vegetarian", "boletos": "tickets",
            "entradas": "tickets",
        ])
}
