import HomeroomCore

extension ScheduleQuestions {
    static let english = PlainQuestions(
        "en",
        [
            PlainQuestion(
                "now",
                keywords: [
                    "period", "what period", "which period", "period is it", "minutes left", "time left",
                    "how long", "how much longer", "how much time", "how many minutes", "class end", "end of class",
                    "this class", "this period", "current period", "current class", "right now", "bell ring",
                    "min left", "mins left",
                    "happening right now", "class over", "what block", "block are we", "are we in", "is it now",
                    "what class is it", "in class", "left in",
                ],
                hints: ["now", "currently", "minutes", "left", "bell", "class"],
                example: "what period is it?"),
            PlainQuestion(
                "next",
                keywords: [
                    "next", "next period", "next class", "after this", "comes next", "up next",
                    "whats next", "after this class", "after this period", "class after", "period after",
                    "following period", "next bell", "period is next", "is next", "next block", "go to next",
                    "bell ring for next", "class next", "once this period ends", "after this period ends",
                ],
                hints: ["period", "class", "then"],
                example: "what's the next period?"),
            PlainQuestion(
                "schedule",
                keywords: [
                    "schedule", "bell schedule", "bells", "bell times", "schedules", "timetable", "school start",
                    "period times", "every period", "times for each period", "getting out", "how long are the periods",
                    "school starts", "school begin", "school begins", "school end", "school ends", "school over",
                    "get out", "let out", "dismissal", "dismissed", "first bell", "last bell", "arrive",
                    "drop off", "pick up", "pickup", "is there school", "do we have school", "have school",
                    "school day", "day off", "no school", "school open", "school closed", "holiday", "half day",
                    "early release", "what time is lunch", "when is lunch", "time is lunch", "lunch time",
                    "have class", "is there class", "periods", "closed", "start", "starts", "begin", "begins", "end",
                    "ends",
                    "when do we eat", "how long is lunch", "lunch period", "times lunch", "full school day", "full day",
                    "early release", "dismissal time", "till the bell", "are we off", "off on", "go in",
                    "have to go", "school closed", "out early", "get out early",
                ],
                hints: ["school", "time", "bell", "classes", "open", "hours"],
                argument: .day, example: "is there school on friday?"),
            PlainQuestion(
                "classes",
                keywords: [
                    "my classes", "my courses", "classes am i", "my class schedule", "courses", "my blocks",
                    "classes do i have", "what classes", "subjects", "what class do i have", "my subjects",
                    "my timetable",
                    "my teacher", "teacher for", "teachers for", "my teachers", "his teachers", "her teachers",
                    "teachers for each", "each block", "class list", "who do i have", "is what class", "which teacher",
                    "what teacher",
                ],
                hints: ["classes", "class", "block"],
                example: "what are my classes?"),
        ])
}
