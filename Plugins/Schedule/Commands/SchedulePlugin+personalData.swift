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
                return [
                    "Lunch wave: \(viewer.wave.map(String.init) ?? "not set") — \(context.typed("schedule wave")) 1 | 2 | 3 | off.",
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
