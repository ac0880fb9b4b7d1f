/// The singular of an English word as recipes use it: "eggs" → "egg", "berries" → "berry",
/// "tomatoes" → "tomato", "peaches" → "peach"; "glass" and short words stay.
public func singularForm(_ word: some StringProtocol) -> String {
    if word.hasSuffix("ies"), word.count > 4 { return word.dropLast(3) + "y" }
    if word.hasSuffix("oes") || word.hasSuffix("ches") || word.hasSuffix("shes") || word.hasSuffix("xes") {
        return String(word.dropLast(2))
    }
    if word.hasSuffix("s"), !word.hasSuffix("ss"), word.count > 3 { return String(word.dropLast()) }
    return String(word)
}

/// The words of `text` (runs of letters), lowercased and singular: what ingredient and step
/// matching compares.
public func singularWords(in text: String) -> [String] {
    text.lowercased().split { !$0.isLetter }.map(singularForm)
}
