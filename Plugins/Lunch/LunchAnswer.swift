import CivilDates
import HomeroomCore

/// A rendered lunch answer (`/lunch` for a day, `/lunch week`) in both forms, kept in the plugin's
/// cache because the menu is read far more often than it changes.
///
/// Every write through the plugin empties the cache at once, on every instance (the cache is
/// shared); an import from the command line announces it too. Entries also expire after
/// `cacheSeconds`, so a change made without a word (a hand-edited database) shows within that time.
struct LunchAnswer: Sendable {
    /// What an answer is for, at which school (its days off differ even where its menu is
    /// shared), in which language.
    enum Key: Hashable, Sendable {
        /// `/lunch` for one day.
        case day(LocalDate, school: String, Language)
        /// `/lunch week` for the week starting that Monday.
        case week(LocalDate, school: String, Language)
    }

    /// The full answer.
    let lines: [String]
    /// Its compact form for a channel.
    let compact: [String]
}
