import Foundation
import HomeroomCore
import HomeroomWebhooks

/// E-mail (`webhooks.email`): the school's SMTP server, the address notifications come from, and
/// where their one-click unsubscribe links point. No section switches e-mail off.
public struct EmailSettings: PlatformSettingsSection {
    /// The server and the sending address; nil switches e-mail off.
    public var delivery: EmailDelivery?
    /// The most e-mails sent a minute (1 to 6000; 60 by default), to stay within the server's
    /// limits for one account.
    public var messagesPerMinute = 60

    enum CodingKeys: String, CodingKey, CaseIterable {
        case smtpURL, username, password, from, fromName, requireTLS, caFile, publicURL, unsubscribeSecret,
            messagesPerMinute
    }

    public init() {}

    /// Settings with e-mail on through `delivery`.
    public init(delivery: EmailDelivery, messagesPerMinute: Int = 60) {
        self.delivery = delivery
        self.messagesPerMinute = messagesPerMinute
    }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let environment = decoder.homeroomEnvironment
        let address = try container.decode(String.self, forKey: .smtpURL)
        guard let smtpURL = URL(string: address), EmailDelivery.isServerAddress(smtpURL) else {
            throw container.invalid(
                .smtpURL,
                "smtp://HOST:PORT or smtps://HOST:PORT, without a user, query or fragment (smtp://mail.school.example:587)"
            )
        }
        let username = try container.decodeIfPresent(String.self, forKey: .username)
        let password = try container.decodeSecret(.password, environment: environment)
        if (username == nil) != (password == nil) {
            throw container.invalid(.password, "a username and a password together, or neither")
        }
        guard let from = EmailAddress(try container.decode(String.self, forKey: .from)) else {
            throw container.invalid(.from, "the sending address, such as homeroom@school.example")
        }
        let fromName = try container.decodeIfPresent(String.self, forKey: .fromName)
        if let fromName, fromName.count > 100 { throw container.invalid(.fromName, "at most 100 characters") }
        let caFile = try container.decodeIfPresent(String.self, forKey: .caFile)
        if let caFile, !FileManager.default.isReadableFile(atPath: caFile) {
            throw container.invalid(
                .caFile, "a readable PEM file of the certificate authority that signed the server's")
        }
        let publicAddress = try container.decode(String.self, forKey: .publicURL)
        guard let publicURL = URL(string: publicAddress), publicURL.isWebAddress, publicURL.query == nil,
            publicAddress.utf8.count <= 500
        else {
            throw container.invalid(.publicURL, "an http or https address, such as https://homeroom.school.example")
        }
        guard let secret = try container.decodeSecret(.unsubscribeSecret, environment: environment),
            secret.utf8.count >= 16
        else {
            throw container.invalid(
                .unsubscribeSecret, "at least 16 characters that sign the unsubscribe links (openssl rand -hex 24)")
        }
        delivery = EmailDelivery(
            smtpURL: smtpURL, username: username, password: password, from: from, fromName: fromName,
            requireTLS: try container.decode(.requireTLS, or: true), caFile: caFile, publicURL: publicURL,
            unsubscribeSecret: secret)
        messagesPerMinute = try container.decode(.messagesPerMinute, or: messagesPerMinute)
        guard (1...6000).contains(messagesPerMinute) else {
            throw container.invalid(.messagesPerMinute, "from 1 to 6000 e-mails a minute")
        }
    }
}

/// The school's SMTP server, how Homeroom signs in to it, and what its e-mails say they are from.
public struct EmailDelivery: Sendable {
    /// `smtp://HOST:PORT` (STARTTLS, 587) or `smtps://HOST:PORT` (TLS from the start, 465).
    public var smtpURL: URL
    /// The account's name on the server; nil sends without signing in.
    public var username: String?
    /// The account's password (an admin credential; `env:NAME` reads it from the environment).
    public var password: String?
    /// The address e-mails come from.
    package var from: EmailAddress
    /// The name shown beside it (`Lincoln High School`).
    public var fromName: String?
    /// True (the default): on `smtp://`, STARTTLS is required and nothing, the password least of
    /// all, is sent before it; false tries STARTTLS and goes on without it.
    public var requireTLS: Bool
    /// A PEM file of the certificate authority that signed the server's certificate, for a school's
    /// own authority; nil trusts the system's.
    public var caFile: String?
    /// Homeroom's address as people's mail programs reach it (`https://homeroom.school.example`):
    /// the unsubscribe links point there.
    public var publicURL: URL
    /// The secret that signs the unsubscribe links (at least 16 characters).
    public var unsubscribeSecret: String

    /// A server, as configured; nil when `from` is not an address.
    public init?(
        smtpURL: URL, username: String? = nil, password: String? = nil, from: String, fromName: String? = nil,
        requireTLS: Bool = true, caFile: String? = nil, publicURL: URL, unsubscribeSecret: String
    ) {
        guard let address = EmailAddress(from) else { return nil }
        self.init(
            smtpURL: smtpURL, username: username, password: password, from: address, fromName: fromName,
            requireTLS: requireTLS, caFile: caFile, publicURL: publicURL, unsubscribeSecret: unsubscribeSecret)
    }

    init(
        smtpURL: URL, username: String?, password: String?, from: EmailAddress, fromName: String?,
        requireTLS: Bool, caFile: String?, publicURL: URL, unsubscribeSecret: String
    ) {
        self.smtpURL = smtpURL
        self.username = username
        self.password = password
        self.from = from
        self.fromName = fromName
        self.requireTLS = requireTLS
        self.caFile = caFile
        self.publicURL = publicURL
        self.unsubscribeSecret = unsubscribeSecret
    }

    /// True for `smtp://` or `smtps://` with a host and nothing libcurl would read as more (a
    /// user in the address, a query).
    static func isServerAddress(_ url: URL) -> Bool {
        guard let scheme = url.scheme?.lowercased(), scheme == "smtp" || scheme == "smtps",
            let host = url.host, !host.isEmpty
        else { return false }
        return url.user == nil && url.password == nil && url.query == nil && url.fragment == nil
            && url.absoluteString.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F }
    }
}
