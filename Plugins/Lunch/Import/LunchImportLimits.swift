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
    /// The limits a menu-service file's JSON is read within, counted as it is read: its values may
    /// take 4 times the file and 8 MB. An export of ``maximumDays`` full days takes about 3 times
    /// its size; a file of millions of tiny objects is refused before it takes more than that.
    static let json = JSONLimits()
}
