/// How much one JSON document may hold, counted while it is read: a document past a limit is
/// refused where it goes past it, before it costs more time or memory. Each reader of outside JSON
/// sets these from what its own files can hold.
public struct JSONLimits: Sendable {
    /// Containers nested deeper than this are refused (the reader recurses once a level).
    public var maximumDepth: Int
    /// The most values (objects, lists, strings, numbers, `true`, `false`, `null`) in the document.
    /// Each costs some 32 to 56 bytes once read, so this bounds the memory of any document.
    public var maximumValues: Int
    /// The longest number, in characters: no reader needs more digits than a `Double` holds, and a
    /// number of millions of digits would otherwise be converted whole.
    public var maximumNumberLength: Int
    /// The memory the values read may take for each byte of the document, on top of ``baseMemory``.
    /// A file an admin writes or exports spends some 10 to 30 bytes on a value, which takes 50 to 100
    /// once read: 3 to 6 times the file. Millions of `0,` or `{"a":0},` would take 16 times it.
    public var memoryPerByte: Int
    /// The memory any document's values may take, however small the document.
    public var baseMemory: Int

    /// Limits with the given values; the defaults suit a file an admin writes or exports.
    public init(
        maximumDepth: Int = 64, maximumValues: Int = 1_000_000, maximumNumberLength: Int = 64, memoryPerByte: Int = 4,
        baseMemory: Int = 8 << 20
    ) {
        self.maximumDepth = maximumDepth
        self.maximumValues = maximumValues
        self.maximumNumberLength = maximumNumberLength
        self.memoryPerByte = memoryPerByte
        self.baseMemory = baseMemory
    }

    /// The most memory the values of a document of `bytes` bytes may take.
    public func memoryBudget(forDocumentOf bytes: Int) -> Int {
        let (perByte, overflow) = bytes.multipliedReportingOverflow(by: memoryPerByte)
        let (budget, overflowAgain) = perByte.addingReportingOverflow(baseMemory)
        return overflow || overflowAgain ? Int.max : budget
    }
}
