import Foundation
import HomeroomCore
import Hummingbird

/// `POST /google-chat/events`: a Google Chat app's events.
struct GoogleChatEndpoint: Sendable {
    let settings: GoogleChatSettings
    let dependencies: WebhookServer.Dependencies
    let gateway: CommandGateway

    func respond(to request: RawRequest) async throws(WebhookRejection) -> Response {
        guard settings.takesEvents else { throw .notSetUp("Google Chat", key: "googleChat.projectNumber") }
        throw .badRequest("Google Chat is not written yet")
    }
}
