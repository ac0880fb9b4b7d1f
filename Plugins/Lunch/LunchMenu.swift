import CivilDates
import HomeroomCore

/// One day's lunch: the specials, the vegetables and whether fries are served.
public struct LunchMenu: Sendable, Equatable {
    /// The school day.
    public var date: LocalDate
    /// The day's specials (usually two).
    public var specials: [String]
    /// The day's vegetables.
    public var vegetables: [String]
    /// Whether fries are served; nil when not said.
    public var fries: Bool?

    /// Creates a menu.
    public init(date: LocalDate, specials: [String] = [], vegetables: [String] = [], fries: Bool? = nil) {
        self.date = date
        self.specials = specials
        self.vegetables = vegetables
        self.fries = fries
    }

    /// True when the menu says nothing at all.
    public var isEmpty: Bool { specials.isEmpty && vegetables.isEmpty && fries == nil }
}
