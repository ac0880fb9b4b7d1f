/// The caps a feed is read within, so that a hostile or broken feed costs bounded time and memory
/// and one bad story costs only that story.
public enum FeedLimits {
    /// The largest document read, in bytes; a larger one is refused. News fetches feeds with a
    /// smaller cap (5 MB by default); this one also covers files given to `homeroom inspect` and
    /// libxml2's 32-bit lengths.
    public static let maximumDocumentBytes = 16 * 1_048_576

    /// The stories kept from one feed, the first in document order; the rest are dropped with a warning.
    public static let maximumItems = 1_000

    /// The longest one-line field (a title, link, guid, author or image address), in UTF-8 bytes.
    /// A story with a longer one is skipped with a warning; a longer feed title or link is left out.
    public static let maximumFieldBytes = 8_192

    /// The longest summary or content, in UTF-8 bytes; a longer one is cut there, with a warning.
    public static let maximumTextBytes = 1_048_576

    /// The elements of one story looked at for its picture (enclosures, `media:content`,
    /// `media:thumbnail`, of each kind).
    public static let maximumImageCandidates = 100

    /// The warnings about single stories kept for one feed; the rest are counted in one more line.
    public static let maximumItemWarnings = 20

    /// The elements built of one feed, stories included; the elements after them are read but not
    /// built, with a warning. Real feeds stay far below: a thousand stories of thirty elements.
    public static let maximumElements = 100_000

    /// The child elements built under one element, stories not counted; the elements after them
    /// are read but not built, with a warning (a story with a million `<category>`s).
    public static let maximumChildElements = 1_000

    /// The attributes built of one feed; the attributes of later elements are left out, with a
    /// warning. An attribute costs a few hundred bytes where it may be written in four (`a=""`).
    public static let maximumAttributes = 100_000

    /// The errors libxml2 may report while it reads one feed; the document is read up to the
    /// last, with a warning. libxml2 writes out each error it recovers from, a microsecond's work
    /// for an undefined entity of three bytes (`&a;`).
    public static let maximumErrors = 100_000

    /// The namespaces in scope at one element; a document that declares more is read up to there,
    /// with a warning. libxml2 looks a prefix up in every declaration in scope, one by one.
    public static let maximumNamespaces = 128

    /// The `.` and `..` segments a link or an `xml:base` may have to be resolved; one with more
    /// is kept as written. Resolving them costs libxml2 time growing with their square.
    public static let maximumDotSegments = 32
}
