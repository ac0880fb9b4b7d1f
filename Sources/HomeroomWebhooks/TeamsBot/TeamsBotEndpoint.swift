import Foundation
import HomeroomCore
import Hummingbird

/// `POST /teams/bot`: a Bot Framework activity for the Teams bot.
struct TeamsBotEndpoint: Sendable {
    let settings: TeamsSettings
    let dependencies: WebhookServer.Dependencies
    let gateway: CommandGateway

    func respond(to request: RawRequest) async throws(WebhookRejection) -> Response {
        guard settings.appID != nil else { throw .notSetUp("the Teams bot", key: "teams.appID") }
        throw .badRequest("the Teams bot is not written yet")
    }
}
