import Foundation
import HomeroomCore
import HomeroomWebhooks
import Hummingbird

/// `POST /mattermost/commands`: a Mattermost slash command, authenticated by its token, then
/// answered as ``SlashCommandPlatform/mattermost``.
///
/// The token is the only credential, and it is one for the whole command: whoever holds it can
/// send any `user_id`. So ids are unverified (roles need `/login PIN` in a direct message) unless
/// `webhooks.mattermost.trustUserIDs` says otherwise. Each request must carry Mattermost's
/// `trigger_id` (``MattermostTrigger``), made for the same user within the timestamp tolerance
/// and never seen before: a captured request sent again is refused. While ids are unverified,
/// `/link` and `/unlink` are refused (``MattermostIdentityRule``).
struct MattermostEndpoint: Sendable {
    /// The token alone, checked before anything else in the form is read.
    struct Credentials: Decodable {
        let token: String?
    }

    let tokens: TokenList
    let platform: SlashCommandPlatform
    let replays: ReplayGuard
    let gateway: CommandGateway
    let identityRule: MattermostIdentityRule

    init(settings: MattermostSettings, replays: ReplayGuard, gateway: CommandGateway) {
        tokens = TokenList(settings.tokens.map { ("mattermost", $0) })
        platform = SlashCommandPlatform.mattermost.trustingSenders(settings.trustUserIDs)
            .answeringLateThrough(settings.serverURL)
        self.replays = replays
        self.gateway = gateway
        identityRule = MattermostIdentityRule(dispatcher: gateway.dispatcher)
    }

    func respond(to request: RawRequest) async throws(WebhookRejection) -> Response {
        guard !tokens.isEmpty else { throw .notSetUp("Mattermost commands", key: "mattermost.tokens") }
        guard let token = try request.form(Credentials.self).token, !token.isEmpty else {
            throw .unauthorized("the command token is missing")
        }
        guard tokens.owner(of: token) != nil else { throw .unauthorized("the command token does not match") }
        let form = try request.form(SlashCommandForm.self)
        try await checkFirstUse(form)
        if let refusal = identityRule.refusal(for: try platform.message(from: form, gateway: gateway)) {
            return JSONBody.response(SlashCommandMessage(responseType: "ephemeral", text: platform.escaping(refusal)))
        }
        return try await platform.answer(form, gateway: gateway)
    }

    /// Throws 401 unless the request's `trigger_id` is readable, names its `user_id`, was made
    /// within the timestamp tolerance, and was not seen before (503 when that cannot be checked).
    private func checkFirstUse(_ form: SlashCommandForm) async throws(WebhookRejection) {
        guard let text = form.trigger_id, !text.isEmpty else {
            throw .unauthorized("the trigger_id is missing (Mattermost sends one with every command)")
        }
        guard let trigger = MattermostTrigger(text) else { throw .unauthorized("the trigger_id is not Mattermost's") }
        guard trigger.userID == form.user_id else {
            throw .unauthorized("the trigger_id was made for another user")
        }
        try SignedTimestamp.check(trigger.instant, now: gateway.clock.now, tolerance: gateway.timestampTolerance)
        guard try await replays.firstUse(of: trigger.replayKey, signedAt: trigger.instant, now: gateway.clock.now)
        else { throw .unauthorized("this request was already received (a replay)") }
    }
}
