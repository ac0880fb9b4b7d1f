import Foundation

/// The schools one deployment serves, the first being where a question goes when nothing says
/// which school it is about. A deployment configured as one school is a district of one.
public struct District: Sendable {
    /// The district's name (the school's, for a district of one).
    public let name: String
    /// The schools, in the configured order; never empty.
    public let schools: [School]
    private let byID: [String: Int]
    /// The key of each school's id, name and alias, whole (`wholeName`), and from each of its
    /// later words on (`cesar chavez elementary` gives `chavezelementary` and `elementary` too).
    private let keys: [(key: String, wholeName: Bool, index: Int)]

    /// Creates a district; `schools` must not be empty and their ids must differ.
    public init(name: String, schools: [School]) {
        precondition(!schools.isEmpty, "a district has at least one school")
        self.name = name
        self.schools = schools
        byID = Dictionary(schools.enumerated().map { ($1.id, $0) }) { first, _ in first }
        var keys: [(String, Bool, Int)] = []
        for (index, school) in schools.enumerated() {
            for name in [school.id, school.name] + school.aliases {
                let words = name.split { !$0.isLetter && !$0.isNumber }
                for start in words.indices {
                    let key = Self.key(words[start...].joined())
                    if !key.isEmpty { keys.append((key, start == words.startIndex, index)) }
                }
            }
        }
        self.keys = keys
    }

    /// A district of the one school `school`.
    public init(soleSchool school: School) { self.init(name: school.name, schools: [school]) }

    /// The school a question goes to when nothing says which.
    public var defaultSchool: School { schools[0] }

    /// True for a deployment of one school.
    public var hasOneSchool: Bool { schools.count == 1 }

    /// The school with id `id`.
    public func school(id: String) -> School? { byID[id].map { schools[$0] } }

    /// The school `typed` names: its id, else a name matched loosely (``school(named:)``).
    public func school(idOrName typed: String) -> School? {
        school(id: typed.lowercased()) ?? school(named: typed)
    }

    /// The school with id `id` (a person's own, say), else the district's first.
    public func school(orDefault id: String?) -> School { id.flatMap(school(id:)) ?? defaultSchool }

    /// The school people mean by `name`, matched as places are: case, accents, spaces and
    /// punctuation do not count (`jefferson-middle`), the start of a name or of any of its later
    /// words is enough (`Jefferson` for `Jefferson Middle School`, `Chavez` for `César Chávez
    /// Elementary`), and one slip of the keyboard is forgiven in a name of five letters or more.
    /// A whole id, name or alias wins; nil when no school, or more than one, fits.
    public func school(named name: some StringProtocol) -> School? {
        let key = Self.key(name)
        guard !key.isEmpty else { return nil }
        let stages: [((key: String, wholeName: Bool, index: Int)) -> Bool] = [
            { $0.wholeName && $0.key == key }, { key.count >= 3 && $0.key.hasPrefix(key) },
            { key.count >= 5 && EditDistance.between($0.key, key) <= 1 },
        ]
        for fits in stages {
            let found = Set(keys.filter(fits).map(\.index))
            if found.count == 1 { return schools[found.first!] }
            if found.count > 1 { return nil }
        }
        return nil
    }

    /// The lowercase letters and digits of `name`, without accents: what matching compares.
    public static func key(_ name: some StringProtocol) -> String {
        String(
            String(name).folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).lowercased()
                .unicodeScalars.filter { $0.properties.isAlphabetic || $0.properties.numericType != nil }
                .map(Character.init))
    }
}
