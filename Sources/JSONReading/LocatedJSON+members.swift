extension LocatedJSON {
    /// The value of the object's first member named `key`; nil when it has none or is no object.
    public func member(_ key: String) -> LocatedJSON? {
        guard case .object(let members) = value else { return nil }
        return members.first { $0.key.utf8.count == key.utf8.count && $0.key == key }?.value
    }

    /// The text, when the value is a string.
    public var string: String? {
        if case .string(let text) = value { text } else { nil }
    }

    /// The flag, when the value is `true` or `false`.
    public var bool: Bool? {
        if case .bool(let flag) = value { flag } else { nil }
    }

    /// The elements, when the value is a list.
    public var elements: [LocatedJSON]? {
        if case .array(let elements) = value { elements } else { nil }
    }
}
