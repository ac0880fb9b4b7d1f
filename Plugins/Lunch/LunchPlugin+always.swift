import Foundation
import HomeroomCore

extension LunchPlugin {
    var alwaysListCommand: Command {
        Command(
            "always", summary: "the dishes served every day",
            examples: [.init("lunch always", "list them", answerContains: "Always available:")]
        ) { context in
            let dishes = try await LunchMenuStore(storage: context.storage).alwaysDishes()
            return Reply(
                dishes.isEmpty
                    ? "No always-available dishes are listed; admins add them with \(context.typed("lunch always add")) DISH."
                    : "Always available: \(dishes.joined(separator: ", "))")
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
            let added = try await context.auditedWrite("lunch.always.add", dish) { db in
                try await store.addAlways(dish, on: db) ? true : nil
            }
            cache.invalidate()
            return Reply(added != nil ? "\(dish) is now listed every day." : "\(dish) was already listed.")
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
            let removed = try await context.auditedWrite("lunch.always.remove", dish) { db in
                try await store.removeAlways(dish, on: db)
            }
            cache.invalidate()
            guard let removed else {
                let dishes = try await store.alwaysDishes()
                throw UserFacingError(
                    "\(dish) is not listed"
                        + (dishes.isEmpty ? "" : " — the always-available dishes are \(dishes.joined(separator: ", "))")
                )
            }
            return Reply("\(removed) is no longer listed.")
        }
    }

    private func dishArgument(_ context: CommandContext) throws(UserFacingError) -> String {
        let dish = context.arguments.joined(separator: " ").trimmingCharacters(in: .whitespaces)
        guard !dish.isEmpty else { throw context.usageError("name the dish") }
        guard dish.count <= 100, !dish.contains("\n") else {
            throw UserFacingError("a dish name is one line of at most 100 characters")
        }
        return dish
    }
}
