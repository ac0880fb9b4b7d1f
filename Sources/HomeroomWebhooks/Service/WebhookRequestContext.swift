import Hummingbird
import NIOCore

/// What the webhook server keeps for each request besides Hummingbird's own: the connection it
/// came on. Its peer address decides who sees `/healthz` in full (``StatusAccess``); the channel
/// is closed when a request outlasts its read deadline (``RequestBodyDeadline``).
package struct WebhookRequestContext: RequestContext, RemoteAddressRequestContext {
    package var coreContext: CoreRequestContextStorage
    /// The connection.
    let channel: any Channel
    /// The peer's address, as the connection was accepted.
    package let remoteAddress: SocketAddress?

    package init(source: ApplicationRequestContextSource) {
        coreContext = CoreRequestContextStorage(source: source)
        channel = source.channel
        remoteAddress = source.channel.remoteAddress
    }
}
