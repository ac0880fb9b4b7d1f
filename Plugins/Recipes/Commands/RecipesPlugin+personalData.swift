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
                let title = try await store.recipe(id)?.title ?? "recipe #\(id)"
                return ["Cooking: \(title), at step \(step + 1) — \(context.typed("stop")) ends it."]
            },
            forget: { context, db in try await context.deletePersonalRows(from: "sessions", on: db) })
    }
}
