import AsyncHTTPClient
import Crypto
import Foundation
import HomeroomCore
import HomeroomRuntime
import HomeroomTestbed
import HomeroomTesting
import HomeroomWebhooks
import InstalledPlatforms
import Lunch
import NIOCore
import Prometheus
import Testing

/// A bot (lunch plus a gated slow command) behind a real webhook server on a loopback port, and
/// an HTTP client to talk to it.
struct WebhookHarness {
    /// What came back from the server.
    struct Answer {
        let status: Int
        let body: String
        let contentType: String?

        /// The body as a JSON object.
        var json: [String: Any] {
            (try? JSONSerialization.jsonObject(with: Data(body.utf8))) as? [String: Any] ?? [:]
        }
    }

    let bot: TestBot
    /// What the server was given from the bot's runtime (a platform's sender is made from them).
    let dependencies: WebhookServer.Dependencies
    /// The settings the server runs with.
    let settings: WebhookSettings
    /// The server's port on 127.0.0.1.
    let port: Int
    let baseURL: String
    let registry: PrometheusCollectorRegistry
    /// The gate `/slow` waits for.
    let gate: Gate

    /// How long the tests' bot may take to answer within the response. Production waits 2.5 s
    /// (Slack allows 3); a loaded two-core test machine can take longer, and the tests of an
    /// answer in the response are not about speed. The late path is tested with 0.2 s.
    static let answerInResponseSeconds = 30.0

    /// Starts everything, runs `body`, stops everything.
    static func with(
        at instant: String = "2026-11-23T12:00:00-05:00", plugins: [any ConfigurablePlugin.Type] = [],
        backend: DatabaseBackend = .sqlite, settings configureSettings: (inout WebhookSettings) -> Void = { _ in },
        configure: (inout HomeroomConfiguration) -> Void = { _ in }, log: LogRecorder? = nil,
        _ body: (WebhookHarness) async throws -> Void
    ) async throws {
        let gateName = UUID().uuidString
        let registry = PrometheusCollectorRegistry()
        let bot = try await TestBot.start(
            plugins: [LunchPlugin.self, GatePlugin.self] + plugins, at: instant, backend: backend,
            metrics: PrometheusMetricsFactory(registry: registry)
        ) { configuration in
            configuration.plugins["gate"] = .object(["name": .string(gateName)])
            configure(&configuration)
        }
        var settings = WebhookSettings()
        settings.port = 0
        settings.acknowledgeAfterSeconds = answerInResponseSeconds
        settings.teams.answerWithin = .seconds(answerInResponseSeconds)
        configureSettings(&settings)
        let dependencies = WebhookServer.Dependencies(
            dispatcher: bot.runtime.dispatcher, database: bot.runtime.database, outbox: bot.runtime.outbox,
            clock: bot.clock, fetcher: bot.runtime.fetcher, adapterStatus: bot.runtime.adapterStatus,
            roster: bot.runtime.roster, metrics: registry, logger: log?.logger() ?? TestBot.testLogger())
        let (ports, portContinuation) = AsyncStream.makeStream(of: Int.self)
        let server = WebhookServer(settings: settings, dependencies: dependencies) { listening in
            portContinuation.yield(listening.port)
        }
        do {
            try await withRunningService(server, stopped: { portContinuation.finish() }) {
                var iterator = ports.makeAsyncIterator()
                guard let port = await iterator.next() else { throw HarnessError.serverDidNotStart }
                let harness = WebhookHarness(
                    bot: bot, dependencies: dependencies, settings: settings, port: port,
                    baseURL: "http://127.0.0.1:\(port)", registry: registry,
                    gate: Gate.named(gateName))
                defer { harness.gate.open() }
                try await body(harness)
            }
        } catch {
            await bot.stop()
            throw error
        }
        await bot.stop()
    }

    enum HarnessError: Error { case serverDidNotStart }

    /// Sends `body` to `path` with `headers`.
    func post(_ path: String, body: [UInt8], headers: [(String, String)] = []) async throws -> Answer {
        var request = HTTPClientRequest(url: baseURL + path)
        request.method = .POST
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        request.body = .bytes(body)
        return try await send(request)
    }

    /// Sends `text` to `path`.
    func post(_ path: String, text: String, headers: [(String, String)] = []) async throws -> Answer {
        try await post(path, body: Array(text.utf8), headers: headers)
    }

    /// Gets `path` with `headers`.
    func get(_ path: String, headers: [(String, String)] = []) async throws -> Answer {
        var request = HTTPClientRequest(url: baseURL + path)
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        return try await send(request)
    }

    private func send(_ request: HTTPClientRequest) async throws -> Answer {
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(60))
        let body = try await response.body.collect(upTo: 10_000_000)
        return Answer(
            status: Int(response.status.code), body: String(buffer: body),
            contentType: response.headers.first(name: "Content-Type"))
    }
}

/// Builds signed requests the way each platform does.
enum Signing {
    /// `name=value&…`, percent-encoded as browsers and Slack do.
    static func form(_ fields: [(String, String)]) -> String {
        fields.map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")" }
            .joined(separator: "&")
    }

    /// Slack's `v0=` signature of `body` at `timestamp`.
    static func slack(secret: String, timestamp: String, body: String) -> String {
        let code = HMAC<SHA256>.authenticationCode(
            for: Array("v0:\(timestamp):\(body)".utf8), using: SymmetricKey(data: Array(secret.utf8)))
        return "v0=" + code.map { String(format: "%02x", $0) }.joined()
    }

    /// Homeroom's API `v1=` signature.
    static func api(secret: String, timestamp: String, body: String) -> String {
        let code = HMAC<SHA256>.authenticationCode(
            for: Array("v1:\(timestamp):\(body)".utf8), using: SymmetricKey(data: Array(secret.utf8)))
        return "v1=" + code.map { String(format: "%02x", $0) }.joined()
    }

    /// The current instant of `bot`'s clock in whole seconds, as signed requests carry it.
    static func timestamp(_ bot: TestBot) -> String { String(Int(bot.clock.now.timeIntervalSince1970)) }
}
