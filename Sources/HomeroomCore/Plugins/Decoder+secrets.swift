extension CodingUserInfoKey {
    /// The process environment, handed to configuration sections so that a secret may be written
    /// `"env:NAME"` and read from the variable NAME.
    package static let homeroomEnvironment = CodingUserInfoKey(rawValue: "homeroom.environment")!
}

/// A configuration secret written `"env:NAME"`: read from the environment variable NAME.
package enum EnvironmentSecret {
    /// `value` itself, or for `env:NAME` the variable NAME; nil when that variable is not set or empty.
    package static func resolve(_ value: String, in environment: [String: String]) -> String? {
        guard value.hasPrefix("env:") else { return value }
        guard let resolved = environment[String(value.dropFirst(4))], !resolved.isEmpty else { return nil }
        return resolved
    }
}

extension Decoder {
    /// The environment the configuration was loaded with (empty when none was given).
    public var homeroomEnvironment: [String: String] {
        userInfo[.homeroomEnvironment] as? [String: String] ?? [:]
    }
}

extension KeyedDecodingContainer {
    /// A secret at `key`: the string itself, or for `env:NAME` the environment variable NAME;
    /// nil when the key is missing or null. A variable that is not set is an error naming the key.
    public func decodeSecret(_ key: Key, environment: [String: String]) throws -> String? {
        guard let value = try decodeIfPresent(String.self, forKey: key) else { return nil }
        return try resolveSecret(value, at: key, environment: environment)
    }

    /// A list of secrets at `key` (each as in ``decodeSecret(_:environment:)``); empty when missing.
    public func decodeSecrets(_ key: Key, environment: [String: String]) throws -> [String] {
        try decode(key, or: [String]()).map { try resolveSecret($0, at: key, environment: environment) }
    }

    private func resolveSecret(_ value: String, at key: Key, environment: [String: String]) throws -> String {
        guard let resolved = EnvironmentSecret.resolve(value, in: environment) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "the environment variable \(value.dropFirst(4)) is not set")
        }
        return resolved
    }
}
