import HomeroomCore

extension DirectionsPlugin {
    /// Where a person last said they stand, for `/me` and `/me forget`.
    public var personalData: PersonalData {
        PersonalData(
            "where you last scanned a code",
            columns: [
                .erased("locations", "user_id"),
                .kept("campus", "imported_by", because: "the record of which admin imported the campus"),
            ],
            describe: { context in
                let words = context.words
                guard let (checkpoint, at) = try await store(context.storage).location(of: context.caller.person) else {
                    return [
                        words(
                            "Location: none — {command} CHECKPOINT after scanning a code.",
                            ["command": context.typed("here")])
                    ]
                }
                let minutes = Int(context.now.timeIntervalSince(at) / 60)
                return [
                    words.plural(
                        "Location: {checkpoint}, {count} min ago (kept {kept} min) — {command} CHECKPOINT.",
                        "Location: {checkpoint}, {count} min ago (kept {kept} min) — {command} CHECKPOINT.",
                        count: minutes,
                        [
                            "checkpoint": checkpoint, "kept": words.number(settings.locationMinutes),
                            "command": context.typed("here"),
                        ])
                ]
            },
            forget: { context, db in try await context.deletePersonalRows(from: "locations", on: db) })
    }
}
