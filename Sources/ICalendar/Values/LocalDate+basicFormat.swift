import CivilDates

extension LocalDate {
    /// `YYYYMMDD`, the iCalendar form of a DATE.
    public var basicFormat: String {
        "\(zeroPadded(year, width: 4))\(zeroPadded(month, width: 2))\(zeroPadded(day, width: 2))"
    }
}
