import Foundation
import HomeroomCore
import Hummingbird

/// `POST /teams/bot`: a Bot Framework activity for the Teams bot. The bearer JWT is checked against
/// the Bot Framework's OpenID metadata (issuer `https://api.botframework.com`, audience the app id,
/// its `serviceurl` claim naming the activity's `serviceUrl`); the request is answered at once with
/// 200, and the bot's answer is posted through the Bot Connector afterwards. Every activity refreshes
/// the conversation references that let notifications reach the sender and the channel later.
/// https://learn.microsoft.com/en-us/azure/bot-service/rest-api/bot-framework-rest-connector-authentication
/// — "Authenticate requests from the Bot Connector service to your bot"
struct TeamsBotEndpoint: Sendable {
    /// The claims read from the Bot Connector's token beyond the registered ones. — "Step 4: Verify the JWT token"
    struct ConnectorClaims: Decodable {
        let serviceurl: String?
    }

    /// The issuer of the Bot Connector's tokens.
    static let issuer = "https://api.botframework.com"

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
            token, issuers: [Self.issuer], audience: appID, as: ConnectorClaims.self)
        let activity = try JSONBody.decode(TeamsBotActivity.self, from: request.body)
        if let claimed = claims.serviceurl, Self.trimmed(claimed) != Self.trimmed(activity.serviceUrl) {
            throw .unauthorized("the token is for another serviceUrl")
        }
        if activity.removesBot {
            await forget(activity)
            return Response(status: .ok)
        }
        await remember(activity)
        if activity.welcomesBot {
            let recognizer = gateway.dispatcher.recognizer
            post(
                ["Hello! I am \(recognizer.botName). Type \(gateway.prefix)help to see what I can do."], for: activity,
                through: connector)
        } else if activity.type == "message" {
            answer(activity, through: connector)
        }
        return Response(status: .ok)
    }

    /// Runs the message through the bot and posts the answer as a reply, after the request was answered.
    private func answer(_ activity: TeamsBotActivity, through connector: BotConnector) {
        let typed = activity.teams.typedText
        let botName = gateway.dispatcher.recognizer.botName
        let message = IncomingMessage(
            sender: UserID(adapter: WebhookPlatform.teams.rawValue, id: activity.senderID),
            senderIsVerified: true, conversation: activity.isPersonal ? .direct : .channel(activity.teams.channel),
            // The bot is addressed: in a channel it was mentioned, and a personal chat is with it alone.
            text: "\(botName): \(typed.isEmpty ? "help" : typed)", receivedAt: gateway.clock.now)
        let (dispatcher, logger) = (gateway.dispatcher, gateway.logger)
        let (conversationID, serviceURL, activityID) = (
            activity.teams.conversation.id, activity.serviceUrl, activity.id
        )
        gateway.deferred.submit {
            guard let reply = await dispatcher.handle(message) else { return }
            let answer = BotConnector.MessageActivity(
                text: TeamsEndpoint.Answer(reply).text, replyToId: activityID)
            do {
                try await connector.send(answer, to: conversationID, at: serviceURL)
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

    /// A service URL without its trailing slash: the claim and the activity may differ in it.
    private static func trimmed(_ url: String) -> Substring {
        url.hasSuffix("/") ? url.dropLast() : Substring(url)
    }
}
