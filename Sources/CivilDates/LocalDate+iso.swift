/// The ISO 8601 calendar date form, `2026-12-03`.
extension LocalDate {
    /// Parses `2026-12-03`: four digits of year, two of month and two of day.
    public init?(iso text: some StringProtocol) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// `2026-12-03`; a year outside 1–9999 (reached by day arithmetic) keeps its sign and digits.
    public var iso: String {
        "\(zeroPadded(year, width: 4))-\(zeroPadded(month, width: 2))-\(zeroPadded(day, width: 2))"
    }
}
