import HomeroomCore

extension RecipesPlugin {
    /// What a person is cooking, for `/me` and `/me forget`.
    public var personalData: PersonalData {
        PersonalData(
            "what you are cooking",
            columns: [
                .erased("sessions", "user_id"),
                .kept("book", "added_by", because: "what a person added for others stays"),
            ],
            describe: { context in
                let store = RecipeStore(storage: context.storage, logger: context.logger)
                guard let (id, step) = try await store.session(of: context.caller.person.description) else { return [] }
                let words = context.words
                let at = words.number(step + 1)
                let stop = context.typed("stop")
                guard let title = try await store.sessionRecipe(id)?.title else {
                    return [
                        words(
                            "Cooking: recipe #{id}, at step {step} — {command} ends it.",
                            ["id": String(id), "step": at, "command": stop])
                    ]
                }
                return [
                    words(
                        "Cooking: {title}, at step {step} — {command} ends it.",
                        ["title": title, "step": at, "command": stop])
                ]
            },
            forget: { context, db in try await context.deletePersonalRows(from: "sessions", on: db) })
    }
}
