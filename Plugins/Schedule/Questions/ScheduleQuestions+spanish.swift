import HomeroomCore

extension ScheduleQuestions {
    static let spanish = PlainQuestions(
        "es",
        [
            PlainQuestion(
                "now",
                keywords: [
                    "periodo", "que periodo", "cual periodo", "en que periodo", "minutos quedan", "cuanto falta",
                    "que bloque", "en que bloque", "acaba este periodo", "acaba esta clase", "se acaba",
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
                    "otra clase", "la otra clase", "mi otra clase", "timbre para la otra",
                    "que sigue", "sigue", "clase sigue", "despues de esta", "que toca despues", "que viene despues",
                    "luego",
                ],
                hints: ["periodo", "clase", "despues"],
                example: "¿cuál es el siguiente periodo?"),
            PlainQuestion(
                "schedule",
                keywords: [
                    "horario", "horarios", "timbres", "campanas", "empieza", "empiezan", "comienza", "comienzan",
                    "hay clase", "hay escuela", "ir a la escuela", "toca ir", "nos sueltan", "sueltan",
                    "inicia", "entrada", "entran", "entrar", "salida", "salen", "salir", "termina", "terminan",
                    "acaba", "acaban", "hay escuela", "hay clases", "tenemos clases", "tienen clases",
                    "hay colegio", "dia libre", "no hay clases", "no hay escuela", "feriado", "festivo",
                    "dia de clases", "dia escolar", "abierta", "cerrada", "a que hora es el almuerzo",
                    "hora del almuerzo", "hora es el almuerzo", "llegar", "recoger", "dejar", "medio dia",
                    "horario de clases", "hay cole", "cuando almorzamos", "a que hora almorzamos", "salimos",
                    "salimos temprano", "salen temprano", "temprano",
                ],
                hints: ["escuela", "colegio", "hora", "clases", "dia"],
                argument: .day, example: "¿hay clases el viernes?"),
            PlainQuestion(
                "classes",
                keywords: [
                    "mis clases", "mis materias", "mis cursos", "materias", "cursos", "clases tengo",
                    "que clases tengo",
                    "clases me tocan", "me tocan", "materias tengo", "que clases tiene", "clases tiene", "mis maestros",
                    "sus maestros", "los maestros de", "maestros de mi", "maestro del", "maestra del", "mis profes",
                    "cada bloque", "mi horario de clases", "que maestro tengo", "que maestra tengo", "mi maestro de",
                    "mi maestra de",
                ],
                hints: ["clases"],
                example: "¿cuáles son mis clases?"),
        ])
}
