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
                guard let (checkpoint, at) = try await store(context.storage).location(of: context.caller.person) else {
                    return ["Location: none — \(context.typed("here")) CHECKPOINT after scanning a code."]
                }
                let minutes = Int(context.now.timeIntervalSince(at) / 60)
                return [
                    "Location: \(checkpoint), \(minutes) min ago (kept \(settings.locationMinutes) min) — "
                        + "\(context.typed("here")) CHECKPOINT."
                ]
            },
            forget: { context, db in try await context.deletePersonalRows(from: "locations", on: db) })
    }
}
