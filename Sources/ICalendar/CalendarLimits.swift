/// The caps that keep a hostile calendar from exhausting the process. Each is far above what a school
/// calendar needs: the largest file of the iCalendar corpus has 159 events, 3 levels of components, a
/// 1,789-byte line and 19 dates on one RDATE line; the school calendars have under 100 events each.
///
/// What goes past a cap is skipped with a warning naming it, and the rest of the calendar is served;
/// only a query that would list more than ``maximumOccurrences`` or do more than
/// ``maximumQuerySteps`` of work fails as a whole.
public enum CalendarLimits {
    /// Components nested deeper than this (VCALENDAR → VEVENT → VALARM is 3) are skipped with all they
    /// hold.
    public static let maximumDepth = 32
    /// Components in one file; those after it are skipped.
    public static let maximumComponents = 200_000
    /// Properties of one component; those after it are skipped.
    public static let maximumProperties = 10_000
    /// Properties in one file, all components together; those after it are skipped. Each costs 80 to
    /// 200 bytes once read, and may be written in 4 ("X:" and a line break): this bounds the memory
    /// of a file of millions of tiny lines. 20,000 events of 20 properties each fit.
    public static let maximumPropertiesInFile = 500_000
    /// An unfolded content line longer than this (in bytes) is skipped.
    public static let maximumLineBytes = 1 << 20
    /// VEVENTs read from one file; those after it are skipped.
    public static let maximumEvents = 20_000
    /// RRULEs of one event; an event with more is skipped.
    public static let maximumRules = 16
    /// RDATE entries of one event; an event with more is skipped.
    public static let maximumExtraDates = 5_000
    /// EXDATE entries of one event; an event with more is skipped.
    public static let maximumExceptionDates = 5_000
    /// The largest INTERVAL used: a rule's second instance is then past year 9999 whatever its
    /// frequency, so a larger one (up to any number of digits) reads the same.
    public static let maximumInterval = 1_000_000_000_000
    /// The longest DURATION accepted, in days (about 10,000 years).
    public static let maximumDurationDays = 3_652_500
    /// VTIMEZONEs built for one calendar (only those its events name are built).
    public static let maximumTimeZones = 50
    /// Transitions of one VTIMEZONE.
    public static let maximumTransitions = 10_000
    /// Candidate steps (periods looked at, days examined, times generated) of one rule's expansion.
    /// A rule that needs more, such as one that never matches, is given up and its event skipped.
    public static let maximumExpansionSteps = 100_000
    /// Candidate steps of one query, every series of the calendar together.
    public static let maximumQuerySteps = 1_000_000
    /// Candidate steps of building a calendar's VTIMEZONEs, all together (an Outlook zone whose rules
    /// start in 1601 takes about 30,000).
    public static let maximumTimeZoneSteps = 500_000
    /// Instances of one series in the window of one query.
    public static let maximumInstancesPerSeries = 10_000
    /// Occurrences of one query, all series together.
    public static let maximumOccurrences = 20_000
    /// The longest SUMMARY kept, in characters; a longer one is cut and ends in "…". Every occurrence
    /// of an event shows its summary, so this bounds what a window of occurrences holds and prints.
    public static let maximumSummaryLength = 1_000
    /// Values of one content line's parameters, all together (`MEMBER="a","b"` has two; a parameter
    /// without a value counts as one). A line with more is skipped with a warning.
    public static let maximumParameterValues = 100
    /// Warnings kept for one calendar; the rest are counted in a last one.
    public static let maximumWarnings = 100
}
