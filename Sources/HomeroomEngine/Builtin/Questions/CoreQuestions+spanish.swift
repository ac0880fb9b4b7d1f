import HomeroomCore

extension CoreQuestions {
    static let spanish = PlainQuestions(
        "es",
        [
            PlainQuestion(
                "day",
                keywords: [
                    "mi dia", "resumen", "todo el dia", "como sera mi dia", "como es mi dia", "agenda",
                    "todo lo que tiene", "de un jalon", "como va a estar", "resumeme", "como va a ser",
                    "que tengo", "panorama", "como se ve", "se ve", "como pinta", "pinta", "todo lo de",
                    "como viene", "resumen del", "todo junto", "que me toca", "plan del dia", "resumen del dia",
                ],
                argument: .day, example: "¿cómo es mi día mañana?"),
            PlainQuestion(
                "help",
                keywords: [
                    "ayuda", "ayudame", "comandos", "lista de comandos", "todos los comandos", "instrucciones",
                    "ayuda con comandos",
                    "que puedo preguntarte", "que te puedo preguntar", "que puedes hacer", "que sabes hacer",
                ],
                example: "¿qué comandos hay?"),
            PlainQuestion(
                "me",
                keywords: [
                    "sobre mi", "sabes de mi", "mis datos", "mi informacion", "mis roles", "mi cuenta", "quien soy",
                    "mi perfil", "que sabes", "datos mios", "guardas", "que guardas", "info tienes de mi",
                    "informacion tienes de mi", "tienes de mi", "informacion personal", "datos personales",
                ],
                example: "¿qué sabes de mí?"),
            PlainQuestion(
                "subscriptions",
                keywords: [
                    "mis suscripciones", "suscripciones", "suscrito", "suscrita", "estoy suscrito", "me suscribi",
                    "que me suscribi", "cosas me suscribi", "alertas tengo", "tengo activadas", "me llegan",
                    "notificaciones tengo", "tengo prendidas",
                ],
                example: "¿a qué estoy suscrito?"),
            PlainQuestion(
                "subscribe",
                keywords: [
                    "suscribir", "suscribirme", "suscribeme", "suscribeme a", "inscribeme", "avisame", "mandame",
                    "enviame", "recuerdame", "notificame", "alertas", "notificaciones", "todos los dias a",
                    "quiero recibir", "cada manana",
                ],
                argument: .words(required: false), changes: true, example: "suscríbeme al menú del almuerzo"),
            PlainQuestion(
                "unsubscribe",
                keywords: [
                    "desuscribir", "desuscribirme", "cancelar suscripcion", "ya no me mandes", "deja de mandar",
                    "no me mandes", "deja de enviar", "darme de baja", "dame de baja", "ya no quiero recibir",
                    "dejar de recibir", "cancela mi suscripcion", "cancelar mi suscripcion",
                ],
                argument: .words(required: false), changes: true, example: "ya no me mandes las noticias"),
            PlainQuestion(
                "me forget",
                keywords: [
                    "olvidame", "borra mis datos", "borrar mis datos", "elimina mis datos", "eliminar mis datos",
                    "borra todo", "borrar todo", "elimina mi informacion", "borrame",
                    "olvida todo", "olvida todo lo que sabes",
                ],
                changes: true, example: "borra mis datos"),
        ],
        glossary: [
            "almuerzo": "lunch", "el almuerzo": "lunch", "menu del almuerzo": "lunch", "el menu": "lunch",
            "menu": "lunch", "noticias": "news", "las noticias": "news", "eventos": "events", "los eventos": "events",
            "mi dia": "day", "resumen": "day", "suscripcion": "",
        ])
}
