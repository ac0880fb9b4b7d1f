import HomeroomCore

extension SchedulePlugin {
    /// A person's lunch wave, grade and classes, for `/me` and `/me forget`.
    public var personalData: PersonalData? {
        PersonalData(
            "your lunch wave, grade and classes",
            describe: { context in
                let store = ScheduleStore(storage: context.storage)
                let person = context.caller.person
                let wave = try await store.wave(of: person)
                let grade = try await store.grade(of: person)
                let classes = try await store.classes(of: person)
                return [
                    "Lunch wave: \(wave.map(String.init) ?? "not set") — \(context.typed("schedule wave")) 1 | 2 | 3 | off.",
                    "Grade: \(grade ?? "not set") — \(context.typed("classes grade")) GRADE.",
                    classes.isEmpty
                        ? "Classes: none — \(context.typed("classes set")) BLOCK COURSE."
                        : "Classes: "
                            + classes.keys.sorted().map { "block \($0) \(classes[$0]!.name)" }.joined(separator: ", ")
                            + " — \(context.typed("classes set")) BLOCK COURSE, \(context.typed("classes clear")) [BLOCK].",
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
