extension LanguageWords {
    /// Spanish. Words are written without accents where people often leave them out; accents
    /// are ignored when comparing.
    package static let spanish = LanguageWords(
        code: "es",
        fillers: [
            "queda", "quedan", "cocino", "cocinar", "preparo", "preparar", "hacerle", "hago", "hacen", "lata",
            "no", "oiga", "mira", "disculpe", "vengo", "pal", "pa",
            "el", "la", "los", "las", "lo", "un", "una", "unos", "unas", "de", "del", "al", "a", "en", "y", "o", "que",
            "q", "k", "cual", "cuales", "quien", "como", "donde", "cuando", "cuanto", "cuantos", "es", "son", "esta",
            "estan", "hay", "habra", "va", "van", "ser", "mi", "mis", "me", "tu", "tus", "su", "sus", "nuestro",
            "nuestra", "nos", "yo", "usted", "ustedes", "por", "favor", "porfa", "porfavor", "para", "con", "sobre",
            "hola", "buenas", "buenos", "dias", "tardes", "noches", "gracias", "oye", "puedes", "puede", "podria",
            "podrias", "decir", "dime", "digame", "diga", "saber", "quiero", "quisiera", "necesito", "favor", "se",
            "le", "les", "ya", "pues", "bueno", "ok", "vale", "tengo", "tiene", "tienen", "tenemos", "hacer", "hoy",
            "ahora", "eso", "esto", "este", "ese", "esa", "hijo", "hija", "hijos", "ninos", "nino", "nina",
            "estudiante", "alumno", "mama", "papa", "homeroom", "bot", "pregunta", "porque", "xq", "pq", "muy",
            "algo", "alguna", "algun", "algunos", "todo", "toda", "todos", "ver", "mostrar", "muestrame", "muestra",
            "ayudame", "seria", "sabe", "sabes", "informacion", "info", "tambien", "solo", "si", "nomas", "quiere",
            "quieren", "entrar", "jugar", "juega", "llega", "llego", "llegar", "oiga", "disculpe", "perdon",
            "nieto", "nieta", "wey", "guey", "chido", "neta", "osea", "pues", "ahi", "alli", "aqui", "aca", "ya mero",
            "mero", "escuela", "colegio", "dia", "usted", "ustedes", "ellos", "ellas", "el", "ella", "esto", "cosa",
            "cosas", "olvide", "olvido", "escuche", "oi", "dicen", "dijo", "dijeron", "alguien", "gustaria",
            "encanta", "gusta", "podrian", "pueden", "saber", "conocer", "siento", "enfermo", "estoy",
            "perdido", "perdida", "puedo", "mano", "vos", "pa", "pal",
        ],
        shorthands: [
            "q": "que", "k": "que", "ke": "que", "xq": "porque", "pq": "porque", "d": "de", "tb": "tambien",
            "tmb": "tambien", "x": "por", "xfa": "porfavor", "pls": "porfavor", "mñn": "manana", "mnn": "manana",
            "hra": "hora", "hrs": "horas", "sem": "semana", "prox": "proximo", "proxima": "proxima",
            "lun": "lunes", "mie": "miercoles", "jue": "jueves", "vie": "viernes", "sab": "sabado",
            "dom": "domingo", "cafe": "cafeteria", "cole": "colegio", "plis": "porfavor", "porfis": "porfavor",
            "dsps": "despues", "dsp": "despues", "sig": "siguiente", "pa": "para", "pal": "para",
            "aver": "ver", "ay": "hay", "asta": "hasta", "orita": "ahorita",
        ],
        borrowed: [
            "class": "clase", "classes": "clases", "school": "escuela", "lunch": "almuerzo", "news": "noticias",
            "teacher": "maestro", "teachers": "maestros", "game": "partido", "block": "bloque", "next": "siguiente",
            "period": "periodo", "sports": "deportes", "coach": "entrenador", "subs": "suscripciones",
            "homework": "tarea", "recipe": "receta", "schedule": "horario", "lonche": "almuerzo",
            "lonch": "almuerzo",
        ],
        clauseStarters: [
            "yo", "mi", "mis", "su", "sus", "porque", "pero", "pues", "entonces", "despues", "antes", "cuando",
            "estoy", "tengo", "necesito", "quiero", "ella", "para",
        ],
        digitWords: [:],
        yes: [
            "si", "sí", "s", "claro", "dale", "ok", "vale", "de acuerdo", "confirmo", "hazlo", "adelante",
            "por supuesto",
        ],
        no: ["no", "n", "cancelar", "cancela", "olvidalo", "dejalo", "para"],
        greetings: [
            "hola", "buenas", "buenos dias", "buenas tardes", "buenas noches", "que tal", "que onda", "saludos",
            "que puedes hacer", "que haces", "que sabes hacer", "como funciona", "como te uso", "quien eres",
            "que eres", "que te puedo preguntar",
        ],
        thanks: ["gracias", "muchas gracias", "mil gracias", "te agradezco", "se agradece", "grax"],
        dayPhrases: [
            ("hoy", .offset(0)), ("esta noche", .offset(0)), ("esta manana", .offset(0)), ("esta tarde", .offset(0)),
            ("manana", .offset(1)), ("mañana", .offset(1)), ("pasado manana", .offset(2)),
            ("en dos dias", .offset(2)), ("ayer", .offset(-1)),
            ("la manana", .notADay), ("por la manana", .notADay), ("en la manana", .notADay),
            ("de la manana", .notADay), ("las mananas", .notADay), ("manana por la manana", .offset(1)),
            ("manana en la manana", .offset(1)), ("esta semana", .thisWeek), ("la semana", .thisWeek),
            ("semana", .thisWeek), ("toda la semana", .thisWeek), ("de la semana", .thisWeek),
            ("semanal", .thisWeek), ("proxima semana", .nextWeek), ("la proxima semana", .nextWeek),
            ("semana que viene", .nextWeek), ("la semana que viene", .nextWeek), ("siguiente semana", .nextWeek),
            ("la siguiente semana", .nextWeek), ("semana proxima", .nextWeek), ("la semana proxima", .nextWeek),
            ("la otra semana", .nextWeek),
        ],
        weekdays: [
            ["lunes"], ["martes"], ["miercoles", "miércoles"], ["jueves"], ["viernes"], ["sabado", "sábado"],
            ["domingo"],
        ],
        upcomingWeekdayPrefixes: ["el", "este", "para el", "del", "el dia", "este proximo", "los"],
        followingWeekdayPrefixes: [
            "el proximo", "proximo", "el otro", "el siguiente", "siguiente", "el que viene", "el proximo dia",
        ],
        followingWeekdaySuffixes: ["que viene", "proximo", "de la otra semana", "de la proxima semana", "siguiente"],
        months: [
            ["enero", "ene"], ["febrero", "feb"], ["marzo", "mar"], ["abril", "abr"], ["mayo", "may"],
            ["junio", "jun"], ["julio", "jul"], ["agosto", "ago"], ["septiembre", "setiembre", "sep", "sept"],
            ["octubre", "oct"], ["noviembre", "nov"], ["diciembre", "dic"],
        ],
        dateConnectors: ["de", "del"],
        numbers: [
            "uno": 1, "primera": 1, "primero": 1, "primer": 1, "dos": 2, "segunda": 2, "segundo": 2,
            "tres": 3, "tercera": 3, "tercero": 3, "tercer": 3, "cuatro": 4, "cuarta": 4, "cuarto": 4, "cinco": 5,
            "quinta": 5, "quinto": 5, "seis": 6, "sexta": 6, "sexto": 6, "siete": 7, "septima": 7, "septimo": 7,
            "ocho": 8, "octava": 8, "octavo": 8, "nueve": 9, "novena": 9, "noveno": 9, "diez": 10, "decima": 10,
            "decimo": 10,
        ],
        daysFromNow: ["en # dias", "dentro de # dias", "de aqui a # dias", "en # dia"],
        dayOfMonth: (prefixes: ["el dia", "para el dia", "del dia"], ordinalOnly: false),
        answers: Answers(
            welcome:
                "¡Hola! Pregúntame sobre la escuela con tus propias palabras, por ejemplo:\n{examples}\n/help muestra todos los comandos.",
            thanks: "¡De nada!",
            suggestions: "No estoy seguro de lo que preguntas. Puedes probar:\n{examples}",
            choices: "¿Cuál quieres decir? Responde con su número:\n{choices}",
            confirm: "Eso ejecutaría {command}, que cambia algo. Responde sí para ejecutarlo, o no para dejarlo.",
            exampleLine: "• {example} ({command})",
            choiceLine: "{number}. {command} — {summary}",
            declined: "De acuerdo, no lo hice: {command} no se ejecutó."
        )
    )
}
