import JSONReading

/// The most a lunch import file may hold; a file past a limit is refused with the line (CSV) or
/// place (JSON) that goes past it, and nothing is imported.
public enum LunchImportLimits {
    /// The largest file, in bytes.
    public static let maximumFileBytes = 5_000_000
    /// The most days (rows, or `days` entries) in one file: about ten school years.
    public static let maximumDays = 2_000
    /// The longest CSV field or menu item name, in characters.
    public static let maximumTextLength = 1_000
    /// The most menu items one day of a menu-service file may list.
    public static let maximumItemsPerDay = 200
    /// The most JSON values (objects, lists, strings, numbers…) in a menu-service file, counted as
    /// it is read: an export of ``maximumDays`` full days fits, and a file of millions of tiny
    /// objects is refused before it costs more memory than that.
    public static let maximumJSONValues = 1_000_000

    /// The limits a menu-service file's JSON is read within.
    static let json = JSONLimits(maximumValues: maximumJSONValues)
}
