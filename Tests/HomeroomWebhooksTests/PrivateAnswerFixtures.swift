import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomTeams
import HomeroomTesting

/// What the private-answer tests put in the outbox so that `/admin outbox` previews someone
/// else's private notification: the words that must never show in a channel.
enum PrivateAnswerFixtures {
    /// The preview `/admin outbox` shows of the given-up notification.
    static let secret = "Report card for Ada: chemistry C-"

    /// Queues a notification to another person with ``secret`` in it and gives it up, as a
    /// platform refusing it for good would.
    static func giveUpSomeonesNotification(in outbox: Outbox) async throws {
        try await outbox.enqueue(
            adapter: "teams", target: .user(UserID(adapter: "teams", id: "tenant:ada")), lines: [secret],
            idempotencyKey: "report-card:ada")
        for message in try await outbox.claim(for: "teams") {
            try await outbox.markFailed(message, error: "Teams cannot reach teams:tenant:ada", permanent: true)
        }
    }
}
