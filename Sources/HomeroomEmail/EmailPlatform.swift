import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomWebhooks
import Hummingbird

extension WebhookPlatform {
    /// E-mail (`email:parent@families.example`).
    package static let email = WebhookPlatform(rawValue: "email")
}

extension WebhookSettings {
    /// E-mail (`webhooks.email`).
    public var email: EmailSettings {
        get { self[EmailPlatform.self] }
        set { self[EmailPlatform.self] = newValue }
    }
}

/// E-mail through the school's SMTP server: notifications go out from the outbox as multipart
/// text and HTML to a person's address, each with a one-click unsubscribe link (RFC 8058) that
/// arrives at `/email/unsubscribe`. People do not send commands by e-mail.
package enum EmailPlatform: PlatformModule {
    package typealias Settings = EmailSettings
    package static let platform = WebhookPlatform.email
    package static let sectionKey = "email"
    /// Where the unsubscribe links point.
    static let unsubscribePath = "/email/unsubscribe"

    /// The person at `address`: `email:parent@families.example`.
    package static func user(_ address: EmailAddress) -> UserID {
        UserID(adapter: platform.rawValue, id: address.description)
    }

    /// The one-click unsubscribe link for `token`, at Homeroom's public address.
    static func unsubscribeURL(publicURL: URL, token: String) -> String {
        var base = publicURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        return base + unsubscribePath + "?t=" + token
    }

    package static func endpoints(_ settings: WebhookSettings) -> [String] {
        settings.email.delivery == nil ? [] : [unsubscribePath]
    }

    package static func takesCommands(_ settings: WebhookSettings) -> Bool { false }

    /// E-mail has no incoming webhooks; a notification's JSON is never posted anywhere.
    package static func notification(_ lines: [String]) -> [UInt8] {
        JSONBody.encode(["text": lines.joined(separator: "\n")])
    }

    package static func addRoutes(to router: Router<WebhookRequestContext>, context: PlatformRouteContext) {
        let dependencies = context.dependencies
        let endpoint = context.settings.email.delivery.map { delivery in
            UnsubscribeEndpoint(
                secret: delivery.unsubscribeSecret,
                unsubscribes: OptOutList(adapter: EmailPlatform.platform.rawValue, database: dependencies.database),
                dispatcher: dependencies.dispatcher, outbox: dependencies.outbox, database: dependencies.database,
                clock: dependencies.clock, logger: dependencies.logger)
        }
        router.get(RouterPath(unsubscribePath)) { request, _ in
            guard let endpoint else { throw WebhookRejection.notSetUp("E-mails", key: "email") }
            return try await endpoint.show(token: request.uri.queryParameters.get("t"))
        }
        router.post(RouterPath(unsubscribePath)) { request, _ in
            guard let endpoint else { throw WebhookRejection.notSetUp("E-mails", key: "email") }
            let token = request.uri.queryParameters.get("t")
            return try await endpoint.unsubscribe(token: token, request: RawRequest.read(request))
        }
    }

    package static func services(_ settings: WebhookSettings, dependencies: WebhookServer.Dependencies)
        -> [PlatformService]
    {
        guard let delivery = settings.email.delivery,
            let sender = sender(settings, dependencies: dependencies)
        else { return [] }
        let server =
            "\(delivery.smtpURL.scheme ?? "smtp")://\(delivery.smtpURL.host ?? "")"
            + (delivery.smtpURL.port.map { ":\($0)" } ?? "")
        let pace = "e-mailing through \(server), at most \(settings.email.messagesPerMinute) a minute"
        return [.delivery(sender, summary: pace)]
    }

    /// The sender of e-mail notifications as `settings` configure it, paced on `clock` (the
    /// server's unless given); nil when e-mail is off.
    package static func sender(
        _ settings: WebhookSettings, dependencies: WebhookServer.Dependencies, clock: (any HomeroomClock)? = nil
    ) -> (any MessageSender)? {
        guard let delivery = settings.email.delivery else { return nil }
        return EmailSender(
            delivery: delivery, client: SMTPClient(delivery: delivery, timeout: settings.deliveryTimeout),
            unsubscribes: OptOutList(adapter: EmailPlatform.platform.rawValue, database: dependencies.database),
            pacer: SendPacer(
                perSecond: Double(settings.email.messagesPerMinute) / 60, clock: clock ?? dependencies.clock),
            dispatcher: dependencies.dispatcher, clock: dependencies.clock, logger: dependencies.logger)
    }
}
