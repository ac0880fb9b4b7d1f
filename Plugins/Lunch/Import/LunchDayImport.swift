import CivilDates
import HomeroomCore

/// One day read from an import file: its menu, or nil for a day without lunch (a holiday).
public struct LunchDayImport: Equatable, Sendable {
    /// The day.
    public let date: LocalDate
    /// The menu, or nil when the file says there is no lunch that day.
    public let menu: LunchMenu?
    /// The dishes' translations the file gave (`specials_es`), each with the dish as written.
    public let translations: [Translation]

    /// A dish's translation from an import's column for another language.
    public struct Translation: Equatable, Sendable {
        /// The dish as written.
        public let original: String
        /// The language of the column.
        public let language: Language
        /// The dish in that language.
        public let text: String
    }

    /// Creates a day.
    public init(date: LocalDate, menu: LunchMenu?, translations: [Translation] = []) {
        self.date = date
        self.menu = menu
        self.translations = translations
    }

    /// `2026-12-03`, or `12/3/2026` as spreadsheets write it.
    static func date(from text: String) -> LocalDate? {
        if let date = LocalDate(iso: text) { return date }
        let parts = text.split(separator: "/").map { Int($0) }
        guard parts.count == 3, let month = parts[0], let day = parts[1], let year = parts[2], year >= 1000 else {
            return nil
        }
        return LocalDate(year: year, month: month, day: day)
    }
}
