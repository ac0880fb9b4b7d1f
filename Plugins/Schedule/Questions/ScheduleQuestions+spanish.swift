import HomeroomCore

extension ScheduleQuestions {
    static let spanish = PlainQuestions(
        "es",
        [
            PlainQuestion(
                "now",
                keywords: [
                    "periodo", "que periodo", "cual periodo", "en que periodo", "minutos quedan", "cuanto falta",
                    "cuanto queda", "cuantos minutos", "falta para", "termina la clase", "esta clase",
                    "clase actual", "periodo actual", "ahorita", "ahora mismo", "que clase es", "que clase toca",
                    "toca ahora", "suena el timbre", "acaba la clase", "se acaba la clase", "termina esta clase",
                ],
                hints: ["ahora", "minutos", "falta", "timbre", "clase"],
                example: "¿qué periodo es ahora?"),
            PlainQuestion(
                "next",
                keywords: [
                    "siguiente", "proximo periodo", "siguiente periodo", "proxima clase", "siguiente clase",
                    "que sigue", "sigue", "clase sigue", "despues de esta", "que toca despues", "que viene despues", "luego",
                ],
                hints: ["periodo", "clase", "despues"],
                example: "¿cuál es el siguiente periodo?"),
            PlainQuestion(
                "schedule",
                keywords: [
                    "horario", "horarios", "timbres", "campanas", "empieza", "empiezan", "comienza", "comienzan",
                    "inicia", "entrada", "entran", "entrar", "salida", "salen", "salir", "termina", "terminan",
                    "acaba", "acaban", "hay escuela", "hay clases", "tenemos clases", "tienen clases",
                    "hay colegio", "dia libre", "no hay clases", "no hay escuela", "feriado", "festivo",
                    "dia de clases", "dia escolar", "abierta", "cerrada", "a que hora es el almuerzo",
                    "hora del almuerzo", "hora es el almuerzo", "llegar", "recoger", "dejar", "medio dia",
                    "horario de clases", "hay cole", "cuando almorzamos", "a que hora almorzamos", "salimos", "salimos temprano", "salen temprano", "temprano",
                ],
                hints: ["escuela", "colegio", "hora", "clases", "dia"],
                argument: .day, example: "¿hay clases el viernes?"),
            PlainQuestion(
                "classes",
                keywords: ["mis clases", "mis materias", "mis cursos", "materias", "cursos", "clases tengo", "que clases tengo", "clases me tocan", "me tocan", "materias tengo"],
                hints: ["clases"],
                example: "¿cuáles son mis clases?"),
        ])
}
