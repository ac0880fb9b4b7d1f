import HomeroomCore

extension DirectionsQuestions {
    /// The ways people ask for the way.
    static let spanishWays = [
        "donde", "donde esta", "donde queda", "donde se encuentra", "como llego", "como llego a",
        "como voy", "como voy a", "como llegar", "como llegar a", "como se llega", "como se llega a",
        "direcciones", "indicaciones", "camino", "camino a", "el camino", "ir a", "llevame",
        "encontrar", "ubicacion", "ubicado", "ubicada", "perdido", "perdida", "busco", "buscando",
        "por donde", "no encuentro", "encuentro", "en que edificio", "que tan lejos", "lejos", "en que piso",
    ]

    static let spanish = PlainQuestions(
        "es",
        [
            PlainQuestion(
                "directions",
                keywords: spanishWays,
                hints: ["salon", "aula", "sala", "edificio", "piso"],
                argument: .words(keeping: kept, required: true), example: "¿cómo llego a la biblioteca?"),
            PlainQuestion(
                "directions {} accessible", keywords: spanishWays,
                needs: [
                    "silla de ruedas", "sin escaleras", "elevador", "ascensor", "accesible", "carriola", "muletas",
                    "rampa",
                ],
                argument: .words(keeping: kept, required: true), example: "¿cómo llego al gimnasio sin escaleras?"),
            PlainQuestion(
                "places",
                keywords: ["lugares", "que lugares", "cuales lugares", "lista de lugares", "mapa", "sitios"],
                example: "¿qué lugares puedo preguntar?"),
            PlainQuestion(
                "rooms",
                keywords: ["salones", "aulas", "salas", "lista de salones", "que salones", "que aulas"],
                hints: ["edificio", "piso"],
                argument: .words(required: false), example: "¿qué salones hay en el edificio B?"),
            PlainQuestion(
                "here",
                keywords: [
                    "estoy en", "estoy cerca", "estoy junto", "mi ubicacion es", "escanee", "me encuentro en",
                ],
                argument: .words(required: true), changes: true, example: "estoy en A1-ENTRANCE"),
        ],
        glossary: [
            "biblioteca": "library", "gimnasio": "gym", "gym": "gym", "enfermeria": "nurse", "enfermera": "nurse",
            "enfermero": "nurse", "oficina": "office", "oficina principal": "main office", "secretaria": "office",
            "recepcion": "front office", "teatro": "theater", "auditorio": "theater", "cafeteria": "cafeteria",
            "comedor": "cafeteria", "consejeria": "counseling", "consejero": "counselor", "consejera": "counselor",
            "orientador": "counselor", "orientadora": "counselor", "patio": "courtyard", "entrada": "entrance",
            "entrada principal": "main entrance", "laboratorio de quimica": "chemistry lab",
            "laboratorio de computacion": "computer lab", "laboratorio de computadoras": "computer lab",
            "sala de computo": "computer lab", "laboratorio de biologia": "biology lab",
            "laboratorio de fisica": "physics lab", "laboratorio de robotica": "robotics lab",
            "sala de maestros": "teachers lounge", "sala de profesores": "teachers lounge",
            "edificio principal": "main building", "salon de banda": "band room", "salon de musica": "band room",
            "salon de coro": "choir room", "salon de arte": "art studio", "vestidores": "locker room",
            "asistencia": "attendance", "oficina del director": "principals office", "biblio": "library",
            "planetario": "planetarium", "sala de pesas": "weight room", "cuarto de pesas": "weight room",
            "pesas": "weight room", "ceramica": "ceramics", "arte": "art studio", "ciencias": "science",
            "edificio de ciencias": "science building", "oficina de la consejera": "counseling",
            "oficina del consejero": "counseling", "lab de quimica": "chemistry lab",
            "oficina de la directora": "principals office", "direccion": "principals office",
            "sin escaleras": "", "salon": "", "aula": "", "sala": "", "edificio": "", "el salon": "",
        ])
}
