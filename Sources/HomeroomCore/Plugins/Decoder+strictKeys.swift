/// A coding key for any string, used to list the keys a JSON object really has.
package struct AnyCodingKey: CodingKey {
    package var stringValue: String
    package var intValue: Int? { nil }
    package init(stringValue: String) { self.stringValue = stringValue }
    package init?(intValue: Int) { nil }
}

extension Decoder {
    /// Throws for a key the section does not know, so a typo (`timezone` for `timeZone`) stops
    /// start-up instead of being ignored. Keys starting with `//` are comments. Configuration
    /// sections (the runtime's and the plugins') call it first in `init(from:)`.
    public func rejectUnknownKeys<Key: CodingKey & CaseIterable>(_ known: Key.Type) throws {
        try rejectUnknownKeys(named: Key.allCases.map(\.stringValue))
    }

    /// Throws for a key not in `names`, as ``rejectUnknownKeys(_:)`` does, for a section whose
    /// keys are known only when it is read (the `webhooks` section and its installed platforms).
    package func rejectUnknownKeys(named names: [String]) throws {
        let container = try container(keyedBy: AnyCodingKey.self)
        for key in container.allKeys where !names.contains(key.stringValue) && !key.stringValue.hasPrefix("//") {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: codingPath + [key],
                    debugDescription: "unknown key (this section knows \(names.joined(separator: ", ")))"))
        }
    }
}

extension KeyedDecodingContainer {
    /// A configuration error at `key` saying what was expected there; the runtime reports it
    /// with the key's full path (`webhooks.port: a port from 1 to 65535`).
    public func invalid(_ key: Key, _ expectation: String) -> DecodingError {
        DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: expectation)
    }

    /// The value at `key`, or `fallback` when the key is missing or null.
    public func decode<T: Decodable>(_ key: Key, or fallback: T) throws -> T {
        try decodeIfPresent(T.self, forKey: key) ?? fallback
    }
}
