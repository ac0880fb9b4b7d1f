import Foundation
import HomeroomTesting
import Testing

@testable import HomeroomTeams
@testable import HomeroomWebhooks

/// A Teams outgoing webhook signs no time of its own, so the activity's `timestamp` (inside the
/// signed body) bounds a replay: an activity without one, or with one that cannot be read, is refused.
/// The activities follow the example request of
/// https://learn.microsoft.com/en-us/microsoftteams/platform/webhooks-and-connectors/how-to/add-outgoing-webhook
/// — "Create Outgoing Webhooks".
@Suite struct TeamsOutgoingWebhookTimeTests {
    @Test func anActivityWithoutAReadableTimestampIsRefused() async throws {
        try await WebhookHarness.with(settings: { $0.teams.secret = TeamsTests.secret }) { harness in
            let timed = TeamsTests.activity(text: "<at>Homeroom</at> lunch tomorrow")
            let untimed = timed.replacingOccurrences(of: #""timestamp": "2026-11-23T17:00:00.1234567Z", "#, with: "")
            #expect(!untimed.contains("timestamp"))
            let unreadable = ["yesterday", "", "2026-13-45T99:00:00Z", "1795453200"]
            for body in [untimed]
                + unreadable.map({ TeamsTests.activity(text: "<at>Homeroom</at> lunch tomorrow", timestamp: $0) })
            {
                let answer = try await TeamsTests.post(harness, body)
                #expect(answer.status == 401, "\(body)")
                #expect(answer.json["error"] as? String == "the activity has no readable timestamp", "\(answer.body)")
            }
            let old = try await TeamsTests.post(
                harness,
                TeamsTests.activity(text: "<at>Homeroom</at> lunch tomorrow", timestamp: "2026-11-23T16:54:59Z"))
            #expect(old.status == 401)
            #expect(old.json["error"] as? String == "the request's timestamp is more than 300 s away from now")
            let answer = try await TeamsTests.post(harness, timed)
            #expect(answer.status == 200, "a timed activity is still answered: \(answer.body)")
            #expect((answer.json["text"] as? String)?.contains("Tuesday, November 24") == true, "\(answer.body)")
        }
    }
}
