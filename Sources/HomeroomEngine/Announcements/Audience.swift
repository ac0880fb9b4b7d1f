import HomeroomCore

/// Who an announcement is for. The roster's people (``RosterPerson``) make up every audience but
/// ``channels`` and ``circle(_:)``: each person once, on the contact they chose. ``everyone`` also
/// reaches the channels and people that subscribed to `announcements` (`/subscribe announcements`);
/// a circle's members are listed by the plugin that keeps circles (an ``AudienceProvider``).
package enum Audience: Sendable, Equatable {
    /// Every person the roster lists at the school, and every subscriber.
    case everyone
    /// The roster's students.
    case students
    /// The roster's teachers, administrators and aides.
    case staff
    /// The roster's guardians.
    case families
    /// The students of a grade (as the roster writes it: `09`, `KG`) and their guardians.
    case grade(String)
    /// The people enrolled in a class (its roster id) and the guardians of its students.
    case rosterClass(String)
    /// Named channels only: `#general`, or `slack:#general` for another platform's.
    case channels([String])
    /// The members of a circle, by its name (as typed until the plugin that keeps circles
    /// finds it, then as the plugin keeps it).
    case circle(String)

    /// The group whose members a plugin's ``AudienceProvider`` lists: its kind (`circle`) and
    /// name; nil for the audiences the runtime reaches itself.
    package var group: (kind: String, name: String)? {
        switch self {
        case .circle(let name): (Self.circleKind, name)
        default: nil
        }
    }

    /// The word `/announce` names a circle by, and the kind of its ``AudienceProvider``.
    package static let circleKind = "circle"

    /// The most channels one announcement names.
    static let maximumChannels = 50

    /// How the audience is stored: `everyone`, `grade:09`, `channels:#a\n#b`.
    package var stored: String {
        switch self {
        case .everyone: "everyone"
        case .students: "students"
        case .staff: "staff"
        case .families: "families"
        case .grade(let grade): "grade:" + grade
        case .rosterClass(let id): "class:" + id
        case .channels(let names): "channels:" + names.joined(separator: "\n")
        case .circle(let name): "circle:" + name
        }
    }

    /// The audience stored as `text`; nil for text no version wrote.
    package init?(stored text: String) {
        switch text {
        case "everyone": self = .everyone
        case "students": self = .students
        case "staff": self = .staff
        case "families": self = .families
        default:
            if text.hasPrefix("grade:") {
                self = .grade(String(text.dropFirst(6)))
            } else if text.hasPrefix("class:") {
                self = .rosterClass(String(text.dropFirst(6)))
            } else if text.hasPrefix("channels:") {
                self = .channels(text.dropFirst(9).split(separator: "\n").map(String.init))
            } else if text.hasPrefix("circle:") {
                self = .circle(String(text.dropFirst(7)))
            } else {
                return nil
            }
        }
    }

    /// The audience the words at the start of `arguments` name, and how many words it took; nil
    /// when they name none. `grade 9` is read as the roster writes grades (`09`); a circle's name
    /// is taken as typed, for its plugin to find.
    package static func read(_ arguments: ArraySlice<String>) -> (audience: Audience, words: Int)? {
        guard let first = arguments.first?.lowercased() else { return nil }
        switch first {
        case "everyone", "all": return (.everyone, 1)
        case "students": return (.students, 1)
        case "staff", "teachers": return (.staff, 1)
        case "families", "parents", "guardians": return (.families, 1)
        case "grade":
            guard let grade = arguments.dropFirst().first.flatMap(Self.rosterGrade) else { return nil }
            return (.grade(grade), 2)
        case "class":
            guard let id = arguments.dropFirst().first, !id.isEmpty, id.count <= 255 else { return nil }
            return (.rosterClass(id), 2)
        case circleKind, "circles":
            guard let name = arguments.dropFirst().first, isGroupName(name) else { return nil }
            return (.circle(name), 2)
        case "channel", "channels":
            let names = arguments.dropFirst().prefix { Self.isChannelName($0) }
            guard !names.isEmpty, names.count <= maximumChannels else { return nil }
            return (.channels(Array(names)), 1 + names.count)
        default: return nil
        }
    }

    /// A grade as the roster writes it: `9` → `09`, `kg` → `KG`; nil for no grade.
    static func rosterGrade(_ typed: String) -> String? {
        if let number = Int(typed), (1...13).contains(number) { return number < 10 ? "0\(number)" : String(number) }
        let upper = typed.uppercased()
        return ["KG", "PK", "IT", "PR", "TK", "PS", "UG"].contains(upper) ? upper : nil
    }

    /// True for a word that may name a group: 1 to 255 characters, no spaces.
    static func isGroupName(_ word: String) -> Bool {
        (1...255).contains(word.count) && !word.contains(where: \.isWhitespace)
    }

    /// True for a channel's name as `/announce` takes it: `#name`, or `ADAPTER:…` naming a platform's.
    static func isChannelName(_ word: String) -> Bool {
        guard (2...255).contains(word.count), !word.contains(where: \.isWhitespace) else { return false }
        return word.hasPrefix("#") || word.contains(":")
    }
}
