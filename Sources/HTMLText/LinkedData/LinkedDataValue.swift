import Foundation

/// A JSON value from a page's JSON-LD block (`<script type="application/ld+json">`).
public indirect enum LinkedDataValue: Sendable, Equatable {
    case object([String: LinkedDataValue])
    case array([LinkedDataValue])
    case string(String)
    case number(Double)
    case bool(Bool)
    case null

    /// Parses JSON text; nil when it is not JSON even after removing raw control characters
    /// (which pages often leave inside strings).
    public init?(json text: String) {
        let parsed =
            (try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]))
            ?? (try? JSONSerialization.jsonObject(
                with: Data(Self.withoutControlCharacters(text).utf8), options: [.fragmentsAllowed]))
        guard let parsed else { return nil }
        self.init(foundation: parsed)
    }

    private init(foundation value: Any) {
        switch value {
        case let dictionary as [String: Any]: self = .object(dictionary.mapValues(LinkedDataValue.init(foundation:)))
        case let array as [Any]: self = .array(array.map(LinkedDataValue.init(foundation:)))
        case let string as String: self = .string(string)
        case let number as NSNumber:
            // JSONSerialization gives booleans as NSNumber too, stored as a C `char`.
            if String(cString: number.objCType) == "c" {
                self = .bool(number.boolValue)
            } else {
                self = .number(number.doubleValue)
            }
        default: self = .null
        }
    }

    private static func withoutControlCharacters(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { $0.value < 0x20 ? " " : $0 }))
    }

    /// The member `key` of an object.
    public subscript(key: String) -> LinkedDataValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    /// The string, or a number written as text.
    public var string: String? {
        switch self {
        case .string(let text): text
        case .number(let number):
            number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
        default: nil
        }
    }

    /// The elements of an array, or the value itself as a one-element list (JSON-LD allows both).
    public var list: [LinkedDataValue] {
        switch self {
        case .array(let elements): elements
        case .null: []
        default: [self]
        }
    }

    /// The `@type` names of an object (a string or an array of strings).
    public var types: [String] {
        self["@type"]?.list.compactMap(\.string) ?? []
    }

    /// Every object at or under this value whose `@type` is one of `names`, in document order:
    /// inside `@graph`, arrays and nested members.
    public func objects(ofType names: Set<String>) -> [LinkedDataValue] {
        var found: [LinkedDataValue] = []
        var pending: [LinkedDataValue] = [self]
        while let value = pending.popLast() {
            switch value {
            case .object(let members):
                if !Set(value.types.map { $0.replacingOccurrences(of: "schema:", with: "") }).isDisjoint(with: names) {
                    found.append(value)
                }
                for key in members.keys.sorted().reversed() { pending.append(members[key]!) }
            case .array(let elements):
                pending += elements.reversed()
            default:
                break
            }
        }
        return found
    }
}
