import HomeroomCore
import Hummingbird

/// `POST /mattermost/commands`: a Mattermost slash command, authenticated by its token, then
/// answered as ``SlashCommandPlatform/mattermost``.
struct MattermostEndpoint: Sendable {
    /// The token alone, checked before anything else in the form is read.
    struct Credentials: Decodable {
        let token: String?
    }

    let tokens: TokenList
    let gateway: CommandGateway

    func respond(to request: RawRequest) async throws(WebhookRejection) -> Response {
        guard !tokens.isEmpty else { throw .notSetUp("Mattermost commands", key: "mattermost.tokens") }
        guard let token = try request.form(Credentials.self).token, !token.isEmpty else {
            throw .unauthorized("the command token is missing")
        }
        guard tokens.owner(of: token) != nil else { throw .unauthorized("the command token does not match") }
        return try await SlashCommandPlatform.mattermost.answer(request, gateway: gateway)
    }
}
