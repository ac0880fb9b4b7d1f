import AsyncHTTPClient
import Foundation
import HomeroomConsole
import HomeroomCore
import HomeroomRuntime
import HomeroomTestbed
import HomeroomTesting
import HomeroomWebhooks
import InstalledPlatforms
import Lunch
import NIOCore
import NIOHTTP1
import Testing

/// A bot with the lunch plugin (or the plugins a test names) behind a real webhook server on a
/// loopback port, with the web console and the display, and a browser-like client that keeps the
/// session cookie.
struct ConsoleHarness {
    let bot: TestBot
    let baseURL: String
    let client: HTTPClient

    /// The admin signed in through chat.
    static let admin = "console:admin"

    struct Answer {
        let status: Int
        let body: String
        let headers: HTTPHeaders

        var location: String? { headers.first(name: "Location") }
        var setCookie: String? { headers.first(name: "Set-Cookie") }
    }

    /// Runs `body` with a harness whose bot carries `plugins` and stands at `instant`, with
    /// `configure` applied.
    static func with(
        plugins: [any ConfigurablePlugin.Type] = [LunchPlugin.self], at instant: String = "2026-11-23T12:00:00-05:00",
        configure: (inout HomeroomConfiguration) -> Void = { _ in },
        _ body: (ConsoleHarness) async throws -> Void
    ) async throws {
        try await TestBot.with(plugins: plugins, at: instant, configure: configure) { bot in
            var settings = WebhookSettings()
            settings.port = 0
            let dependencies = WebhookServer.Dependencies(
                dispatcher: bot.runtime.dispatcher, database: bot.runtime.database, outbox: bot.runtime.outbox,
                clock: bot.clock, fetcher: bot.runtime.fetcher, adapterStatus: bot.runtime.adapterStatus,
                roster: bot.runtime.roster, metrics: nil, logger: TestBot.testLogger())
            let routes = try #require(
                bot.runtime.webConsole.map {
                    WebConsoleRoutes(
                        signIns: $0, access: bot.runtime.access, login: bot.runtime.login,
                        dispatcher: bot.runtime.dispatcher, schoolName: "Test High")
                })
            let (ports, continuation) = AsyncStream.makeStream(of: WebhookServer.Listening.self)
            let server = WebhookServer(settings: settings, dependencies: dependencies, routeSets: [routes]) {
                continuation.yield($0)
            }
            let client = HTTPClient(
                eventLoopGroupProvider: .singleton, configuration: .init(redirectConfiguration: .disallow))
            do {
                try await withRunningService(server, stopped: { continuation.finish() }) {
                    var iterator = ports.makeAsyncIterator()
                    let listening = try #require(await iterator.next())
                    try await body(ConsoleHarness(bot: bot, baseURL: listening.baseURL, client: client))
                }
            } catch {
                try? await client.shutdown()
                throw error
            }
            try await client.shutdown()
        }
    }

    /// `GET path`, with `cookie` when given.
    func get(_ path: String, cookie: String? = nil) async throws -> Answer {
        var request = HTTPClientRequest(url: baseURL + path)
        if let cookie { request.headers.add(name: "Cookie", value: cookie) }
        return try await send(request)
    }

    /// `POST path` with `fields` form-encoded, as a page of this console posts it unless
    /// `headers` say otherwise.
    func post(
        _ path: String, _ fields: [String: String], cookie: String? = nil,
        headers: [String: String] = ["Sec-Fetch-Site": "same-origin"]
    ) async throws -> Answer {
        var request = HTTPClientRequest(url: baseURL + path)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if let cookie { request.headers.add(name: "Cookie", value: cookie) }
        var components = URLComponents()
        components.queryItems = fields.sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) }
        let body = (components.percentEncodedQuery ?? "").replacingOccurrences(of: "+", with: "%2B")
        request.body = .bytes(ByteBuffer(string: body))
        return try await send(request)
    }

    private func send(_ request: HTTPClientRequest) async throws -> Answer {
        let response = try await client.execute(request, timeout: .seconds(10))
        let body = try await response.body.collect(upTo: 4_000_000)
        return Answer(status: Int(response.status.code), body: String(buffer: body), headers: response.headers)
    }

    /// The path of the link `/admin web` gives `user` in a direct message.
    func link(for user: String = ConsoleHarness.admin) async throws -> String {
        let reply = try await bot.expect("/admin web", from: user, contains: "/console/signin/")
        let url = try #require(reply.text.split(separator: " ").last.map(String.init))
        return try #require(URL(string: url)?.path)
    }

    /// Signs `user` in with a new link; returns the cookie (`name=value`) and the session's form token.
    func signIn(_ user: String = ConsoleHarness.admin) async throws -> (cookie: String, csrf: String) {
        let answer = try await post(try await link(for: user), ["_action": "signin"])
        #expect(answer.status == 303 && answer.location == "/console")
        let cookie = try #require(answer.setCookie?.split(separator: ";").first.map(String.init))
        let home = try await get("/console", cookie: cookie)
        return (cookie, try #require(Self.csrf(in: home.body)))
    }

    /// The CSRF token in a page's forms.
    static func csrf(in page: String) -> String? {
        guard let range = page.range(of: #"name="csrf" value=""#) else { return nil }
        return String(page[range.upperBound...].prefix { $0 != "\"" })
    }
}
