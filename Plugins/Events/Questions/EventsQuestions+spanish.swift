import HomeroomCore

extension EventsQuestions {
    /// How people ask for the clubs.
    static let spanishClubWords = [
        "clubes", "clubs", "que clubes", "cuales clubes", "lista de clubes", "extracurriculares",
        "actividades extracurriculares", "unirme a un club", "equipos", "hay clubes", "hay clubs", "algun club",
        "extraescolares", "actividades extraescolares",
    ]

    static let spanish = PlainQuestions(
        "es",
        [
            PlainQuestion(
                "events",
                keywords: [
                    "eventos", "evento", "actividades", "que pasa", "hay algo", "se arma", "que se arma", "calendario",
                    "partido", "partidos", "proximamente", "vienen pronto", "viene pronto", "torneo",
                    "algo en la escuela",
                    "concierto", "conciertos", "asamblea", "baile", "juego", "juegos", "planes", "pasando", "sucede",
                    "que va a pasar", "proximos eventos",
                ],
                hints: ["despues de clases", "divertido", "noche", "que hay"],
                argument: .dayOrWeek, example: "¿qué eventos hay esta semana?"),
            PlainQuestion(
                "clubs", keywords: spanishClubWords,
                hints: ["unirme", "unirse"],
                example: "¿qué clubes hay?"),
            PlainQuestion(
                "clubs sports", keywords: spanishClubWords, needs: ["deportes", "deportivos", "deportivo", "deporte"],
                example: "¿qué equipos deportivos hay?"),
            PlainQuestion(
                "clubs arts", keywords: spanishClubWords, needs: ["arte", "artes", "artisticos", "musica", "teatro"],
                example: "¿hay clubes de arte?"),
            PlainQuestion(
                "clubs academic", keywords: spanishClubWords,
                needs: ["academicos", "academico", "ciencias", "matematicas"],
                example: "¿qué clubes académicos hay?"),
            PlainQuestion(
                "clubs service", keywords: spanishClubWords, needs: ["servicio", "voluntariado", "comunitario"],
                example: "¿hay clubes de servicio?"),
            PlainQuestion(
                "club",
                keywords: [
                    "club", "se reune", "reune", "reunen", "reunion del", "asesor", "asesora", "entrenador",
                    "entrenadora", "equipo", "practica", "entrena", "cuentame del", "informacion del", "lleva",
                    "dirige", "encargado", "encargada", "maestro encargado", "maestra encargada", "ensaya", "ensayan",
                    "se junta", "junta", "juntan", "practican",
                    "apunto", "me apunto",
                    "apuntarme", "inscribirme", "interesa", "interesado", "interesada", "unirse al", "unirme al",
                ],
                hints: ["unirme", "cuando", "donde"],
                argument: .words(required: true), example: "¿cuándo se reúne el club de robótica?"),
            PlainQuestion(
                "circles", keywords: ["circulos", "mis circulos", "mis grupos", "grupos de estudio"],
                example: "¿en qué círculos estoy?"),
            PlainQuestion(
                "contact",
                keywords: [
                    "contacto", "contactar", "telefono", "numero de telefono", "llamar", "correo", "email",
                    "correo electronico", "horario de oficina", "comunicarme", "hablar con alguien", "direccion",
                    "ausencia", "enfermo", "enferma", "numero", "abre la oficina", "oficina abre", "hablo a la escuela",
                    "como le hablo", "llamo a la escuela", "a quien llamo", "va a faltar",
                    "faltar", "falta a clases", "como aviso", "avisar a la escuela", "no va a ir", "no va a venir",
                    "hasta que hora esta abierta", "esta abierta la oficina", "abierta la oficina",
                    "cierra la oficina", "a que hora cierra",
                ],
                hints: ["secretaria", "horas", "oficina"],
                example: "¿cuál es el teléfono de la escuela?"),
        ],
        glossary: [
            "jardin de la escuela": "garden", "voluntariado": "service",
            "robotica": "robotics", "ajedrez": "chess", "teatro": "drama", "drama": "drama", "futbol": "soccer",
            "soccer": "soccer", "jardineria": "garden", "jardin": "garden", "huerto": "garden",
            "deportes": "sports", "arte": "arts", "artes": "arts", "academicos": "academic", "servicio": "service",
        ])
}
