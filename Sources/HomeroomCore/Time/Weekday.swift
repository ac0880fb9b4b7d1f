/// A day of the week, Monday first as schools count them.
public enum Weekday: Int, CaseIterable, Sendable, Comparable, Codable {
    case monday = 1
    case tuesday, wednesday, thursday, friday, saturday, sunday

    /// The English name, capitalised: `Monday`.
    public var name: String {
        switch self {
        case .monday: "Monday"
        case .tuesday: "Tuesday"
        case .wednesday: "Wednesday"
        case .thursday: "Thursday"
        case .friday: "Friday"
        case .saturday: "Saturday"
        case .sunday: "Sunday"
        }
    }

    /// Reads a weekday name or its common abbreviation (`friday`, `fri`), in any case.
    public init?(name: String) {
        let lowered = name.lowercased()
        guard lowered.count >= 2,
            let match = Weekday.allCases.first(where: {
                let full = $0.name.lowercased()
                return full == lowered || (lowered.count >= 3 && full.hasPrefix(lowered))
                    || Weekday.shortNames[$0] == lowered
            })
        else { return nil }
        self = match
    }

    private static let shortNames: [Weekday: String] = [.tuesday: "tues", .thursday: "thurs"]

    public static func < (lhs: Weekday, rhs: Weekday) -> Bool { lhs.rawValue < rhs.rawValue }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let day = Weekday(name: text) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "\"\(text)\" is not a day of the week"))
        }
        self = day
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(name.lowercased())
    }
}
