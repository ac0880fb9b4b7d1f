import Foundation
import HomeroomCore
import HomeroomEngine

extension HomeroomConfiguration {
    /// Machine translation of what admins wrote (the `machineTranslation` section), through a
    /// LibreTranslate-compatible server the school runs. Off unless `url` is set; its host must be
    /// reachable under `fetch` (a server on the school's own network needs `fetch.allowedHosts`).
    public struct MachineTranslationSettings: Sendable, Decodable {
        /// The server's address, e.g. `https://translate.district.example`; nil: no machine translation.
        public var url: String?
        /// The server's API key, when it asks for one (`env:NAME` reads it from the environment).
        public var apiKey: String?
        /// The languages to translate into; all the shipped ones but English when left out.
        public var languages: [String]?

        enum CodingKeys: String, CodingKey, CaseIterable { case url, apiKey, languages }

        /// Off.
        public init() {}

        public init(from decoder: any Decoder) throws {
            try decoder.rejectUnknownKeys(CodingKeys.self)
            let container = try decoder.container(keyedBy: CodingKeys.self)
            url = try container.decode(.url, or: url)
            apiKey = try container.decode(.apiKey, or: apiKey)
            languages = try container.decode(.languages, or: languages)
        }

        /// The checked settings; nil when machine translation is off.
        func resolve(_ environment: [String: String]) throws(ConfigurationError) -> MachineTranslator.Settings? {
            guard let url else { return nil }
            guard let address = URL(string: url), ["http", "https"].contains(address.scheme?.lowercased() ?? ""),
                address.host?.isEmpty == false
            else {
                throw ConfigurationError(key: "machineTranslation.url", problem: "\"\(url)\" is not an http(s) address")
            }
            var chosen: [Language] = []
            for (index, code) in (languages ?? Language.shipped.filter { $0 != .english }.map(\.code)).enumerated() {
                guard let language = Language(code: code) ?? Language(code), language != .english else {
                    throw ConfigurationError(
                        key: "machineTranslation.languages[\(index)]",
                        problem: "\"\(code)\" is not one of "
                            + Language.shipped.filter { $0 != .english }.map(\.code).joined(separator: ", "))
                }
                chosen.append(language)
            }
            let key = try apiKey.map { value throws(ConfigurationError) in
                try HomeroomConfiguration.secret(value, key: "machineTranslation.apiKey", environment: environment)
            }
            return MachineTranslator.Settings(url: address, apiKey: key, languages: chosen)
        }
    }
}
