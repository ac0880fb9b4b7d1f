/// What of a plain question becomes the argument of the command that answers it.
public enum PlainArgument: Sendable, Equatable {
    /// Nothing: the command runs bare.
    case none
    /// A day named in the question (`tomorrow`, `el viernes`, `12/3`), if any.
    case day
    /// A day or a week (`this week`, `la próxima semana`) named in the question, if any.
    case dayOrWeek
    /// A number in the question (`story 2`), if any.
    case number
    /// The words of the question that are not its keywords, the language's filler words or a
    /// day: a recipe, a club, a place. Words in `keeping` stay even when they are filler words
    /// (`with` of `/recipe with chickpeas`). When `required` and nothing is left, the question is
    /// not this one.
    case words(keeping: Set<String> = [], required: Bool = true)
}
