import CivilDates
import HomeroomCore

extension LunchPlugin {
    /// The `lunch` topic of `/subscribe`: the day's menu, at 10:30 unless the subscriber names a
    /// time, on school days that have a menu posted (none on a holiday or a day without lunch).
    var lunchTopic: SubscriptionTopic {
        SubscriptionTopic(
            "lunch", summary: "the day's lunch menu",
            delivery: .daily(defaultTime: "10:30", schoolDaysOnly: true) { context in
                let words = context.words
                return try await menuLines(on: context.date, storage: context.storage, words).map {
                    [words("Lunch for {date}:", ["date": words.date(context.date)])] + $0
                }
            })
    }

    /// Lunch's part of `/day`; its gist is the menu in a few words.
    var lunchSection: DaySection {
        DaySection(
            "Lunch", order: 20, more: "lunch",
            gist: { context, date in
                let menu = try await LunchMenuStore(storage: context.storage).menus(in: date...date)[date]
                return LunchMenuFormatter.summary(menu, isSchoolDay: true, context.words)
            },
            compose: { context, date in
                try await menuLines(on: date, storage: context.storage, context.words)
                    ?? [context.words("No lunch menu is posted.")]
            })
    }

    /// The menu of `date` with the dishes always served; nil when none is posted.
    func menuLines(on date: LocalDate, storage: PluginStorage, _ words: Words) async throws -> [String]? {
        let store = LunchMenuStore(storage: storage)
        guard let menu = try await store.menus(in: date...date)[date], !menu.isEmpty else { return nil }
        return LunchMenuFormatter.lines(of: menu, always: try await store.alwaysDishes(), words)
    }
}
