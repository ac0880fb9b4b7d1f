import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomWebhooks
import Hummingbird

extension WebhookPlatform {
    /// WhatsApp (`whatsapp:+15551230000`).
    package static let whatsapp = WebhookPlatform(rawValue: "whatsapp")
}

extension WebhookSettings {
    /// WhatsApp through the Cloud API (`webhooks.whatsapp`).
    public var whatsapp: WhatsAppSettings {
        get { self[WhatsAppPlatform.self] }
        set { self[WhatsAppPlatform.self] = newValue }
    }
}

/// WhatsApp through Meta's Cloud API: Meta verifies and posts to `/whatsapp/webhook`; a person's
/// messages are answered as a direct conversation with their number, through the Messages API
/// from the outbox, as are notifications.
package enum WhatsAppPlatform: PlatformModule {
    package typealias Settings = WhatsAppSettings
    package static let platform = WebhookPlatform.whatsapp
    package static let sectionKey = "whatsapp"
    /// Where Meta verifies the callback URL and posts its event notifications.
    static let webhookPath = "/whatsapp/webhook"

    /// The person writing from `number`: `whatsapp:+15551230000`.
    package static func user(_ number: PhoneNumber) -> UserID {
        UserID(adapter: platform.rawValue, id: number.e164)
    }

    package static func endpoints(_ settings: WebhookSettings) -> [String] {
        settings.whatsapp.account == nil ? [] : [webhookPath]
    }

    package static func takesCommands(_ settings: WebhookSettings) -> Bool { settings.whatsapp.account != nil }

    /// WhatsApp has no incoming webhooks; a notification's JSON is never posted anywhere.
    package static func notification(_ lines: [String]) -> [UInt8] {
        JSONBody.encode(["text": lines.joined(separator: "\n")])
    }

    package static func addRoutes(to router: Router<WebhookRequestContext>, context: PlatformRouteContext) {
        let dependencies = context.dependencies
        let endpoint = context.settings.whatsapp.account.map { account in
            WhatsAppWebhookEndpoint(
                account: account, gateway: context.gateway,
                replays: ReplayGuard.make(
                    window: WhatsAppWebhookEndpoint.replayWindow, database: dependencies.database,
                    logger: dependencies.logger),
                window: WhatsAppWindow(database: dependencies.database),
                optOuts: OptOutList(adapter: WhatsAppPlatform.platform.rawValue, database: dependencies.database),
                outbox: dependencies.outbox,
                logger: dependencies.logger)
        }
        router.get(RouterPath(webhookPath)) { request, _ in
            guard let endpoint else { throw WebhookRejection.notSetUp("WhatsApp messages", key: "whatsapp") }
            return endpoint.verify(query: request.uri.query)
        }
        router.post(RouterPath(webhookPath)) { request, _ in
            guard let endpoint else { throw WebhookRejection.notSetUp("WhatsApp messages", key: "whatsapp") }
            return try await endpoint.receive(RawRequest.read(request))
        }
    }

    package static func services(_ settings: WebhookSettings, dependencies: WebhookServer.Dependencies)
        -> [PlatformService]
    {
        guard let account = settings.whatsapp.account,
            let sender = sender(settings, dependencies: dependencies)
        else { return [] }
        let template = account.notificationTemplate.map { " outside it through the template \($0.name)" } ?? ""
        let summary =
            "WhatsApp at \(account.messagesPerSecond) message(s) a second, as text within the 24-hour window"
            + (template.isEmpty ? " only" : ",\(template)")
        return [.delivery(sender, summary: summary)]
    }

    /// The sender of WhatsApp messages as `settings` configure it, paced on `clock` (the server's
    /// unless given); nil when WhatsApp is off.
    package static func sender(
        _ settings: WebhookSettings, dependencies: WebhookServer.Dependencies, clock: (any HomeroomClock)? = nil
    ) -> (any MessageSender)? {
        guard let account = settings.whatsapp.account else { return nil }
        return WhatsAppMessageSender(
            api: WhatsAppCloudAPI(account: account, fetcher: dependencies.fetcher, timeout: settings.deliveryTimeout),
            template: account.notificationTemplate, window: WhatsAppWindow(database: dependencies.database),
            optOuts: OptOutList(adapter: WhatsAppPlatform.platform.rawValue, database: dependencies.database),
            partsSent: WhatsAppPartsSent(database: dependencies.database),
            pacer: SendPacer(perSecond: account.messagesPerSecond, clock: clock ?? dependencies.clock),
            outbox: dependencies.outbox, clock: dependencies.clock, logger: dependencies.logger)
    }
}
