/// What a platform's routes share with the others: the settings, the runtime's services, the
/// bot's message path and the replay guard.
package struct PlatformRouteContext: Sendable {
    /// The `webhooks` settings, every platform's section included.
    package let settings: WebhookSettings
    /// What the server has from the runtime.
    package let dependencies: WebhookServer.Dependencies
    /// The bot's message path, with the deadline for answers.
    package let gateway: CommandGateway
    /// The signatures of signed requests already accepted.
    package let replays: ReplayGuard
}
