import Crypto
import Dispatch
import Foundation
import HomeroomCore
import HomeroomDiscord
import HomeroomEngine
import HomeroomMattermost
import HomeroomMessageAPI
import HomeroomSlack
import HomeroomTeams
import HomeroomTesting
import HomeroomWebhooks
import InstalledPlatforms
import Lunch
import Synchronization

/// libFuzzer entry: requests to the webhook server, as each platform sends them. A real server (a
/// bot with the lunch plugin on SQLite) listens on a loopback port for the whole run. The low
/// seven bits of the first byte, modulo 6, pick the endpoint: Slack, Mattermost, Discord, Teams,
/// the JSON API signed, the JSON API with a bearer token. The rest is the body, signed here as the
/// platform signs it so that it reaches the decoders. With the top bit of the first byte set, the
/// body's first line is sent as the signed timestamp instead of the clock's.
@_cdecl("LLVMFuzzerTestOneInput")
func webhooksFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let selector = data[0]
    var body = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    let server = FuzzedServer.shared
    // A second apart, so that the replay guard forgets old signatures as it does in service.
    server.bot.clock.advance(by: 1)
    var timestamp = String(Int(server.bot.clock.now.timeIntervalSince1970))
    if selector & 0x80 != 0 {
        let line = body.prefix { $0 != UInt8(ascii: "\n") }
        body = Array(body.dropFirst(line.count + 1))
        // Header values cannot hold control characters; the rest of the line is the timestamp.
        timestamp = String(decoding: line.prefix(64).filter { $0 >= 0x20 && $0 < 0x7F }, as: UTF8.self)
    }
    let request: (path: String, type: String, headers: [(String, String)])
    switch (selector & 0x7F) % 6 {
    case 0:
        request = (
            "/slack/commands", "application/x-www-form-urlencoded",
            [
                ("X-Slack-Request-Timestamp", timestamp),
                ("X-Slack-Signature", "v0=" + FuzzedServer.hmac(FuzzedServer.secret, "v0:\(timestamp):", body)),
            ]
        )
    case 1:
        body = Array("token=\(FuzzedServer.secret)&".utf8) + body
        request = ("/mattermost/commands", "application/x-www-form-urlencoded", [])
    case 2:
        let key = try! Curve25519.Signing.PrivateKey(rawRepresentation: server.discordKey)
        let signature = try! key.signature(for: Array(timestamp.utf8) + body)
        request = (
            "/discord/interactions", "application/json",
            [("X-Signature-Timestamp", timestamp), ("X-Signature-Ed25519", FuzzedServer.hex(signature))]
        )
    case 3:
        let code = HMAC<SHA256>.authenticationCode(for: body, using: SymmetricKey(data: FuzzedServer.teamsKey))
        request = (
            "/teams/messages", "application/json", [("Authorization", "HMAC " + Data(code).base64EncodedString())]
        )
    case 4:
        request = (
            "/api/v1/messages", "application/json",
            [
                ("X-Homeroom-Client", "kiosk"), ("X-Homeroom-Timestamp", timestamp),
                ("X-Homeroom-Signature", "v1=" + FuzzedServer.hmac(FuzzedServer.secret, "v1:\(timestamp):", body)),
            ]
        )
    default:
        request = ("/api/v1/messages", "application/json", [("Authorization", "Bearer \(FuzzedServer.secret)")])
    }
    var head = "POST \(request.path) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: \(request.type)\r\n"
    for (name, value) in request.headers { head += "\(name): \(value)\r\n" }
    head += "Content-Length: \(body.count)\r\n\r\n"
    if let status = server.connection.withLock({ $0.send(Array(head.utf8) + body) }), status >= 500 {
        // Not a crash, but a request the server could not answer: worth a look.
        FileHandle.standardError.write(Data("HTTP \(status) from \(request.path)\n".utf8))
    }
    return 0
}

/// The bot and its webhook server, started once for the whole run.
final class FuzzedServer: Sendable {
    /// The Slack signing secret, Mattermost token and API client's token and HMAC secret.
    static let secret = "fuzzing-secret-0123456789abcdef"
    static let teamsKey = Array("fuzzing-teams-key-0123456789".utf8)
    static let shared = FuzzedServer()

    let bot: TestBot
    /// The Discord application's private key (its raw bytes).
    let discordKey: [UInt8]
    let connection: Mutex<LoopbackConnection>

    private init() {
        let discordKey = Array(Curve25519.Signing.PrivateKey().rawRepresentation)
        let started = Handoff<(TestBot, Int)>()
        Task {
            do {
                let bot = try await TestBot.start(plugins: [LunchPlugin.self], at: "2026-11-23T12:00:00-05:00")
                var settings = WebhookSettings()
                settings.port = 0
                settings.slack.signingSecret = Self.secret
                settings.mattermost.tokens = [Self.secret]
                let publicKey = try Curve25519.Signing.PrivateKey(rawRepresentation: discordKey).publicKey
                settings.discord.publicKey = Self.hex(publicKey.rawRepresentation)
                settings.teams.secret = Data(Self.teamsKey).base64EncodedString()
                settings.api.clients = ["kiosk": .init(token: Self.secret, hmacSecret: Self.secret)]
                let dependencies = WebhookServer.Dependencies(
                    dispatcher: bot.runtime.dispatcher, database: bot.runtime.database, outbox: bot.runtime.outbox,
                    clock: bot.clock, fetcher: RefusingFetcher(), adapterStatus: bot.runtime.adapterStatus,
                    roster: bot.runtime.roster, metrics: nil, logger: TestBot.testLogger())
                let server = WebhookServer(settings: settings, dependencies: dependencies) { listening in
                    started.put((bot, listening.port))
                }
                try await server.run()
            } catch {
                fatalError("the fuzzed webhook server did not start: \(error)")
            }
        }
        let (bot, port) = started.value
        self.bot = bot
        self.discordKey = discordKey
        connection = Mutex(LoopbackConnection(port: port))
    }

    static func hmac(_ secret: String, _ prefix: String, _ body: [UInt8]) -> String {
        hex(
            HMAC<SHA256>.authenticationCode(
                for: Array(prefix.utf8) + body, using: SymmetricKey(data: Array(secret.utf8))))
    }

    static func hex(_ bytes: some Sequence<UInt8>) -> String {
        bytes.map { String(format: "%02x", $0) }.joined()
    }
}

/// Late answers posted to a `response_url` go nowhere: the fuzzed server must not reach outside.
struct RefusingFetcher: HTTPFetching {
    func fetch(_ request: FetchRequest) async throws(FetchError) -> FetchResponse {
        throw FetchError("the fuzzed server fetches nothing")
    }

    func send(_ request: OutgoingRequest) async throws(FetchError) -> OutgoingResponse {
        throw FetchError("the fuzzed server sends nothing")
    }
}

/// A value handed from a task to a thread that waits for it.
final class Handoff<Value: Sendable>: Sendable {
    private let stored = Mutex<Value?>(nil)
    private let ready = DispatchSemaphore(value: 0)

    func put(_ value: Value) {
        stored.withLock { $0 = value }
        ready.signal()
    }

    /// The value, once it was put; waits until then.
    var value: Value {
        if let value = stored.withLock({ $0 }) { return value }
        ready.wait()
        return stored.withLock { $0! }
    }
}
