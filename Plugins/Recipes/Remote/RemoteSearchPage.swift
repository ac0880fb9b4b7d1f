import Foundation
import HTMLText
import Recipes

/// A page of a recipe search service's results, read one result at a time: a result that cannot
/// be read (no id, a title that is not text) is skipped, and a number out of range (a time of
/// 10^300 minutes, a nutrient of 10^300 g) leaves its field unknown. Each is named in ``problems``.
struct RemoteSearchPage: Decodable {
    /// The recipes of the results that could be read and have a title, ingredients and steps.
    private(set) var recipes: [Recipe] = []
    /// What was skipped or left out, for the log.
    private(set) var problems: [String] = []

    enum CodingKeys: String, CodingKey { case results }

    init(from decoder: any Decoder) throws {
        var results = try decoder.container(keyedBy: CodingKeys.self).nestedUnkeyedContainer(forKey: .results)
        while !results.isAtEnd {
            let position = results.currentIndex + 1
            guard let result = try? results.decode(Result.self) else {
                // A failed element is not consumed: step over it.
                _ = try results.decode(Skipped.self)
                problems.append("result \(position) cannot be read")
                continue
            }
            var conversion = Conversion(position: position)
            if let recipe = result.recipe(&conversion) { recipes.append(recipe) }
            problems += conversion.problems
        }
    }

    /// Any JSON value, read and dropped.
    private struct Skipped: Decodable {
        init(from decoder: any Decoder) throws {}
    }

    /// The numbers of one result made into a recipe's fields, each checked first.
    private struct Conversion {
        let position: Int
        var problems: [String] = []

        /// Minutes as a whole number within ``RecipeLimits/maximumMinutes``; nil (with a problem) otherwise.
        mutating func minutes(_ value: Double?, _ field: String) -> Int? {
            guard let value else { return nil }
            guard let minutes = Int(exactly: value.rounded(.up)), (0...RecipeLimits.maximumMinutes).contains(minutes)
            else {
                problems.append("result \(position): \(field) \(value) is out of range and was left out")
                return nil
            }
            return minutes
        }

        /// "6 servings"; nil (with a problem) for a number that is not a whole one within
        /// ``RecipeLimits/maximumServings``.
        mutating func yields(_ servings: Double?) -> String? {
            guard let servings else { return nil }
            guard let count = Int(exactly: servings), (1...RecipeLimits.maximumServings).contains(count) else {
                problems.append("result \(position): servings \(servings) is out of range and was left out")
                return nil
            }
            return "\(count) serving\(count == 1 ? "" : "s")"
        }

        /// "310.5", "24"; nil (with a problem) beyond ``RecipeLimits/maximumAmount`` or below zero.
        mutating func amount(_ amount: Double, _ name: String) -> String? {
            guard (0...RecipeLimits.maximumAmount).contains(amount) else {
                problems.append("result \(position): the amount of \(name.prefix(40)) is out of range and was left out")
                return nil
            }
            return Int(exactly: amount).map(String.init) ?? String(format: "%.1f", amount)
        }
    }

    private struct Result: Decodable {
        struct Ingredient: Decodable { var original: String? }
        struct Instructions: Decodable {
            struct Step: Decodable { var step: String }
            var name: String?
            var steps: [Step]
        }
        struct Nutrition: Decodable {
            struct Nutrient: Decodable {
                var name: String
                var amount: Double
                var unit: String
            }
            var nutrients: [Nutrient]
        }

        var id: Int
        var title: String
        var readyInMinutes: Double?
        var preparationMinutes: Double?
        var cookingMinutes: Double?
        var servings: Double?
        var sourceUrl: String?
        var image: String?
        var summary: String?
        var extendedIngredients: [Ingredient]?
        var analyzedInstructions: [Instructions]?
        var nutrition: Nutrition?
        var diets: [String]?
        var dishTypes: [String]?
        var cuisines: [String]?

        func recipe(_ conversion: inout Conversion) -> Recipe? {
            let ingredients = (extendedIngredients ?? []).compactMap(\.original).filter { !$0.isEmpty }
            let steps = (analyzedInstructions ?? []).flatMap { part in
                part.steps.map { RecipeStep($0.step, section: part.name.flatMap { $0.isEmpty ? nil : $0 }) }
            }
            guard !title.isEmpty, !ingredients.isEmpty, !steps.isEmpty else { return nil }
            var perServing: [String: String] = [:]
            for nutrient in nutrition?.nutrients ?? [] {
                guard let key = Self.schemaNames[nutrient.name.lowercased()],
                    let amount = conversion.amount(nutrient.amount, nutrient.name)
                else { continue }
                perServing[key] = "\(amount) \(nutrient.unit)"
            }
            return Recipe(
                title: title, summary: summary.map { plainText(fromHTML: $0).collapsingWhitespace },
                source: sourceUrl ?? "spoonacular:\(id)", image: image,
                totalMinutes: conversion.minutes(readyInMinutes, "readyInMinutes"),
                prepMinutes: conversion.minutes(preparationMinutes, "preparationMinutes").flatMap { $0 > 0 ? $0 : nil },
                cookMinutes: conversion.minutes(cookingMinutes, "cookingMinutes").flatMap { $0 > 0 ? $0 : nil },
                yields: conversion.yields(servings), ingredients: ingredients, steps: steps,
                nutrition: perServing, diets: diets ?? [], tags: (dishTypes ?? []) + (cuisines ?? []))
        }

        static let schemaNames: [String: String] = [
            "calories": "calories", "protein": "proteinContent", "fat": "fatContent",
            "carbohydrates": "carbohydrateContent", "fiber": "fiberContent", "sugar": "sugarContent",
            "sodium": "sodiumContent", "saturated fat": "saturatedFatContent", "cholesterol": "cholesterolContent",
        ]
    }
}
