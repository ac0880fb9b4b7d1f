extension Recipe {
    /// The recipe held to ``RecipeLimits``, with a warning for each thing left out or shortened:
    /// times and yields out of range become unknown, lists keep their first entries, long texts
    /// are shortened and over-long addresses are dropped. A recipe within the limits comes back
    /// unchanged, with no warnings.
    public func limited() -> (recipe: Recipe, warnings: [String]) {
        var limiter = Limiter()
        var recipe = self
        recipe.title = limiter.shortened(title, to: RecipeLimits.maximumTitleLength, "the title")
        recipe.summary = summary.map { limiter.shortened($0, to: RecipeLimits.maximumTextLength, "the summary") }
        recipe.source = limiter.address(source, "the source address")
        recipe.image = limiter.address(image, "the image address")
        recipe.totalMinutes = limiter.minutes(totalMinutes, "the total time")
        recipe.prepMinutes = limiter.minutes(prepMinutes, "the preparation time")
        recipe.cookMinutes = limiter.minutes(cookMinutes, "the cooking time")
        recipe.yields = limiter.yields(yields)
        recipe.ingredients = limiter.first(ingredients, RecipeLimits.maximumIngredients, "ingredients").enumerated()
            .map { limiter.shortened($1, to: RecipeLimits.maximumTextLength, "ingredient \($0 + 1)") }
        recipe.steps = limiter.first(steps, RecipeLimits.maximumSteps, "steps").enumerated().map { index, step in
            let what = "step \(index + 1)"
            return RecipeStep(
                limiter.shortened(step.text, to: RecipeLimits.maximumTextLength, what),
                name: step.name.map {
                    limiter.shortened($0, to: RecipeLimits.maximumTitleLength, "the name of \(what)")
                },
                section: step.section.map {
                    limiter.shortened($0, to: RecipeLimits.maximumTitleLength, "the section of \(what)")
                })
        }
        recipe.nutrition = limiter.nutrition(nutrition)
        recipe.diets = limiter.shortValues(diets, RecipeLimits.maximumDiets, "diets")
        recipe.tags = limiter.shortValues(tags, RecipeLimits.maximumTags, "tags")
        return (recipe, limiter.warnings)
    }
}

/// Applies ``RecipeLimits`` to one recipe's fields and keeps the warnings.
private struct Limiter {
    var warnings: [String] = []

    mutating func shortened(_ text: String, to length: Int, _ what: String) -> String {
        guard text.utf8.count > length, text.count > length else { return text }
        warnings.append("\(what) is longer than \(length) characters and was shortened")
        return String(text.prefix(length - 1)) + "…"
    }

    mutating func address(_ address: String?, _ what: String) -> String? {
        guard let address, address.utf8.count > RecipeLimits.maximumAddressLength else { return address }
        warnings.append("\(what) is longer than \(RecipeLimits.maximumAddressLength) characters and was left out")
        return nil
    }

    mutating func minutes(_ minutes: Int?, _ what: String) -> Int? {
        guard let minutes, !(0...RecipeLimits.maximumMinutes).contains(minutes) else { return minutes }
        warnings.append(
            "\(what) of \(minutes) minutes is out of range (0 to \(RecipeLimits.maximumMinutes)) and was left out")
        return nil
    }

    mutating func yields(_ yields: String?) -> String? {
        guard let yields else { return nil }
        guard yields.utf8.count <= RecipeLimits.maximumShortTextLength else {
            warnings.append(
                "the yield is longer than \(RecipeLimits.maximumShortTextLength) characters and was left out")
            return nil
        }
        guard let number = RecipeNumber.first(in: yields), number > Double(RecipeLimits.maximumServings) else {
            return yields
        }
        warnings.append(
            "the yield \"\(yields.prefix(40))\" names more than \(RecipeLimits.maximumServings) and was left out")
        return nil
    }

    mutating func first<Element>(_ list: [Element], _ limit: Int, _ what: String) -> ArraySlice<Element> {
        if list.count > limit { warnings.append("the recipe has \(list.count) \(what); the first \(limit) are kept") }
        return list.prefix(limit)
    }

    /// Values of a short list (diets, tags): the first `limit`, each short enough.
    mutating func shortValues(_ values: [String], _ limit: Int, _ what: String) -> [String] {
        let short = values.filter { $0.utf8.count <= RecipeLimits.maximumShortTextLength }
        if short.count < values.count {
            warnings.append(
                "\(values.count - short.count) \(what) longer than \(RecipeLimits.maximumShortTextLength) characters were left out"
            )
        }
        return Array(first(short, limit, what))
    }

    /// The nutrition values whose name and value are short and whose number is in range, the first
    /// ``RecipeLimits/maximumNutrients`` by name.
    mutating func nutrition(_ nutrition: [String: String]) -> [String: String] {
        var kept: [String: String] = [:]
        for key in nutrition.keys.sorted() {
            let value = nutrition[key] ?? ""
            let name = key.prefix(40)
            guard key.utf8.count <= RecipeLimits.maximumShortTextLength,
                value.utf8.count <= RecipeLimits.maximumShortTextLength
            else {
                warnings.append("the nutrition value \"\(name)\" is too long and was left out")
                continue
            }
            if let number = RecipeNumber.first(in: value), number > RecipeLimits.maximumAmount {
                warnings.append("the nutrition value \"\(name)\" is out of range and was left out")
                continue
            }
            guard kept.count < RecipeLimits.maximumNutrients else {
                warnings.append(
                    "the recipe has \(nutrition.count) nutrition values; the first \(RecipeLimits.maximumNutrients) are kept"
                )
                break
            }
            kept[key] = value
        }
        return kept
    }
}
