import CivilDates

/// The weekday and the English names of a ``LocalDate``, as answers show them.
extension LocalDate {
    /// The day of the week.
    public var weekday: Weekday { Weekday(rawValue: isoWeekday)! }

    /// `Thursday, December 3`.
    public var longName: String { "\(weekday.name), \(LocalDate.monthNames[month - 1]) \(day)" }

    /// `Thu Dec 3`.
    public var shortName: String {
        "\(weekday.name.prefix(3)) \(LocalDate.monthNames[month - 1].prefix(3)) \(day)"
    }

    /// English month names, January first.
    public static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
        "November", "December",
    ]
}
