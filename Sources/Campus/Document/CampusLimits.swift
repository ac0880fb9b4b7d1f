import JSONReading

/// The most a campus file may hold. A file past a limit is refused with the line of the list (or
/// value) that goes past it, like any other problem. The limits also keep routing within its
/// arithmetic: with at most ``maximumLinks`` links of at most 5,000 m, no route is longer than
/// 10^9 m, and every node and edge index fits the graph's 32-bit fields.
public enum CampusLimits {
    /// The largest campus file, in bytes.
    public static let maximumFileBytes = 32_000_000
    /// The most buildings.
    public static let maximumBuildings = 200
    /// The most checkpoints.
    public static let maximumCheckpoints = 20_000
    /// The most links.
    public static let maximumLinks = 100_000
    /// The most rooms.
    public static let maximumRooms = 20_000
    /// The most named places.
    public static let maximumPlaces = 5_000
    /// The most aliases of one room or place.
    public static let maximumAliases = 50
    /// The longest text (a name, an instruction, a hint), in characters.
    public static let maximumTextLength = 1_000
    /// The most JSON values (objects, lists, strings, numbers…) in the file, counted as it is read:
    /// a campus at the list limits above, with the keys most objects have, fits.
    public static let maximumValues = 1_000_000
    /// The memory the file's values may take once read, for each byte of the file (and 8 MB more).
    /// A campus's objects are small: a link written in 44 bytes takes about 250, so 7 lets a file
    /// at the limits be read, while millions of tiny objects or numbers, which would take 16 times
    /// their bytes or more, are refused as soon as they take more.
    public static let memoryPerByte = 7
    /// The longest number, in characters: a floor, a door or a length needs a handful.
    public static let maximumNumberLength = 32

    /// The limits the JSON of a campus file is read within.
    static let json = JSONLimits(
        maximumValues: maximumValues, maximumNumberLength: maximumNumberLength, memoryPerByte: memoryPerByte)
}
