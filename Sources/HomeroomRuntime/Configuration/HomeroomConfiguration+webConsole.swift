import Foundation
import HomeroomCore
import HomeroomEngine

extension HomeroomConfiguration {
    /// The office's web console at `/console` on the webhook server, and the hallway display at
    /// `/display` (the `webConsole` section). Admins sign in with a link `/admin web` gives them in a
    /// direct message; there are no passwords.
    public struct WebConsoleSection: Sendable, Decodable {
        /// False: no console pages and no sign-in links.
        public var enabled = true
        /// Where browsers reach the webhook server (behind its TLS proxy): sign-in links start with
        /// it, and an `https` address makes the session cookie `Secure`.
        public var publicURL = "http://127.0.0.1:8080"
        /// Minutes without a request after which a session ends.
        public var idleMinutes = 30.0
        /// Hours after sign-in at which a session ends, however busy.
        public var maximumHours = 12.0
        /// False: no `/display` page.
        public var display = true

        enum CodingKeys: String, CodingKey, CaseIterable { case enabled, publicURL, idleMinutes, maximumHours, display }

        /// The defaults: on, at http://127.0.0.1:8080.
        public init() {}

        public init(from decoder: any Decoder) throws {
            try decoder.rejectUnknownKeys(CodingKeys.self)
            let container = try decoder.container(keyedBy: CodingKeys.self)
            enabled = try container.decode(.enabled, or: enabled)
            publicURL = try container.decode(.publicURL, or: publicURL)
            idleMinutes = try container.decode(.idleMinutes, or: idleMinutes)
            maximumHours = try container.decode(.maximumHours, or: maximumHours)
            display = try container.decode(.display, or: display)
        }

        /// The checked settings.
        func resolve() throws(ConfigurationError) -> WebConsoleSettings {
            guard let address = URL(string: publicURL), ["http", "https"].contains(address.scheme?.lowercased() ?? ""),
                address.host?.isEmpty == false, address.query == nil, publicURL.allSatisfy(\.isASCII)
            else {
                throw ConfigurationError(
                    key: "webConsole.publicURL",
                    problem: "\"\(publicURL)\" is not an http(s) address in ASCII, like https://homeroom.school.example"
                )
            }
            guard idleMinutes.isFinite, (1...1440).contains(idleMinutes) else {
                throw ConfigurationError(key: "webConsole.idleMinutes", problem: "must be between 1 and 1440")
            }
            guard maximumHours.isFinite, (1.0 / 60...168).contains(maximumHours) else {
                throw ConfigurationError(key: "webConsole.maximumHours", problem: "must be between 1/60 and 168")
            }
            return WebConsoleSettings(
                enabled: enabled, publicURL: publicURL, idleLifetime: .seconds(Int64(idleMinutes * 60)),
                maximumLifetime: .seconds(Int64(maximumHours * 3600)), display: display)
        }
    }
}
