import Foundation
import HomeroomCore

/// The `webhooks` section of the configuration: where the HTTP server listens, and a section for
/// each installed platform (``PlatformModule``) with its secrets (a platform without one has no
/// endpoint) and the incoming-webhook URLs its notifications are posted to.
public struct WebhookSettings: Sendable {
    /// False: `homeroom serve` starts no HTTP server.
    public var enabled = true
    /// The address to listen on; `127.0.0.1` keeps the server on this machine (put a TLS proxy in front).
    public var host = "127.0.0.1"
    /// The port; 0 picks a free one (printed at start).
    public var port = 8080
    /// Larger request bodies get 413.
    public var maximumBodyBytes = 65_536
    /// A request whose headers are larger gets 400 and its connection is closed.
    public var maximumHeaderBytes = 16_384
    /// A connection with no request under way for this many seconds is closed; a request's
    /// headers must arrive within it.
    public var idleTimeoutSeconds = 60.0
    /// A request's body must have arrived this many seconds after its headers, or the
    /// connection is closed.
    public var readTimeoutSeconds = 10.0
    /// The bearer token that lets a caller from another machine read `/healthz` in full and
    /// `/metrics`; nil lets only this machine (loopback, not through a proxy) see them.
    public var statusToken: String?
    /// A command not answered within this many seconds is acknowledged at once and answered
    /// later through the platform's response URL (Slack allows 3 s).
    public var acknowledgeAfterSeconds = 2.5
    /// Signed requests whose timestamp is further than this from the clock are refused (replays).
    public var timestampToleranceSeconds = 300.0
    /// Seconds an outgoing post (a notification, a late answer) may take.
    public var deliveryTimeoutSeconds = 10.0
    /// The installed platforms, in the order their sections are listed.
    package let platforms: [any PlatformModule.Type]
    /// Each platform's section, by its key; a platform without one has its defaults.
    private var sections: [String: any PlatformSettingsSection] = [:]

    enum CodingKeys: String, CodingKey, CaseIterable {
        case enabled, host, port, maximumBodyBytes, maximumHeaderBytes, idleTimeoutSeconds, readTimeoutSeconds,
            statusToken, acknowledgeAfterSeconds, timestampToleranceSeconds, deliveryTimeoutSeconds
    }

    /// The defaults, with `platforms` installed: listening on 127.0.0.1:8080 with no platform set up.
    package init(platforms: [any PlatformModule.Type]) {
        self.platforms = platforms
    }

