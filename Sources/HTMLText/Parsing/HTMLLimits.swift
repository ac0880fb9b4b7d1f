/// The caps a page is read within, so that a hostile page costs bounded time and memory.
public enum HTMLLimits {
    /// The bytes of a page that are parsed; the rest of a longer page is left out. Pages are
    /// fetched with a smaller cap (5 MB by default); this one also covers files given to
    /// `homeroom inspect` and libxml2's 32-bit lengths.
    public static let maximumPageBytes = 16 * 1_048_576
}
