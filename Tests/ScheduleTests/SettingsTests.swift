import Foundation
import HomeroomCore
import HomeroomRuntime
import HomeroomTesting
import Testing

@testable import Schedule

/// A bad `plugins.schedule` section stops start-up with one line naming the key.
@Suite struct SettingsTests {
    @Test(arguments: [
        (#"{"refreshMinutes": 7}"#, "config error: plugins.schedule: refreshMinutes must divide 60"),
        (
            #"{"calendarURL": "ftp://example.org/bells.ics"}"#,
            "config error: plugins.schedule: calendarURL must be an http"
        ),
        (
            #"{"calendarFile": "/nonexistent/bells.ics"}"#,
            "config error: plugins.schedule: calendarFile /nonexistent/bells.ics does not exist"
        ),
        (
            #"{"feedAlerts": ["staff"]}"#,
            "config error: plugins.schedule: feedAlerts entry \"staff\" must be ADAPTER:#channel"
        ),
        (#"{"maximumFeedBytes": 10}"#, "config error: plugins.schedule: maximumFeedBytes must be at least 1000"),
        (#"{"fetchTimeoutSeconds": 0}"#, "config error: plugins.schedule: fetchTimeoutSeconds must be 1 to 300"),
        (#"{"calendarUrl": "https://example.org/bells.ics"}"#, "config error: plugins.schedule.calendarUrl"),
    ])
    func badSettingsAreRefusedAtStartUp(json: String, message: String) async throws {
        let section = try JSONDecoder().decode(JSONValue.self, from: Data(json.utf8))
        let error = await #expect(throws: ConfigurationError.self) {
            let bot = try await TestBot.start(plugins: [SchedulePlugin.self]) { $0.plugins["schedule"] = section }
            await bot.stop()
        }
        #expect(error?.description.hasPrefix(message) == true, "\(error?.description ?? "no error")")
    }

    @Test func aWebcalAddressIsFetchedOverHTTPS() throws {
        let plugin = try SchedulePlugin(
            settings: decode(#"{"calendarURL": "webcal://calendar.example.org/bells.ics"}"#))
        #expect(plugin.source.origin == .feed(URL(string: "https://calendar.example.org/bells.ics")!))
        #expect(plugin.jobs.map(\.name) == ["refresh feed"])
    }

    func decode(_ json: String) throws -> SchedulePlugin.Settings {
        try JSONDecoder().decode(SchedulePlugin.Settings.self, from: Data(json.utf8))
    }
}
