/// The most a recipe from outside (a page, a book file, a search service, a stored copy) may hold.
/// What goes past a limit is left out with a warning: a time or a yield out of range becomes
/// unknown, a list keeps its first entries, a long text is shortened. Nothing past these limits is
/// stored, and a stored copy is held to them again when it is read.
public enum RecipeLimits {
    /// The most recipes one recipe book file may hold; a larger book is refused before it is read.
    public static let maximumBookRecipes = 5_000
    /// The most JSON values (texts, numbers, lists, objects) one recipe book file may hold; a book
    /// with more is refused before it is read. Each costs tens of bytes once decoded, where its
    /// text may be three (`"",`); a book of 5,000 long recipes holds a few hundred thousand.
    public static let maximumBookValues = 1_000_000
    /// The most ingredient lines a recipe keeps.
    public static let maximumIngredients = 500
    /// The most steps a recipe keeps.
    public static let maximumSteps = 500
    /// How deep lists and `HowToSection`s may nest in a method; steps nested deeper are left out.
    public static let maximumStepNesting = 8
    /// The longest time (preparation, cooking or total) in minutes: a year. A longer one is unknown.
    public static let maximumMinutes = 525_600
    /// The most servings or pieces a yield may name; a yield naming more is unknown.
    public static let maximumServings = 10_000
    /// The largest amount an ingredient line may start with; a line with a larger one is not scaled.
    public static let maximumAmount = 1_000_000.0
    /// The longest title, section name or step name, in characters.
    public static let maximumTitleLength = 500
    /// The longest summary, ingredient line or step, in characters.
    public static let maximumTextLength = 5_000
    /// The longest short value (a yield, a nutrition value, a diet, a tag), in characters.
    public static let maximumShortTextLength = 200
    /// The longest address (the source, the image), in characters; a longer one is left out.
    public static let maximumAddressLength = 2_000
    /// The most nutrition values a recipe keeps.
    public static let maximumNutrients = 50
    /// The most diets a recipe keeps.
    public static let maximumDiets = 20
    /// The most tags (keywords, categories, cuisines) a recipe keeps.
    public static let maximumTags = 100
    /// The most pictures considered when choosing a recipe's image.
    public static let maximumImageCandidates = 100
    /// The longest text read from a page before it is cleaned: more is cut first, so that no field
    /// costs more than this to read.
    static let maximumRawTextLength = 200_000
}
