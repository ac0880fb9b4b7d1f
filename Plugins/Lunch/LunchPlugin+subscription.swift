import HomeroomCore

extension LunchPlugin {
    /// The `lunch` topic of `/subscribe`: the day's menu, at 10:30 unless the subscriber names a
    /// time, on school days that have a menu posted (none on a holiday or a day without lunch).
    var lunchTopic: SubscriptionTopic {
        SubscriptionTopic(
            "lunch", summary: "the day's lunch menu",
            delivery: .daily(defaultTime: "10:30", schoolDaysOnly: true) { context in
                let store = LunchMenuStore(storage: context.storage)
                guard let menu = try await store.menus(in: context.date...context.date)[context.date], !menu.isEmpty
                else {
                    return nil
                }
                return ["Lunch for \(context.date.longName):"]
                    + LunchMenuFormatter.lines(of: menu, always: try await store.alwaysDishes())
            })
    }
}
