import Foundation
import HomeroomCore
import Recipes

/// Cooking mode: one step at a time with the ingredients that step uses. The session belongs to
/// the person, not the channel, so a student can cook in a direct message while the class
/// channel stays quiet; it is stored, so it survives a restart.
extension RecipesPlugin {
    var cookCommand: Command {
        Command(
            "cook", summary: "cook a recipe step by step; then /step, /back, /step N, /ingredients, /stop",
            usage: "NUMBER",
            examples: [.init("cook 1", "step 1 of recipe 1, with the ingredients it uses", answerContains: "Step 1")]
        ) { context in
            guard context.arguments.count == 1, let id = RecipeFormatter.number(context.arguments[0]) else {
                throw context.usageError("which recipe? e.g. \(context.typed("cook 12"))")
            }
            let recipe = try await recipe(id, context)
            guard !recipe.steps.isEmpty else { throw UserFacingError("#\(id) has no steps to cook") }
            try await RecipeStore(storage: context.storage).setSession(
                of: context.caller.person.description, recipe: id, step: 0, at: context.now)
            return Reply(lines: ["Cooking #\(id) \(recipe.title)."] + stepLines(recipe, 0, context))
        }
    }

    var stepCommand: Command {
        Command(
            "step", summary: "the next step of what you are cooking, or step N", usage: "[N]"
        ) { context in
            let (id, recipe, current) = try await cooking(context)
            let target: Int
            if let argument = context.arguments.first {
                guard context.arguments.count == 1, let number = Int(argument) else { throw context.usageError() }
                guard (1...recipe.steps.count).contains(number) else {
                    throw UserFacingError("#\(id) has steps 1 to \(recipe.steps.count)")
                }
                target = number - 1
            } else {
                guard current + 1 < recipe.steps.count else {
                    return Reply(
                        "That was the last step of \(recipe.title). Enjoy! \(context.typed("stop")) ends cooking mode.")
                }
                target = current + 1
            }
            return try await move(context, id, recipe, to: target)
        }
    }

    var backCommand: Command {
        Command("back", summary: "the previous step of what you are cooking") { context in
            let (id, recipe, current) = try await cooking(context)
            guard current > 0 else {
                return Reply(lines: ["You are on the first step."] + stepLines(recipe, 0, context))
            }
            return try await move(context, id, recipe, to: current - 1)
        }
    }

    var ingredientsCommand: Command {
        Command("ingredients", summary: "everything the recipe you are cooking needs") { context in
            let (id, recipe, _) = try await cooking(context)
            return Reply(lines: ["#\(id) \(recipe.title) needs:"] + RecipeFormatter.bullets(recipe.ingredients))
        }
    }

    var stopCommand: Command {
        Command("stop", summary: "end cooking mode") { context in
            guard try await RecipeStore(storage: context.storage).endSession(of: context.caller.person.description)
            else {
                return Reply("You are not cooking anything.")
            }
            return Reply("Cooking mode ended.")
        }
    }

    /// The caller's session: recipe number, recipe and current step; an error pointing to /cook when none.
    private func cooking(_ context: CommandContext) async throws -> (Int64, Recipe, Int) {
        let store = RecipeStore(storage: context.storage, logger: context.logger)
        guard let session = try await store.session(of: context.caller.person.description) else {
            throw UserFacingError("you are not cooking anything — start with \(context.typed("cook NUMBER"))")
        }
        guard let recipe = try await store.recipe(session.recipe) else {
            _ = try await store.endSession(of: context.caller.person.description)
            throw UserFacingError("the recipe you were cooking was removed from the book")
        }
        // Imported again from a page that now lists no steps.
        guard !recipe.steps.isEmpty else {
            _ = try await store.endSession(of: context.caller.person.description)
            throw UserFacingError("#\(session.recipe) has no steps any more, so cooking mode ended")
        }
        return (session.recipe, recipe, min(session.step, recipe.steps.count - 1))
    }

    private func move(_ context: CommandContext, _ id: Int64, _ recipe: Recipe, to step: Int) async throws -> Reply {
        try await RecipeStore(storage: context.storage).setSession(
            of: context.caller.person.description, recipe: id, step: step, at: context.now)
        var reply = Reply(lines: stepLines(recipe, step, context))
        reply.advances = true
        return reply
    }

    /// "Step 2 of 7 — …", its part of the recipe, the ingredients it uses, and what to type next.
    private func stepLines(_ recipe: Recipe, _ index: Int, _ context: CommandContext) -> [String] {
        let step = recipe.steps[index]
        var lines = [
            "Step \(index + 1) of \(recipe.steps.count)\(step.section.map { " (\($0))" } ?? "") — \(step.text)"
        ]
        let used = StepIngredients(recipe.ingredients).used(
            by: [step.name, step.text].compactMap { $0 }.joined(separator: " "))
        if !used.isEmpty { lines.append("You need: " + used.joined(separator: "; ")) }
        let next = index + 1 < recipe.steps.count ? "\(context.typed("step")) next" : "last step"
        lines.append(
            "(\(next) · \(context.typed("back")) · \(context.typed("ingredients")) · \(context.typed("stop")))")
        return lines
    }
}
