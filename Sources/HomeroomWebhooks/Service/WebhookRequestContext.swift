import Hummingbird
import NIOCore

/// What the webhook server keeps for each request besides Hummingbird's own: the connection it
/// came on. Its peer address decides who sees `/healthz` in full (``StatusAccess``); the channel
/// is closed when a request outlasts its read deadline (``RequestBodyDeadline``).
struct WebhookRequestContext: RequestContext, RemoteAddressRequestContext {
    var coreContext: CoreRequestContextStorage
    /// The connection.
    let channel: any Channel
    /// The peer's address, as the connection was accepted.
    let remoteAddress: SocketAddress?

    init(source: ApplicationRequestContextSource) {
        coreContext = CoreRequestContextStorage(source: source)
        channel = source.channel
        remoteAddress = source.channel.remoteAddress
    }
}
