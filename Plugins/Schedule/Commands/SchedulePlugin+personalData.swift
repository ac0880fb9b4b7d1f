import HomeroomCore

extension SchedulePlugin {
    /// A person's lunch wave, grade and classes, for `/me` and `/me forget`.
    public var personalData: PersonalData {
        PersonalData(
            "your lunch wave, grade and classes",
            columns: [
                .erased("waves", "user_id"), .erased("classes", "user_id"), .erased("students", "user_id"),
                .kept("days", "updated_by", because: "the record of which admin set a day's schedule"),
            ],
            describe: { context in
                let viewer = try await viewer(context)
                let grade = try await ScheduleStore(storage: context.storage).grade(of: context.caller.person)
                let classes = viewer.classes
                let words = context.words
                // How to change each, as `/schedule wave` is typed with its usage (`1 | 2 | 3 | off`).
                let wave = context.typed("schedule wave") + " " + words.translating("1 | 2 | 3 | off")
                let set = context.typed("classes set")
                return [
                    viewer.wave.map {
                        words("Lunch wave: {wave} — {command}.", ["wave": words.number($0), "command": wave])
                    } ?? words("Lunch wave: not set — {command}.", ["command": wave]),
                    grade.map {
                        words(
                            "Grade: {grade} — {command} GRADE.",
                            ["grade": $0, "command": context.typed("classes grade")])
                    } ?? words("Grade: not set — {command} GRADE.", ["command": context.typed("classes grade")]),
                    classes.isEmpty
                        ? words("Classes: none — {set} BLOCK COURSE.", ["set": set])
                        : words(
                            "Classes: {classes} — {set} BLOCK COURSE, {clear} [BLOCK].",
                            [
                                "classes": words.items(
                                    classes.keys.sorted().map {
                                        words(
                                            "block {block} {course}",
                                            ["block": words.number($0), "course": classes[$0]!.name])
                                    }),
                                "set": set, "clear": context.typed("classes clear"),
                            ]),
                ]
            },
            forget: { [viewers] context, db in
                for table in ["waves", "classes", "students"] {
                    try await context.deletePersonalRows(from: table, on: db)
                }
                for identity in context.caller.identities { viewers.forget(identity) }
            })
    }
}
