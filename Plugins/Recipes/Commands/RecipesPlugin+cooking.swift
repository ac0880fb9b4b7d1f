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
            let words = context.words
            guard context.arguments.count == 1, let id = RecipeFormatter.number(context.arguments[0]) else {
                throw context.usageError(words("which recipe? e.g. {example}", ["example": context.typed("cook 12")]))
            }
            let recipe = try await recipe(id, context)
            guard !recipe.steps.isEmpty else {
                throw UserFacingError(words("#{id} has no steps to cook", ["id": String(id)]))
            }
            try await RecipeStore(storage: context.storage).setSession(
                of: context.caller.person.description, recipe: id, step: 0, at: context.now)
            return Reply(
                lines: [words("Cooking #{id} {title}.", ["id": String(id), "title": recipe.title])]
                    + stepLines(recipe, 0, context))
        }
    }

    var stepCommand: Command {
        Command(
            "step", summary: "the next step of what you are cooking, or step N", usage: "[N]"
        ) { context in
            let (id, recipe, current) = try await cooking(context)
            let words = context.words
            let target: Int
            if let argument = context.arguments.first {
                guard context.arguments.count == 1, let number = Int(argument) else { throw context.usageError() }
                guard (1...recipe.steps.count).contains(number) else {
                    throw UserFacingError(
                        words(
                            "#{id} has steps {first} to {last}",
                            ["id": String(id), "first": words.number(1), "last": words.number(recipe.steps.count)]))
                }
                target = number - 1
            } else {
                guard current + 1 < recipe.steps.count else {
                    return Reply(
                        words(
                            "That was the last step of {title}. Enjoy! {command} ends cooking mode.",
                            ["title": recipe.title, "command": context.typed("stop")]))
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
                return Reply(lines: [context.words("You are on the first step.")] + stepLines(recipe, 0, context))
            }
            return try await move(context, id, recipe, to: current - 1)
        }
    }

    var ingredientsCommand: Command {
        Command("ingredients", summary: "everything the recipe you are cooking needs") { context in
            let (id, recipe, _) = try await cooking(context)
            let words = context.words
            return Reply(
                lines: [words("#{id} {title} needs:", ["id": String(id), "title": recipe.title])]
                    + RecipeFormatter.bullets(recipe.ingredients, words))
        }
    }

    var stopCommand: Command {
        Command("stop", summary: "end cooking mode") { context in
            guard try await RecipeStore(storage: context.storage).endSession(of: context.caller.person.description)
            else {
                return Reply(context.words("You are not cooking anything."))
            }
            return Reply(context.words("Cooking mode ended."))
        }
    }

    /// The caller's session: recipe number, recipe and current step; an error pointing to /cook when none.
    private func cooking(_ context: CommandContext) async throws -> (Int64, Recipe, Int) {
        let store = RecipeStore(storage: context.storage, logger: context.logger)
        let words = context.words
        guard let session = try await store.session(of: context.caller.person.description) else {
            throw UserFacingError(
                words(
                    "you are not cooking anything — start with {command}", ["command": context.typed("cook NUMBER")]))
        }
        guard let recipe = try await store.sessionRecipe(session.recipe) else {
            _ = try await store.endSession(of: context.caller.person.description)
            throw UserFacingError(words("the recipe you were cooking was removed from the book"))
        }
        // Imported again from a page that now lists no steps.
        guard !recipe.steps.isEmpty else {
            _ = try await store.endSession(of: context.caller.person.description)
            throw UserFacingError(
                words("#{id} has no steps any more, so cooking mode ended", ["id": String(session.recipe)]))
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
        let words = context.words
        let number = words.number(index + 1)
        let count = words.number(recipe.steps.count)
        var lines = [
            step.section.map {
                words(
                    "Step {number} of {count} ({section}) — {step}",
                    ["number": number, "count": count, "section": $0, "step": step.text])
            } ?? words("Step {number} of {count} — {step}", ["number": number, "count": count, "step": step.text])
        ]
        let used = StepIngredients(recipe.ingredients).used(
            by: [step.name, step.text].compactMap { $0 }.joined(separator: " "))
        // Ingredient lines hold commas of their own ("butter, melted"): a semicolon parts them.
        if !used.isEmpty {
            lines.append(words("You need: {ingredients}", ["ingredients": used.joined(separator: "; ")]))
        }
        let commands: KeyValuePairs<String, String> = [
            "step": context.typed("step"), "back": context.typed("back"),
            "ingredients": context.typed("ingredients"), "stop": context.typed("stop"),
        ]
        lines.append(
            index + 1 < recipe.steps.count
                ? words("({step} next · {back} · {ingredients} · {stop})", commands)
                : words("(last step · {back} · {ingredients} · {stop})", commands))
        return lines
    }
}
