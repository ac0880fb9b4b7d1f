import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomWebhooks
import Hummingbird

extension WebhookPlatform {
    /// Text messages (`sms:+15551230000`).
    package static let sms = WebhookPlatform(rawValue: "sms")
}

extension WebhookSettings {
    /// Text messages (`webhooks.sms`).
    public var sms: TextsSettings {
        get { self[TextsPlatform.self] }
        set { self[TextsPlatform.self] = newValue }
    }
}

/// Text messages through a gateway (Twilio's Programmable Messaging): a person's texts arrive at
/// `/sms/twilio` and are answered as a direct conversation with their number; notifications go
/// out through the gateway's API; delivery statuses arrive at `/sms/twilio/status`.
package enum TextsPlatform: PlatformModule {
    package typealias Settings = TextsSettings
    package static let platform = WebhookPlatform.sms
    package static let sectionKey = "sms"
    /// Where Twilio posts the texts people send.
    static let twilioTextsPath = "/sms/twilio"
    /// Where Twilio posts the statuses of the texts Homeroom sends.
    static let twilioStatusPath = "/sms/twilio/status"

    /// The person texting from `number`: `sms:+15551230000`.
    package static func user(_ number: PhoneNumber) -> UserID {
        UserID(adapter: platform.rawValue, id: number.e164)
    }

    package static func endpoints(_ settings: WebhookSettings) -> [String] {
        settings.sms.twilio == nil ? [] : [twilioTextsPath, twilioStatusPath]
    }

    package static func takesCommands(_ settings: WebhookSettings) -> Bool { settings.sms.twilio != nil }

    /// Texts have no incoming webhooks; a notification's JSON is never posted anywhere.
    package static func notification(_ lines: [String]) -> [UInt8] {
        JSONBody.encode(["text": lines.joined(separator: "\n")])
    }

    package static func addRoutes(to router: Router<WebhookRequestContext>, context: PlatformRouteContext) {
        let parts = TextsParts(context.settings, dependencies: context.dependencies)
        let texts = parts.map { parts in
            TextMessageEndpoint(
                provider: parts.provider, gateway: context.gateway,
                replays: ReplayGuard.make(
                    window: TextMessageEndpoint.replayWindow, database: context.dependencies.database,
                    logger: context.dependencies.logger),
                optOuts: parts.optOuts, book: parts.book, paging: parts.paging, outbox: context.dependencies.outbox,
                logger: context.dependencies.logger)
        }
        let statuses = parts.map { parts in
            TextStatusEndpoint(
                provider: parts.provider, optOuts: parts.optOuts, outbox: context.dependencies.outbox,
                clock: context.dependencies.clock,
                logger: context.dependencies.logger)
        }
        router.post(RouterPath(twilioTextsPath)) { request, _ in
            guard let texts else { throw WebhookRejection.notSetUp("Text messages", key: "sms.twilio") }
            return try await texts.respond(to: RawRequest.read(request), path: twilioTextsPath)
        }
        router.post(RouterPath(twilioStatusPath)) { request, _ in
            guard let statuses else { throw WebhookRejection.notSetUp("Text messages", key: "sms.twilio") }
            return try await statuses.respond(to: RawRequest.read(request), path: twilioStatusPath)
        }
    }

    package static func services(_ settings: WebhookSettings, dependencies: WebhookServer.Dependencies)
        -> [PlatformService]
    {
        guard let sender = sender(settings, dependencies: dependencies) else { return [] }
        let pace = "texting through Twilio at \(settings.sms.segmentsPerSecond) segment(s) a second, "
        return [.delivery(sender, summary: pace + "at most \(settings.sms.maximumSegments) a text")]
    }

    /// The sender of text notifications as `settings` configure it, paced on `clock` (the
    /// server's unless given); nil when texts are off.
    package static func sender(
        _ settings: WebhookSettings, dependencies: WebhookServer.Dependencies, clock: (any HomeroomClock)? = nil
    ) -> (any MessageSender)? {
        guard let parts = TextsParts(settings, dependencies: dependencies) else { return nil }
        return TextMessageSender(
            provider: parts.provider, optOuts: parts.optOuts, book: parts.book, paging: parts.paging,
            pacer: SendPacer(perSecond: settings.sms.segmentsPerSecond, clock: clock ?? dependencies.clock),
            outbox: dependencies.outbox, database: dependencies.database, clock: dependencies.clock,
            statusCallback: parts.statusCallback, schoolLanguage: dependencies.dispatcher.school.language,
            prefix: dependencies.dispatcher.recognizer.preferredPrefix, logger: dependencies.logger)
    }
}

/// What the texts' endpoints and sender share, as the settings configure them.
struct TextsParts {
    let provider: any TextMessageProvider
    let optOuts: OptOutList
    let book: TextPageBook
    let paging: TextPaging
    /// Where the gateway reports the statuses of sent texts.
    let statusCallback: URL

    /// The parts for `settings`; nil when texts are off.
    init?(_ settings: WebhookSettings, dependencies: WebhookServer.Dependencies) {
        guard let twilio = settings.sms.twilio else { return nil }
        let provider = TwilioProvider(
            settings: twilio, fetcher: dependencies.fetcher, timeout: settings.deliveryTimeout)
        self.provider = provider
        optOuts = OptOutList(adapter: TextsPlatform.platform.rawValue, database: dependencies.database)
        book = TextPageBook(database: dependencies.database)
        paging = TextPaging(maximumSegments: settings.sms.maximumSegments)
        statusCallback = URL(string: provider.signedURL(TextsPlatform.twilioStatusPath)) ?? twilio.publicURL
    }
}
