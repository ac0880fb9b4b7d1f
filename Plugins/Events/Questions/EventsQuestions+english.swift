import HomeroomCore

extension EventsQuestions {
    /// How people ask for the clubs.
    static let englishClubWords = [
        "clubs", "what clubs", "list of clubs", "which clubs", "any clubs", "clubs are there", "extracurricular",
        "extracurriculars", "after school activities", "clubs can i join", "join a club", "teams", "can i do",
    ]

    static let english = PlainQuestions(
        "en",
        [
            PlainQuestion(
                "events",
                keywords: [
                    "events", "event", "happening", "going on", "whats going on", "whats happening", "activities",
                    "anything happening", "calendar", "games", "game", "concert", "concerts", "assembly",
                    "fundraiser", "dance", "tryouts", "anything fun", "anything lit", "whats lit", "anything at school",
                    "school stuff", "stuff at school", "something at school", "anything planned", "planned at",
                    "next few weeks",
                    "things to do", "plans", "special events", "upcoming", "coming up", "poppin", "popping",
                    "anything on", "on at school", "at school this", "going on", "going down", "scheduled at school",
                    "functions", "school functions", "families can come", "happening soon", "special happening",
                    "worth going to", "agenda at school", "on the agenda",
                ],
                hints: ["after school", "fun", "sports", "night", "whats on"],
                argument: .dayOrWeek, example: "what's happening this week?"),
            PlainQuestion(
                "clubs", keywords: englishClubWords,
                hints: ["join", "activities"],
                example: "what clubs are there?"),
            PlainQuestion(
                "clubs sports", keywords: englishClubWords,
                needs: ["sports", "sport", "sports teams", "athletics", "athletic", "teams"],
                example: "what sports teams are there?"),
            PlainQuestion(
                "clubs arts", keywords: englishClubWords, needs: ["arts", "art", "music", "theater", "drama", "artsy"],
                example: "are there any art clubs?"),
            PlainQuestion(
                "clubs academic", keywords: englishClubWords, needs: ["academic", "stem", "science", "math", "nerdy"],
                example: "which academic clubs are there?"),
            PlainQuestion(
                "clubs service", keywords: englishClubWords,
                needs: ["service", "volunteer", "volunteering", "community"],
                example: "are there service clubs?"),
            PlainQuestion(
                "club",
                keywords: [
                    "club", "meet", "meets", "meeting", "advisor", "adviser", "sponsor", "coach", "coaches", "team",
                    "rehearse", "rehearsal", "rehearsals", "joining", "who runs it",
                    "practice", "practices", "runs", "in charge of", "interested in", "join the",
                    "sign up for", "whos the advisor", "join", "what day is", "when is",
                ],
                hints: ["join", "tell me about"],
                argument: .words(required: true), example: "when does the robotics club meet?"),
            PlainQuestion(
                "circles", keywords: ["circles", "my circles", "my groups", "which circles", "study groups"],
                example: "which circles am I in?"),
            PlainQuestion(
                "contact",
                keywords: [
                    "contact", "phone", "phone number", "call", "email", "e mail", "email address", "office hours",
                    "reach the office", "reach the school", "reach someone", "number for", "talk to someone",
                    "front desk", "get in touch", "administration", "who do i call", "office close", "office closes",
                    "ahold", "get ahold", "let the school know", "who do i talk to", "talk to at the office",
                    "office open", "office hours", "is the office", "address", "call the office", "reach the office",
                    "attendance line", "report an absence", "absent", "sick", "who do i tell", "wont be in",
                    "fever", "staying home",
                ],
                hints: ["office", "number", "hours"],
                example: "what's the school's phone number?"),
        ],
        glossary: [
            "soccer": "soccer", "chess": "chess", "drama": "drama", "plays": "drama", "board games": "chess",
            "gardening": "garden", "theater club": "drama", "theatre": "drama", "robots": "robotics",
            "chess team": "chess",
        ])
}
