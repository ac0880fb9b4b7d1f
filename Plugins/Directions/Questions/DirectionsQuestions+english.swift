import HomeroomCore

extension DirectionsQuestions {
    /// The words a place's name or a direction keeps: "accessible" and "from" take their own meaning.
    static let kept: Set<String> = ["accessible", "from"]

    /// The ways people ask for the way.
    static let englishWays = [
        "where", "wheres", "where is", "where s", "how do i get to", "how do i get", "get to",
        "directions", "direction", "directions to", "way to", "the way to", "find", "located",
        "location of", "go to", "take me to", "route to", "walk to", "how to get to", "how to get",
        "how do you get to", "how can i get to", "lost", "looking for", "show me the way", "navigate",
        "which way", "which ways", "where can i find", "guide me", "how do i reach", "reach the", "how far",
        "how far is", "which hallway",
        "what hallway", "which floor", "what floor", "which building", "what building", "which wing", "cant find",
        "where are",
    ]

    static let english = PlainQuestions(
        "en",
        [
            PlainQuestion(
                "directions",
                keywords: englishWays,
                hints: ["room", "rm", "building", "hall", "floor"],
                argument: .words(keeping: kept, required: true), example: "how do I get to the library?"),
            PlainQuestion(
                "directions {} accessible", keywords: englishWays,
                needs: [
                    "wheelchair", "without stairs", "no stairs", "avoid stairs", "elevator", "accessible", "stroller",
                    "crutches", "lift", "step free", "ramp",
                ],
                argument: .words(keeping: kept, required: true), example: "how do I get to the gym without stairs?"),
            PlainQuestion(
                "places",
                keywords: [
                    "places", "what places", "which places", "list of places", "places i can ask",
                    "places do you know", "places can you", "spots", "locations", "which spots", "what spots",
                    "what locations",
                    "locations do you know",
                    "named places", "what can i find", "map", "campus map",
                ],
                example: "what places can I ask for?"),
            PlainQuestion(
                "rooms",
                keywords: [
                    "rooms", "rooms in", "list of rooms", "which rooms", "what rooms", "rooms are in", "buildings",
                    "classrooms", "every room", "all rooms", "all the rooms",
                    "what buildings",
                ],
                hints: ["building", "floor"],
                argument: .words(required: false), example: "which rooms are in building B?"),
            PlainQuestion(
                "here",
                keywords: [
                    "i am at", "im at", "i am near", "im near", "im standing at", "i scanned",
                    "my location is", "i m at", "i'm at", "i am standing at", "set my location",
                ],
                argument: .words(required: true), changes: true, example: "I'm at A1-ENTRANCE"),
        ],
        glossary: [
            "nurse": "nurse", "library": "library", "gym": "gym", "cafeteria": "cafeteria", "courtyard": "courtyard",
            "theater": "theater", "auditorium": "auditorium", "counselor": "counselor", "main office": "main office",
            "front office": "front office", "attendance": "attendance",
            "guidance counselor": "counselor", "guidance office": "counseling", "guidance": "counseling",
            "coaches office": "athletics office", "coach office": "athletics office",
            "teachers lounge": "teachers lounge",
            "staff room": "teachers lounge", "gym doors": "gym", "places": "", "place": "", "directions": "",
            "from here": "",
            "from where i am": "", "science wing": "science building",
        ])
}
