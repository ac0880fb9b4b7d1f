/// One school of the district: its id, its name, its calendar, and whose data it reads.
///
/// Plugins keep their data under a *scope*: a school's own id, or the name of a group of schools
/// that share it (one menu for every elementary school). ``scope(of:)`` says which.
public struct School: Sendable, Identifiable {
    /// The id admins type and data is kept under: lowercase letters, digits, `-` and `_`.
    public let id: String
    /// The name, as the bot says it: `Jefferson Middle School`.
    public let name: String
    /// Other names people use for it: `JMS`, `Jefferson`.
    public let aliases: [String]
    /// Who to ask at the school (the office's number or address), if configured.
    public let contact: String?
    /// The school's time zone, school days and language.
    public let calendar: SchoolCalendar
    /// The group whose data a plugin reads instead of the school's own, by plugin id.
    public let sharedScopes: [String: String]

    /// The id of the school of a deployment configured as one school, and the scope of every
    /// row written before Homeroom knew of schools.
    public static let soleSchoolID = "main"

    /// Creates a school.
    public init(
        id: String, name: String, aliases: [String] = [], contact: String? = nil, calendar: SchoolCalendar,
        sharedScopes: [String: String] = [:]
    ) {
        self.id = id
        self.name = name
        self.aliases = aliases
        self.contact = contact
        self.calendar = calendar
        self.sharedScopes = sharedScopes
    }

    /// The scope plugin `pluginID` keeps this school's data under: a group it shares, else its id.
    public func scope(of pluginID: String) -> String { sharedScopes[pluginID] ?? id }

    /// True when `id` is a usable school or group id: 1 to 40 lowercase letters, digits, `-` and `_`.
    public static func isValidID(_ id: String) -> Bool {
        !id.isEmpty && id.count <= 40
            && id.utf8.allSatisfy {
                (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x2D || $0 == 0x5F
            }
    }
}
