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
    /// (which pages often leave inside strings), or when it is larger, nests deeper or holds more
    /// values than ``LinkedDataLimits`` allow for one block.
    public init?(json text: String) {
        guard let values = LinkedDataLimits.valueCount(text), values <= LinkedDataLimits.maximumValues else {
            return nil
        }
        self.init(admitted: text)
    }

    /// Parses JSON text already held to ``LinkedDataLimits``.
    init?(admitted text: String) {
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

    /// `text` with the raw control characters inside its strings escaped (`\n` for a line break,
    /// a space for the rest), so that the lines of a string survive.
    private static func withoutControlCharacters(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        var inString = false
        var escaped = false
        for scalar in text.unicodeScalars {
            if inString, scalar.value < 0x20 {
                switch scalar {
                case "\n": result.append(contentsOf: "\\n".unicodeScalars)
                case "\r": result.append(contentsOf: "\\r".unicodeScalars)
                case "\t": result.append(contentsOf: "\\t".unicodeScalars)
                default: result.append(" ")
                }
                escaped = false
                continue
            }
            result.append(scalar)
            if escaped {
                escaped = false
            } else if scalar == "\\" {
                escaped = inString
            } else if scalar == "\"" {
                inString.toggle()
            }
        }
        return String(result)
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
