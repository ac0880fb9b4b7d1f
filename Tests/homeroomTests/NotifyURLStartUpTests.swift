import Foundation
import HomeroomTesting
import Testing

/// An API client's `notifyURL` on an address the fetch settings refuse could never be posted to:
/// `homeroom serve` stops before it starts anything, with one line naming the `notifyURL` and the
/// fetch setting that would open it. Listed there, the same address starts.
@Suite struct NotifyURLStartUpTests {
    private static func webhooks(notifyURL: String) -> String {
        #", "console": {"enabled": false}, "webhooks": {"port": 0, "api": {"clients": {"kiosk": "#
            + #"{"token": "kiosk-token-0123456789abcdef", "notifyURL": "\#(notifyURL)"}}}}"#
    }

    @Test(arguments: [
        (
            "http://127.0.0.1:9/hook?key=secret",
            "http://127.0.0.1:9/… is on the bot's own machine, which the fetch settings refuse: "
                + "nothing can be posted there unless fetch.allowedHosts allows it"
        ),
        (
            "https://10.20.0.5/hook",
            "https://10.20.0.5/… is on a private network, which the fetch settings refuse: "
                + "nothing can be posted there unless fetch.allowPrivateNetworks allows it"
        ),
        (
            "http://0.0.0.0:9/",
            "http://0.0.0.0:9/ is not an address anything can be posted to, whatever fetch says"
        ),
    ])
    func aRefusedNotifyURLStopsStartUpWithOneLineNamingBothKeys(notifyURL: String, problem: String) async throws {
        let homeroom = try HomeroomProcess()
        defer { homeroom.remove() }
        let config = try homeroom.writeConfig(Self.webhooks(notifyURL: notifyURL))
        let result = try await homeroom.run(["serve", "--config", config])
        #expect(result.status == 2)
        #expect(result.errors == "config error: webhooks.api.clients.kiosk.notifyURL: \(problem)\n")
        #expect(!result.errors.contains("secret"), "the address's path and query stay in the configuration")
        let database = homeroom.folder.appendingPathComponent("data/homeroom.sqlite").path
        #expect(!FileManager.default.fileExists(atPath: database), "nothing was started")
    }

    @Test func aNotifyURLTheFetchSettingsListStarts() async throws {
        let homeroom = try HomeroomProcess()
        defer { homeroom.remove() }
        let config = try homeroom.writeConfig(
            Self.webhooks(notifyURL: "http://127.0.0.1:9/hook") + #", "fetch": {"allowedHosts": ["127.0.0.1"]}"#)
        let server = try RunningHomeroom(homeroom, ["serve", "--config", config])
        try await server.waitFor("Homeroom is serving")
        kill(server.process.processIdentifier, SIGTERM)
        #expect(try await server.waitForExit() == 0)
    }
}
