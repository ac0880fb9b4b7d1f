import Campus
import Foundation
import HomeroomCore

/// Campus directions: scan the QR code where you stand, name a room or a place, get the way there.
///
/// The campus (buildings, checkpoints, links, rooms, places) is imported by an admin with
/// `homeroom import campus FILE`, or named in the configuration (`campusFile`, per school); each printed QR code opens `/here/CHECKPOINT` on the webhook
/// server, and `/here CHECKPOINT` in chat remembers where the person stands.
public struct DirectionsPlugin: ConfigurablePlugin {
    public static let id = "directions"

    /// The `plugins.directions` configuration section.
    public struct Settings: Decodable, Sendable {
        /// The address phones reach the webhook server at; QR codes encode `publicURL/here/CHECKPOINT`.
        public var publicURL = "http://127.0.0.1:8080"
        /// How long a checkpoint named with `/here` stays the person's starting point, in minutes.
        public var locationMinutes = 30
        /// Seconds the campus map is used from memory before its revision is checked again: how long
        /// a change written without a word can take to show (`homeroom import campus` tells every
        /// instance at once).
        public var cacheSeconds = 30.0
        /// A campus file (.json) brought into the campus of each school reading this setting (the
        /// group's, for schools sharing one) when it differs from the stored one; nil: imports only.
        public var campusFile: String?

        enum CodingKeys: String, CodingKey, CaseIterable {
            case publicURL, locationMinutes, cacheSeconds, campusFile
        }

        /// The defaults.
        public init() {}

        public init(from decoder: any Decoder) throws {
            try decoder.rejectUnknownKeys(CodingKeys.self)
            let container = try decoder.container(keyedBy: CodingKeys.self)
            publicURL = try container.decode(.publicURL, or: publicURL)
            locationMinutes = try container.decode(.locationMinutes, or: locationMinutes)
            cacheSeconds = try container.decode(.cacheSeconds, or: cacheSeconds)
            campusFile = try container.decodeIfPresent(String.self, forKey: .campusFile)
        }
    }

    let settings: Settings
    let cache: ExpiringCache<String, CampusStore.Revised>
    /// The configured campus file, when there is one.
    let configuredCampus: ConfiguredCampus?

    public init(settings: Settings) throws {
        guard let url = URL(string: settings.publicURL), url.isWebAddress, url.query == nil,
            settings.publicURL.allSatisfy(\.isASCII)
        else {
            throw UserFacingError(
                "publicURL must be an http or https address in ASCII, like https://homeroom.school.example")
        }
        guard (1...1440).contains(settings.locationMinutes) else {
            throw UserFacingError("locationMinutes must be 1 to 1440")
        }
        guard (0...3600).contains(settings.cacheSeconds) else {
            throw UserFacingError("cacheSeconds must be 0 to 3600")
        }
        if let path = settings.campusFile {
            guard !path.trimmingCharacters(in: .whitespaces).isEmpty, path.count <= 4096, !path.contains("\0") else {
                throw UserFacingError("campusFile must be the path of a campus .json file, or be left out")
            }
        }
        configuredCampus = settings.campusFile.map(ConfiguredCampus.init(path:))
        cache = ExpiringCache(timeToLive: settings.cacheSeconds, capacity: 1_000)
        var settings = settings
        while settings.publicURL.hasSuffix("/") { settings.publicURL.removeLast() }
        self.settings = settings
    }

    /// The address a checkpoint's QR code encodes: `publicURL/here/CHECKPOINT`.
    public func pageAddress(of checkpoint: String) -> String {
        "\(settings.publicURL)/here/\(checkpoint.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? checkpoint)"
    }

    public var migrations: [Migration] { CampusStore.migrations() }

    /// The campus read into memory, emptied on every instance when a campus file is imported.
    public var caches: [String: SharedCache] { ["campus": SharedCache(cache)] }

    public var commands: [Command] { [hereCommand, directionsCommand, roomsCommand, placesCommand] }

    public var pages: [WebPage] {
        [WebPage("here", handler: herePage)]
    }

    /// The console's campus page: the checkpoints' QR codes as a printable sheet.
    public var consolePages: [ConsolePage] { [campusPage] }

    func store(_ storage: PluginStorage) -> CampusStore { CampusStore(storage: storage, cache: cache) }

    /// The campus of `services`' scope now, or nil before the first import; the configured
    /// campus file is brought in first, at a scope's first question.
    func campus(for services: PluginServices) async throws -> Campus? {
        await configuredCampus?.apply(to: services)
        return try await store(services.storage).campus(at: services.clock.now)
    }

    /// The campus now, or the error, in the reader's `words`, saying none is imported yet.
    func campus(for services: PluginServices, _ words: Words) async throws -> Campus {
        guard let campus = try await campus(for: services) else { throw UserFacingError(noCampusYet(words)) }
        return campus
    }

    /// Says, in the reader's `words`, that no campus is imported yet and how an admin imports one.
    func noCampusYet(_ words: Words) -> String {
        words("no campus map yet — an admin imports one with: {command}", ["command": "homeroom import campus FILE"])
    }
}
