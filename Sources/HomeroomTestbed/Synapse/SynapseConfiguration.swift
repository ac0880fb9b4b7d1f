import Foundation

/// One of Synapse's rate limits: a bucket of `burstCount` actions refilled at `perSecond`.
public struct SynapseRateLimit: Sendable {
    /// Actions per second, once the burst is spent.
    public var perSecond: Double
    /// Actions allowed at once.
    public var burstCount: Int

    /// A limit of `perSecond` with bursts of `burstCount`.
    public init(perSecond: Double, burstCount: Int) {
        self.perSecond = perSecond
        self.burstCount = burstCount
    }

    /// So generous that no test meets it.
    public static let generous = SynapseRateLimit(perSecond: 1000, burstCount: 10_000)

    /// The limit as a YAML flow mapping.
    var yaml: String { "{per_second: \(perSecond), burst_count: \(burstCount)}" }
}

/// The `homeserver.yaml` and logging configuration of a test Synapse: one plain-HTTP client
/// listener on 127.0.0.1 (no federation listener, no key servers), SQLite, the shared-secret
/// registration on and open registration off, passwords hashed cheaply (bcrypt's fewest rounds),
/// no presence or URL previews, its log at WARNING in its folder.
struct SynapseConfiguration {
    let serverName: String
    let port: Int
    let folder: URL
    let registrationSecret: String
    let messageRateLimit: SynapseRateLimit?

    var homeserverYAML: String {
        let generous = SynapseRateLimit.generous.yaml
        return """
            server_name: "\(serverName)"
            pid_file: "\(path("homeserver.pid"))"
            public_baseurl: "http://127.0.0.1:\(port)/"
            listeners:
              - port: \(port)
                bind_addresses: ['127.0.0.1']
                type: http
                tls: false
                x_forwarded: false
                resources:
                  - names: [client]
                    compress: false
            database:
              name: sqlite3
              args:
                database: "\(path("homeserver.db"))"
            log_config: "\(path("logging.yaml"))"
            media_store_path: "\(path("media"))"
            signing_key_path: "\(path("signing.key"))"
            report_stats: false
            registration_shared_secret: "\(registrationSecret)"
            enable_registration: false
            bcrypt_rounds: 4
            macaroon_secret_key: "homeroom-test-macaroon"
            form_secret: "homeroom-test-form"
            trusted_key_servers: []
            suppress_key_server_warning: true
            federation_domain_whitelist: []
            presence:
              enabled: false
            url_preview_enabled: false
            rc_message: \((messageRateLimit ?? .generous).yaml)
            rc_registration: \(generous)
            rc_login:
              address: \(generous)
              account: \(generous)
              failed_attempts: \(generous)
            rc_joins:
              local: \(generous)
              remote: \(generous)
            rc_joins_per_room: \(generous)
            rc_invites:
              per_room: \(generous)
              per_user: \(generous)
              per_issuer: \(generous)
            rc_room_creation: \(generous)
            rc_admin_redaction: \(generous)

            """
    }

    var loggingYAML: String {
        """
        version: 1
        formatters:
          precise:
            format: '%(asctime)s - %(name)s - %(levelname)s - %(message)s'
        handlers:
          file:
            class: logging.FileHandler
            formatter: precise
            filename: "\(path("homeserver.log"))"
        root:
          level: WARNING
          handlers: [file]
        disable_existing_loggers: false

        """
    }

    private func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
}
