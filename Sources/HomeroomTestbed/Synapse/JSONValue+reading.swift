import HomeroomRuntime

extension JSONValue {
    /// The member `key` of an object; nil for anything else or a missing member.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members[key]
    }

    /// The text of a string.
    public var string: String? {
        guard case .string(let text) = self else { return nil }
        return text
    }

    /// The number of a number.
    public var number: Double? {
        guard case .number(let number) = self else { return nil }
        return number
    }

    /// The elements of an array.
    public var array: [JSONValue]? {
        guard case .array(let elements) = self else { return nil }
        return elements
    }

    /// The members of an object.
    public var object: [String: JSONValue]? {
        guard case .object(let members) = self else { return nil }
        return members
    }
}
