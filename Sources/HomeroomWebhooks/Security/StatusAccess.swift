import HTTPTypes
import NIOCore

/// Who reads `/healthz` in full and `/metrics`: a request from this machine, or one that carries
/// the configured `webhooks.statusToken` as `Authorization: Bearer TOKEN`. Anyone else learns only
/// whether the service is up.
///
/// "From this machine" means a loopback peer with none of the headers a proxy adds
/// (`Forwarded`, `X-Forwarded-For`, `X-Real-IP`): a TLS proxy on the same machine forwards the
/// whole internet from a loopback address, and says so in those headers.
struct StatusAccess: Sendable {
    private let tokens: TokenList

    /// Access for `token` (nil: loopback only).
    init(token: String?) {
        tokens = TokenList(token.map { [("status", $0)] } ?? [])
    }

    /// True when a token is configured, so a caller without it is told to authenticate.
    var takesToken: Bool { !tokens.isEmpty }

    /// True when a request with `headers` from `peer` may see details.
    func grants(_ headers: HTTPFields, from peer: SocketAddress?) -> Bool {
        if Self.isLoopback(peer), !Self.proxyHeaders.contains(where: { headers[$0] != nil }) { return true }
        guard let authorization = headers[.authorization], let token = BearerToken.read(authorization) else {
            return false
        }
        return tokens.owner(of: token) != nil
    }

    /// True for 127.0.0.0/8, ::1 and IPv4-mapped 127.0.0.0/8.
    static func isLoopback(_ address: SocketAddress?) -> Bool {
        guard let address else { return false }
        switch address {
        case .v4: return address.ipAddress?.hasPrefix("127.") ?? false
        case .v6:
            guard let text = address.ipAddress?.lowercased() else { return false }
            return text == "::1" || text.hasPrefix("::ffff:127.")
        case .unixDomainSocket: return false
        }
    }

    private static let proxyHeaders: [HTTPField.Name] = [
        HTTPField.Name("Forwarded")!, HTTPField.Name("X-Forwarded-For")!, HTTPField.Name("X-Real-IP")!,
    ]
}
