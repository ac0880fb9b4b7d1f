import Foundation
import HomeroomCore
import HomeroomTestbed
import HomeroomTesting
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Three real `homeroom serve` processes on one fresh PostgreSQL database, as a district runs
/// them, tried as an operator would: a real ngircd, a loopback receiver for notifications, nginx
/// in front, `wrk` for load. The suites run one after another (three instances each); each needs
/// `HOMEROOM_TEST_POSTGRES_URL` (Scripts/test sets it) and is skipped without it.
///
/// The figures an operator asks for (failover time, raw posts and duplicates, requests per
/// second) are printed on lines starting with `scale-out:`.
@Suite(.serialized, .enabled(if: scaleOutCanRun, "needs HOMEROOM_TEST_POSTGRES_URL and a built homeroom"))
struct ScaleOutTests {}

/// True when PostgreSQL is there and `homeroom` is built.
let scaleOutCanRun = TemporaryDatabase.postgresServerURL != nil && HomeroomInstance.isBuilt

/// The school the three instances serve: one configuration, written once per instance.
struct ScaleOutSchool {
    /// The JSON API client every test posts as.
    static let client = "office"
    static let token = "scale-out-office-token-0123456789"
    /// The API user who is an admin by configuration (`api:office:principal`).
    static let admin = "principal"
    /// The IRC network's name (its duty is `irc:school`) and channel.
    static let network = "school"
    static let channel = "#lunch"
    /// The bot's nick; a second bot would be `homeroom_` or similar.
    static let nick = "homeroom"

    let databaseURL: String
    var ircPort: Int?
    var notificationURL: URL?

    /// The configuration file's JSON: PostgreSQL, no console, the webhook server on a free port
    /// with the API client, rate limits off (the load test is one user), the log at info (the
    /// roster says there which duties it took).
    var json: String {
        var webhooks: [String: Any] = [
            "port": 0, "api": ["clients": [Self.client: ["token": Self.token]]],
        ]
        if let notificationURL {
            webhooks["slack"] = ["incomingWebhooks": ["*": notificationURL.absoluteString]]
        }
        var configuration: [String: Any] = [
            "schoolName": "Scale-out High School",
            "storage": ["postgres": databaseURL],
            "console": ["enabled": false],
            "logLevel": "info",
            "rateLimit": ["enabled": false],
            "security": ["pinHashRounds": 1000],
            "admins": ["api:\(Self.client):\(Self.admin)"],
            "fetch": ["allowedHosts": ["127.0.0.1"]],
            "webhooks": webhooks,
        ]
        if let ircPort {
            configuration["irc"] = [
                "networks": [
                    [
                        "name": Self.network, "host": "127.0.0.1", "port": ircPort, "tls": false, "nick": Self.nick,
                        "channels": [Self.channel], "operatorName": NgircdServer.operatorName,
                        "operatorPassword": NgircdServer.operatorPassword, "userModes": "+F",
                        "firstReconnectSeconds": 1,
                    ] as [String: Any]
                ]
            ]
        }
        let data = (try? JSONSerialization.data(withJSONObject: configuration, options: [.sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    /// Runs `body` with three instances of this school on a fresh PostgreSQL database (given to
    /// `body` too), then stops them and drops the database, also when `body` throws.
    static func withCluster<Value: Sendable>(
        ircPort: Int? = nil, notificationURL: URL? = nil,
        _ body: (HomeroomCluster, TemporaryDatabase) async throws -> Value
    ) async throws -> Value {
        let database = try await TemporaryDatabase.make(.postgres)
        do {
            guard case .postgres(let url) = database.location else {
                throw ScaleOutFailure("the temporary database is not on PostgreSQL: \(database.location)")
            }
            let json = ScaleOutSchool(databaseURL: url, ircPort: ircPort, notificationURL: notificationURL).json
            let sameForEach: (Int) -> String = { _ in json }
            let value = try await HomeroomCluster.with(configuration: sameForEach) { cluster in
                try await body(cluster, database)
            }
            try await database.destroy()
            return value
        } catch {
            try? await database.destroy()
            throw error
        }
    }
}

/// Homeroom's JSON API, as a kiosk posts to it.
enum MessageAPI {
    struct Answer: Decodable {
        let replies: [String]
        let error: Bool
    }

    /// Sends `text` as `user` of the test client to the instance at `base`; the answer's lines.
    static func send(_ text: String, as user: String, to base: URL) async throws -> [String] {
        var request = URLRequest(url: base.appendingPathComponent("api/v1/messages"))
        request.httpMethod = "POST"
        request.setValue("Bearer \(ScaleOutSchool.token)", forHTTPHeaderField: "Authorization")
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = try JSONSerialization.data(withJSONObject: ["user": user, "text": text])
        let (data, response) = try await URLSession.shared.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard status == 200 else {
            throw ScaleOutFailure("\(base) answered \(status): \(String(decoding: data.prefix(300), as: UTF8.self))")
        }
        return try JSONDecoder().decode(Answer.self, from: data).replies
    }

    /// The sum of `homeroom_commands_total` on the instance at `base`'s `/metrics`.
    static func commandsHandled(by base: URL) async throws -> Double {
        let (data, response) = try await URLSession.shared.data(from: base.appendingPathComponent("metrics"))
        guard (response as? HTTPURLResponse)?.statusCode == 200 else {
            throw ScaleOutFailure("\(base)/metrics answered \((response as? HTTPURLResponse)?.statusCode ?? 0)")
        }
        return String(decoding: data, as: UTF8.self).split(separator: "\n")
            .filter { $0.hasPrefix("homeroom_commands_total") }
            .compactMap { $0.split(separator: " ").last.flatMap { Double($0) } }
            .reduce(0, +)
    }
}

/// What a scale-out test saw instead of what it waited for.
struct ScaleOutFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}

/// `duration` in milliseconds, for reports.
func milliseconds(_ duration: Duration) -> Int {
    let (seconds, attoseconds) = duration.components
    return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
}
