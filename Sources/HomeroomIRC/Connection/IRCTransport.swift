import Foundation
import NIOCore
import NIOPosix
import NIOSSL

/// Opens the TCP (and TLS) connection to a network and frames it into lines.
enum IRCTransport {
    typealias Connection = NIOAsyncChannel<ByteBuffer, ByteBuffer>

    /// Connects within the settings' timeout (name lookup included). TLS verifies the server's
    /// certificate and name unless `allowInvalidCertificate` is set.
    static func connect(_ network: IRCNetworkSettings) async throws -> Connection {
        let tls: NIOSSLContext?
        if network.tls {
            var configuration = TLSConfiguration.makeClientConfiguration()
            if network.allowInvalidCertificate { configuration.certificateVerification = .none }
            tls = try NIOSSLContext(configuration: configuration)
        } else {
            tls = nil
        }
        let host = network.host
        // SNI takes a name, not an address.
        let serverName = (try? SocketAddress(ipAddress: host, port: 0)) == nil ? host : nil
        return try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(.milliseconds(Int64(network.connectTimeoutSeconds * 1000)))
            .channelOption(.socketOption(.so_keepalive), value: 1)
            .channelOption(.tcpOption(.tcp_nodelay), value: 1)
            .connect(host: host, port: network.port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    if let tls {
                        try channel.pipeline.syncOperations.addHandler(
                            try NIOSSLClientHandler(context: tls, serverHostname: serverName))
                    }
                    try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(IRCLineDecoder()))
                    return try Connection(wrappingChannelSynchronously: channel)
                }
            }
    }
}
