import CivilDates
import Foundation
import HomeroomCore

extension LunchPlugin {
    var alwaysListCommand: Command {
        Command(
            "always", summary: "the dishes served every day",
            examples: [.init("lunch always", "list them", answerContains: "Always available:")]
        ) { context in
            let dishes = try await LunchMenuStore(storage: context.storage).alwaysDishes()
            let words = context.words
            return Reply(
                dishes.isEmpty
                    ? words(
                        "No always-available dishes are listed; admins add them with {command} DISH.",
                        ["command": context.typed("lunch always add")])
                    : words("Always available: {dishes}", ["dishes": words.items(dishes)]))
        }
    }

    var alwaysAddCommand: Command {
        Command(
            "always add", summary: "add a dish served every day", usage: "DISH",
            examples: [
                .init(
                    "lunch always add \"Salad bar\"", "list the salad bar every day",
                    answerContains: "Salad bar is now listed every day")
            ],
            access: .restricted, capability: "lunch.always"
        ) { context in
            let dish = try dishArgument(context)
            let store = LunchMenuStore(storage: context.storage)
            let (storage, now, coming) = (context.storage, context.now, comingDays(context))
            let added = try await context.auditedWrite("lunch.always.add", dish) { db -> Bool? in
                guard try await store.addAlways(dish, on: db) else { return nil }
                for day in coming { try await storage.markChanged(day, at: now, in: db) }
                return true
            }
            cache.invalidate()
            let words = context.words
            return Reply(
                added != nil
                    ? words("{dish} is now listed every day.", ["dish": dish])
                    : words("{dish} was already listed.", ["dish": dish]))
        }
    }

    var alwaysRemoveCommand: Command {
        Command(
            "always remove", summary: "stop listing a dish every day", usage: "DISH",
            examples: [
                .init(
                    "lunch always remove \"Salad bar\"", "no more salad bar line",
                    answerContains: "Salad bar is no longer listed")
            ],
            access: .restricted, capability: "lunch.always"
        ) { context in
            let dish = try dishArgument(context)
            let store = LunchMenuStore(storage: context.storage)
            let (storage, now, coming) = (context.storage, context.now, comingDays(context))
            let removed = try await context.auditedWrite("lunch.always.remove", dish) { db -> String? in
                guard let removed = try await store.removeAlways(dish, on: db) else { return nil }
                for day in coming { try await storage.markChanged(day, at: now, in: db) }
                return removed
            }
            cache.invalidate()
            let words = context.words
            guard let removed else {
                let dishes = try await store.alwaysDishes()
                throw UserFacingError(
                    dishes.isEmpty
                        ? words("{dish} is not listed", ["dish": dish])
                        : words(
                            "{dish} is not listed — the always-available dishes are {dishes}",
                            ["dish": dish, "dishes": words.items(dishes)]))
            }
            return Reply(words("{dish} is no longer listed.", ["dish": removed]))
        }
    }

    /// The days whose menus a change to the always-available dishes changes for those who got
    /// them already: today's and tomorrow's.
    private func comingDays(_ context: CommandContext) -> [LocalDate] {
        [context.today, context.today.adding(days: 1)]
    }

    private func dishArgument(_ context: CommandContext) throws(UserFacingError) -> String {
        let dish = context.arguments.joined(separator: " ").trimmingCharacters(in: .whitespaces)
        guard !dish.isEmpty else { throw context.usageError(context.words("name the dish")) }
        guard dish.count <= 100, !dish.contains("\n") else {
            throw UserFacingError(context.words("a dish name is one line of at most 100 characters"))
        }
        return dish
    }
}
