import Foundation
import HomeroomCore
import HomeroomWebhooks
import Hummingbird

/// `POST /teams/bot`: a Bot Framework activity for the Teams bot. The bearer JWT is checked against
/// the Bot Framework's OpenID metadata (issuer `https://api.botframework.com`, audience the app id, a
/// signing key endorsed for `msteams`, a `serviceurl` claim naming the activity's `serviceUrl`, which
/// must be `https`); only Teams activities (`channelId` `msteams`) are taken, and a single-tenant bot
/// takes only its own tenant's. The request is answered at once with 200, and the bot's answer is
/// posted through the Bot Connector afterwards; an answer for the asker alone asked in a channel goes
/// to their personal chat with the bot, and the channel gets a one-line pointer. Every activity
/// refreshes the conversation references that let notifications reach the sender and the channel later.
/// https://learn.microsoft.com/en-us/azure/bot-service/rest-api/bot-framework-rest-connector-authentication
/// — "Authenticate requests from the Bot Connector service to your bot"
struct TeamsBotEndpoint: Sendable {
    /// The claims read from the Bot Connector's token beyond the registered ones. — "Step 4: Verify the JWT token"
    struct ConnectorClaims: Decodable {
        let serviceurl: String?
    }

    /// The issuer of the Bot Connector's tokens.
    static let issuer = "https://api.botframework.com"
    /// The Bot Framework's channel id of Microsoft Teams, the only channel the bot takes activities from:
    /// the same Azure Bot may also be reached through Direct Line or Web Chat, whose clients name their
    /// own users.
    static let teamsChannelID = "msteams"

    let settings: TeamsSettings
    let dependencies: WebhookServer.Dependencies
    let gateway: CommandGateway
    private let verifier: SignedTokenVerifier
    private let connector: BotConnector?
    private let references: TeamsConversationReferences

    init(settings: TeamsSettings, dependencies: WebhookServer.Dependencies, gateway: CommandGateway) {
        self.settings = settings
        self.dependencies = dependencies
        self.gateway = gateway
        verifier = SignedTokenVerifier(
            source: .openIDMetadata(settings.openIDMetadataURL), fetcher: dependencies.fetcher,
            clock: dependencies.clock, logger: dependencies.logger)
        connector = settings.appID.flatMap { appID in
            settings.appPassword.map { password in
                BotConnector(
                    settings: settings, appID: appID, password: password, dependencies: dependencies,
                    timeout: gateway.poster.timeout)
            }
        }
        references = TeamsConversationReferences(database: dependencies.database)
    }

    func respond(to request: RawRequest) async throws(WebhookRejection) -> Response {
        guard let appID = settings.appID, let connector else {
            throw .notSetUp("the Teams bot", key: "teams.appID")
        }
        guard let authorization = request.header("Authorization") else {
            throw .unauthorized("the Authorization header is missing")
        }
        guard let token = BearerToken.read(authorization), !token.isEmpty else {
            throw .unauthorized("the Authorization header is not a bearer token")
        }
        let claims = try await verifier.verify(
            token, issuers: [Self.issuer], audience: appID, endorsement: Self.teamsChannelID, as: ConnectorClaims.self)
        let activity = try JSONBody.decode(TeamsBotActivity.self, from: request.body)
        try check(activity, against: claims)
        if activity.removesBot {
            await forget(activity)
            return Response(status: .ok)
        }
        await remember(activity)
        if activity.welcomesBot {
            // A welcome answers no reply, so no language is known yet: English.
            let words = Words(.teams, .english)
            let welcome = words(
                "Hello! I am {bot}. Type {command} to see what I can do.",
                ["bot": gateway.dispatcher.recognizer.botName, "command": gateway.prefix + "help"])
            post([welcome], for: activity, through: connector)
        } else if activity.type == "message" {
            answer(activity, through: connector)
        }
        return Response(status: .ok)
    }

    /// Throws unless `activity` came from Teams (its token's key was found endorsed for `msteams`
    /// already), through the service URL its token names, which is `https`, from the bot's own tenant
    /// when it has one. — "Step 4: Verify the JWT token"
    private func check(_ activity: TeamsBotActivity, against claims: ConnectorClaims) throws(WebhookRejection) {
        guard activity.channelId == Self.teamsChannelID else {
            throw WebhookRejection(.forbidden, "the bot takes Teams activities only (channelId \(Self.teamsChannelID))")
        }
        guard let claimed = claims.serviceurl else { throw .unauthorized("the token has no serviceurl claim") }
        guard Self.trimmed(claimed).caseInsensitiveCompare(Self.trimmed(activity.serviceUrl)) == .orderedSame else {
            throw .unauthorized("the token is for another serviceUrl")
        }
        guard
            TeamsServiceURL.isAllowed(activity.serviceUrl, allowingLoopbackHTTP: settings.allowsLoopbackHTTPServiceURLs)
        else {
            throw .unauthorized("the serviceUrl is not an https address")
        }
        if let tenantID = settings.tenantID, activity.teams.tenant != tenantID {
            throw WebhookRejection(.forbidden, "the bot serves its own tenant only (webhooks.teams.tenantID)")
        }
    }

