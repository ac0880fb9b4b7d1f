import Hummingbird

/// Routes the webhook server serves besides the chat platforms' (the office's web console and
/// the hallway display), in a module of their own.
package protocol WebRouteSet: Sendable {
    /// The paths it serves, for the start-up line.
    var endpoints: [String] { get }
    /// The largest body a request to `path` may carry instead of `webhooks.maximumBodyBytes` (a
    /// file upload); nil keeps that limit.
    func bodyLimit(forPath path: String) -> Int?
    /// Adds its routes.
    func addRoutes(to router: Router<WebhookRequestContext>, context: PlatformRouteContext)
}
