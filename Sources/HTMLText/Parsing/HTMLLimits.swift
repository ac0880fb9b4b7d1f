/// The caps a page is read within, so that a hostile page costs bounded time and memory.
public enum HTMLLimits {
    /// The bytes of a page that are parsed; the rest of a longer page is left out. Pages are
    /// fetched with a smaller cap (5 MB by default); this one also covers files given to
    /// `homeroom inspect` and libxml2's 32-bit lengths.
    public static let maximumPageBytes = 16 * 1_048_576

    /// The elements of a page that are built; the page is read up to the next one. A node costs
    /// a few hundred bytes where its tag may be three (`<p>`), so this, not the bytes, bounds the
    /// memory of a page of millions of paragraphs. Long real pages have tens of thousands.
    public static let maximumElements = 100_000

    /// The attributes of a page that are built; those of later elements are left out. An
    /// attribute costs a few hundred bytes where it may be written in two (` a`).
    public static let maximumAttributes = 100_000

    /// The longest article text ``ArticleExtractor`` returns, in characters; a longer one is cut
    /// at the last paragraph break before the limit (at the limit, when one paragraph passes it).
    public static let maximumArticleCharacters = 200_000
}
