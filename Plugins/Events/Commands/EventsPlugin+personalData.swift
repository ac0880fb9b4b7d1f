import HomeroomCore

extension EventsPlugin {
    /// A person's circles, for `/me` and `/me forget`.
    public var personalData: PersonalData? {
        PersonalData(
            "your circle memberships, invitations and posts",
            describe: { context in
                let store = CircleStore(storage: context.storage)
                let person = context.caller.person
                var names: [String] = []
                for name in try await store.circles(of: person) {
                    names.append(try await store.circle(name)?.owner == person ? "\(name) (yours)" : name)
                }
                guard !names.isEmpty else {
                    return ["Circles: none — \(context.typed("circles")) lists them."]
                }
                return [
                    "Circles: \(names.joined(separator: ", ")) — \(context.typed("circle leave")) NAME."
                ]
            },
            forget: { context, db in
                try await CircleStore(storage: context.storage).forget(context.caller.identities, on: db)
            })
    }
}
