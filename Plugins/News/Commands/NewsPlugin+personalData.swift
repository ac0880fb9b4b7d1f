import HomeroomCore

extension NewsPlugin {
    /// The story a person is reading and their direct-message subscriptions, for `/me forget`;
    /// `/me` shows the subscriptions with the runtime's own.
    public var personalData: PersonalData? {
        PersonalData(
            "the story you are reading and your news subscriptions",
            describe: { _ in [] },
            forget: { context, db in
                try await context.deletePersonalRows(from: "readers", on: db)
                try await context.deletePersonalRows(
                    from: "subscriptions", column: "target", asDeliveryTargets: true, on: db)
            })
    }
}
