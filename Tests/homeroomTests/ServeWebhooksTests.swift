import Foundation
import HomeroomTesting
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `homeroom serve` with the webhook adapter, as an admin starts it.
@Suite struct ServeWebhooksTests {
    static let token = "kiosk-token-0123456789abcdef"

    @Test func serveAnswersTheJSONAPIAndHealthOnItsPort() async throws {
        let homeroom = try HomeroomProcess()
        defer { homeroom.remove() }
        let config = try homeroom.writeConfig(
            #", "console": {"enabled": false}, "webhooks": {"port": 0, "api": {"clients": {"kiosk": {"token": "env:KIOSK_TOKEN"}}}}"#
        )
        let server = try RunningHomeroom(
            homeroom, ["serve", "--config", config], environment: ["KIOSK_TOKEN": Self.token])
        try await server.waitFor("/api/v1/messages")
        let line = server.printed.split(separator: "\n").first { $0.hasPrefix("Webhooks on http://127.0.0.1:") }
        let base = try #require(line.flatMap { $0.split(separator: " ").dropFirst(2).first }).dropLast()
        var request = URLRequest(url: URL(string: "\(base)/api/v1/messages")!)
        request.httpMethod = "POST"
        request.setValue("Bearer \(Self.token)", forHTTPHeaderField: "Authorization")
        request.httpBody = Data(#"{"user": "ada", "text": "/lunch 2026-12-03"}"#.utf8)
        let (data, response) = try await URLSession.shared.data(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(String(decoding: data, as: UTF8.self).contains("Thursday, December 3"))
        let (health, healthResponse) = try await URLSession.shared.data(from: URL(string: "\(base)/healthz")!)
        #expect((healthResponse as? HTTPURLResponse)?.statusCode == 200)
        #expect(String(decoding: health, as: UTF8.self).contains(#""status":"ok""#))
        kill(server.process.processIdentifier, SIGTERM)
        #expect(try await server.waitForExit() == 0)
    }

    @Test func aPortInUseStopsStartUpWithAClearError() async throws {
        let taken = try await LoopbackHTTPServer.start()
        defer { Task { await taken.stop() } }
        let homeroom = try HomeroomProcess()
        defer { homeroom.remove() }
        let config = try homeroom.writeConfig(#", "console": {"enabled": false}, "webhooks": {"port": \#(taken.port)}"#)
        let result = try await homeroom.run(["serve", "--config", config])
        #expect(result.status == 1)
        #expect(result.errors.contains("homeroom: stopped:"), "\(result.errors)")
        #expect(
            result.errors.contains(
                "the webhook server cannot listen on 127.0.0.1:\(taken.port): another program uses that port"),
            "\(result.errors)")
    }

    @Test func aBadWebhookSettingStopsStartUpNamingTheKey() async throws {
        let homeroom = try HomeroomProcess()
        defer { homeroom.remove() }
        let config = try homeroom.writeConfig(#", "webhooks": {"discord": {"publicKey": "xyz"}}"#)
        let result = try await homeroom.run(["serve", "--config", config])
        #expect(result.status == 2)
        #expect(result.errors.contains("config error: webhooks.discord.publicKey: 64 hex digits"), "\(result.errors)")
    }
}