    /// Runs the message through the bot and posts the answer as a reply, after the request was answered.
    /// In a channel, an answer for the asker alone goes to their personal chat, and the channel is told so.
    private func answer(_ activity: TeamsBotActivity, through connector: BotConnector) {
        let typed = activity.teams.typedText
        let botName = gateway.dispatcher.recognizer.botName
        let sender = UserID(adapter: WebhookPlatform.teams.rawValue, id: activity.senderID)
        let message = IncomingMessage(
            sender: sender, senderIsVerified: true,
            conversation: activity.isPersonal ? .direct : .channel(activity.teams.channel),
            workspace: activity.teams.team,
            // The bot is addressed: in a channel it was mentioned, and a personal chat is with it alone.
            text: "\(botName): \(typed.isEmpty ? "help" : typed)", receivedAt: gateway.clock.now)
        let (gateway, logger) = (gateway, gateway.logger)
        let (conversationID, serviceURL, activityID, inChannel) = (
            activity.teams.conversation.id, activity.serviceUrl, activity.id, !activity.isPersonal
        )
        let personalChat = TeamsPersonalChat(connector: connector, references: references, clock: gateway.clock)
        gateway.deferred.submit {
            guard let reply = await gateway.reply(to: message) else { return }
            var text = TeamsEndpoint.Answer(reply).text
            if inChannel, reply.isForAskerAlone {
                let words = Words(.teams, reply.language ?? .english)
                do {
                    try await personalChat.send(BotConnector.message(reply.lines), to: sender)
                    text =
                        TeamsEndpoint.Answer(note: TeamsPrivateAnswer.sentToPersonalChat(botName: botName, words))
                        .text
                } catch {
                    // The answer itself is not logged: it is the asker's alone.
                    logger.warning("an answer for \(sender) alone did not reach their personal chat: \(error)")
                    text =
                        TeamsEndpoint.Answer(note: TeamsPrivateAnswer.askInPersonalChat(botName: botName, words))
                        .text
                }
            }
            do {
                try await connector.send(
                    BotConnector.MessageActivity(text: text, replyToId: activityID), to: conversationID, at: serviceURL)
            } catch {
                logger.warning("a Teams bot answer was not delivered: \(error)")
            }
        }
    }

    /// Posts `lines` to the activity's conversation in the background.
    private func post(_ lines: [String], for activity: TeamsBotActivity, through connector: BotConnector) {
        let message = BotConnector.message(lines)
        let (conversationID, serviceURL, logger) = (activity.teams.conversation.id, activity.serviceUrl, gateway.logger)
        gateway.deferred.submit {
            do {
                try await connector.send(message, to: conversationID, at: serviceURL)
            } catch {
                logger.warning("a Teams bot message was not delivered: \(error)")
            }
        }
    }

    /// Keeps the sender's reference and, outside a personal chat, the conversation's (written only
    /// when they changed).
    private func remember(_ activity: TeamsBotActivity) async {
        let now = gateway.clock.now
        do {
            let senderID = activity.senderID
            let stored = try await references.person(senderID)
            var person =
                stored
                ?? .init(serviceUrl: activity.serviceUrl, userID: activity.teams.from.id, tenant: activity.teams.tenant)
            person.serviceUrl = activity.serviceUrl
            person.userID = activity.teams.from.id
            if activity.isPersonal { person.conversationID = activity.teams.conversation.id }
            if person != stored { try await references.remember(person, as: senderID, at: now) }
            let channel = TeamsConversationReferences.Channel(serviceUrl: activity.serviceUrl)
            if !activity.isPersonal, try await references.channel(activity.teams.channel) != channel {
                try await references.remember(channel, as: activity.teams.channel, at: now)
            }
        } catch {
            gateway.logger.warning("the Teams conversation reference could not be stored: \(error)")
        }
    }

    /// Forgets the conversation the bot was removed from: a personal chat's person, or the channel.
    private func forget(_ activity: TeamsBotActivity) async {
        do {
            if activity.isPersonal {
                try await references.forgetPerson(activity.senderID)
            } else {
                try await references.forgetChannel(activity.teams.channel)
            }
        } catch {
            gateway.logger.warning("the Teams conversation reference could not be removed: \(error)")
        }
    }

    /// A service URL without its trailing slash: the claim and the activity may differ in it, and in
    /// case (scheme and host are case-insensitive, RFC 3986 §6.2.2.1), which the Bot Framework SDK
    /// for .NET (`ChannelValidation`) ignores in the whole URL (`StringComparison.OrdinalIgnoreCase`).
    private static func trimmed(_ url: String) -> Substring {
        url.hasSuffix("/") ? url.dropLast() : Substring(url)
    }
}
