import HomeroomCore

extension NewsPlugin {
    /// The story a person is reading and their direct-message subscriptions, for `/me forget`;
    /// `/me` shows the subscriptions with the runtime's own.
    public var personalData: PersonalData {
        PersonalData(
            "the story you are reading and your news subscriptions",
            columns: [
                .erased("readers", "user_id"), .erased("subscriptions", "target"),
                .kept("subscriptions", "created_by", because: "a channel's subscription stays, with who made it"),
                .kept("sources", "added_by", because: "the record of which admin added a source"),
                .kept("stories", "author", because: "a story's byline, from its feed, never a chat user"),
            ],
            describe: { _ in [] },
            forget: { context, db in
                try await context.deletePersonalRows(from: "readers", on: db)
                try await context.deletePersonalRows(
                    from: "subscriptions", column: "target", asDeliveryTargets: true, on: db)
            })
    }
}
