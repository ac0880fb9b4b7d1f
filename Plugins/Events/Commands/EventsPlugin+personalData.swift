import HomeroomCore

extension EventsPlugin {
    /// A person's circles, for `/me` and `/me forget`.
    public var personalData: PersonalData {
        PersonalData(
            "your circle memberships, invitations and posts",
            columns: [
                .erased("members", "user_id"), .erased("invitations", "user_id"), .erased("posts", "author"),
                .erased("circles", "owner"),
                .kept("invitations", "invited_by", because: "an invitation stays, naming who sent it, for the invitee"),
                .kept("events", "added_by", because: "what a person added for others stays"),
                .kept("clubs", "updated_by", because: "the record of who last changed a club"),
            ],
            describe: { context in
                let words = context.words
                let store = CircleStore(storage: context.storage)
                let person = context.caller.person
                var names: [String] = []
                for name in try await store.circles(of: person) {
                    names.append(
                        try await store.circle(name)?.owner == person
                            ? words("{circle} (yours)", ["circle": name]) : name)
                }
                guard !names.isEmpty else {
                    return [words("Circles: none — {command} lists them.", ["command": context.typed("circles")])]
                }
                return [
                    words(
                        "Circles: {circles} — {command} NAME.",
                        ["circles": words.items(names), "command": context.typed("circle leave")])
                ]
            },
            forget: { context, db in
                try await CircleStore(storage: context.storage).forget(context.caller.identities, on: db)
            })
    }
}