    /// Reads the `webhooks` section, with a section for each of `platforms`.
    package init(from decoder: any Decoder, platforms: [any PlatformModule.Type]) throws {
        self.platforms = platforms
        try decoder.rejectUnknownKeys(named: CodingKeys.allCases.map(\.stringValue) + platforms.map { $0.sectionKey })
        let container = try decoder.container(keyedBy: CodingKeys.self)
        enabled = try container.decode(.enabled, or: enabled)
        host = try container.decode(.host, or: host)
        port = try container.decode(.port, or: port)
        maximumBodyBytes = try container.decode(.maximumBodyBytes, or: maximumBodyBytes)
        maximumHeaderBytes = try container.decode(.maximumHeaderBytes, or: maximumHeaderBytes)
        idleTimeoutSeconds = try container.decode(.idleTimeoutSeconds, or: idleTimeoutSeconds)
        readTimeoutSeconds = try container.decode(.readTimeoutSeconds, or: readTimeoutSeconds)
        statusToken = try container.decodeSecret(.statusToken, environment: decoder.homeroomEnvironment)
        acknowledgeAfterSeconds = try container.decode(.acknowledgeAfterSeconds, or: acknowledgeAfterSeconds)
        timestampToleranceSeconds = try container.decode(.timestampToleranceSeconds, or: timestampToleranceSeconds)
        deliveryTimeoutSeconds = try container.decode(.deliveryTimeoutSeconds, or: deliveryTimeoutSeconds)
        let sections = try decoder.container(keyedBy: AnyCodingKey.self)
        for platform in platforms { try decodeSection(of: platform, from: sections) }
        guard !host.isEmpty, !host.contains(where: \.isWhitespace) else {
            throw container.invalid(.host, "an address such as 127.0.0.1 or 0.0.0.0")
        }
        guard (0...65535).contains(port) else { throw container.invalid(.port, "a port from 1 to 65535, or 0 for any") }
        guard (1024...104_857_600).contains(maximumBodyBytes) else {
            throw container.invalid(.maximumBodyBytes, "from 1024 to 104857600")
        }
        guard (1024...1_048_576).contains(maximumHeaderBytes) else {
            throw container.invalid(.maximumHeaderBytes, "from 1024 to 1048576")
        }
        guard idleTimeoutSeconds > 0, idleTimeoutSeconds <= 3600 else {
            throw container.invalid(.idleTimeoutSeconds, "above 0 and at most 3600")
        }
        guard readTimeoutSeconds > 0, readTimeoutSeconds <= 3600 else {
            throw container.invalid(.readTimeoutSeconds, "above 0 and at most 3600")
        }
        if let statusToken, statusToken.utf8.count < 16 {
            throw container.invalid(.statusToken, "at least 16 characters (e.g. from: openssl rand -hex 24)")
        }
        guard acknowledgeAfterSeconds > 0, acknowledgeAfterSeconds <= 2.9 else {
            throw container.invalid(.acknowledgeAfterSeconds, "above 0 and at most 2.9 (Slack waits 3 s)")
        }
        guard timestampToleranceSeconds >= 10, timestampToleranceSeconds <= 86_400 else {
            throw container.invalid(.timestampToleranceSeconds, "from 10 to 86400")
        }
        guard deliveryTimeoutSeconds > 0, deliveryTimeoutSeconds <= 3600 else {
            throw container.invalid(.deliveryTimeoutSeconds, "above 0 and at most 3600")
        }
    }

    /// The section of `platform`, or its defaults when the configuration has none.
    private mutating func decodeSection<Platform: PlatformModule>(
        of platform: Platform.Type, from container: KeyedDecodingContainer<AnyCodingKey>
    ) throws {
        let key = AnyCodingKey(stringValue: Platform.sectionKey)
        if let section = try container.decodeIfPresent(Platform.Settings.self, forKey: key) { self[platform] = section }
    }

    /// The settings of `platform`: its section, or its defaults.
    package subscript<Platform: PlatformModule>(_ platform: Platform.Type) -> Platform.Settings {
        get { sections[Platform.sectionKey] as? Platform.Settings ?? Platform.Settings() }
        set { sections[Platform.sectionKey] = newValue }
    }

    /// The chat platforms whose commands this configuration takes over HTTP, in the order they are
    /// installed. (Some serve other paths too, such as a Teams bot's.)
    package var platformsTakingCommands: [WebhookPlatform] {
        platforms.filter { $0.takesCommands(self) }.map { $0.platform }
    }

    /// The platforms whose outgoing notifications have URLs, by adapter name.
    package var incomingWebhooks: [WebhookPlatform: [String: URL]] {
        var urls: [WebhookPlatform: [String: URL]] = [:]
        for platform in platforms {
            let platformURLs = platform.incomingWebhooks(self)
            if !platformURLs.isEmpty { urls[platform.platform] = platformURLs }
        }
        return urls
    }
}

extension KeyedDecodingContainer {
    /// A platform's API address (or a key address): an http or https URL; `fallback` when absent.
    package func decodeAPIBaseURL(_ key: Key, or fallback: URL) throws -> URL {
        guard let text = try decodeIfPresent(String.self, forKey: key) else { return fallback }
        guard let url = URL(string: text), url.isWebAddress else {
            throw invalid(key, "an https URL such as \(fallback.absoluteString)")
        }
        return url
    }

    /// A map of channel → incoming-webhook URL; each must be an http or https URL.
    package func decodeWebhookURLs(_ key: Key) throws -> [String: URL] {
        let texts = try decode(key, or: [String: String]())
        var urls: [String: URL] = [:]
        for (channel, text) in texts {
            guard let url = URL(string: text), url.isWebAddress else {
                throw invalid(key, "\"\(channel)\": \"\(text)\" is not an https URL")
            }
            urls[channel] = url
        }
        return urls
    }
}
