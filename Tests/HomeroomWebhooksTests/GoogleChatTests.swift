import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomRuntime
import HomeroomTestbed
import HomeroomTesting
import InstalledPlatforms
import Testing

@testable import HomeroomGoogleChat
@testable import HomeroomWebhooks

/// Google Chat: events signed with our own keys (served from a loopback JWK set) at
/// `/google-chat/events`, answers in the response, and late answers and notifications through a
/// loopback Chat API that checks the service account's assertion and honours `requestId`.
@Suite struct GoogleChatTests {
    static let projectNumber = "1234567890"
    static let endpointURL = URL(string: "https://homeroom.example.edu/google-chat/events")!
    /// The space and thread of Google's example MESSAGE event.
    static let space = "spaces/AAAAAAAAAAA"
    static let thread = "spaces/AAAAAAAAAAA/threads/BBBBBBBBBBB"
    static let user = "12345678901234567890"

    /// The loopback key publisher and Chat API a test talks to, beside the harness.
    struct Rig {
        let harness: WebhookHarness
        let issuer: TestTokenIssuer
        let api: GoogleChatAPIServer
        let settings: WebhookSettings

        /// What the runtime gives every bot piece, as the harness built it.
        var dependencies: WebhookServer.Dependencies {
            let bot = harness.bot
            return WebhookServer.Dependencies(
                dispatcher: bot.runtime.dispatcher, database: bot.runtime.database, outbox: bot.runtime.outbox,
                clock: bot.clock, fetcher: bot.runtime.fetcher, adapterStatus: bot.runtime.adapterStatus,
                roster: bot.runtime.roster, metrics: nil, logger: TestBot.testLogger())
        }

        /// Google Chat's outbox worker, through `PlatformSender` as `homeroom serve` runs it.
        func worker() throws -> OutboxDeliveryWorker {
            let sender = try #require(GoogleChatPlatform.sender(settings, dependencies: dependencies))
            return OutboxDeliveryWorker(
                outbox: harness.bot.runtime.outbox, sender: sender, logger: TestBot.testLogger())
        }

        /// The registered claims of a token valid now, for `audience` from `issuer`.
        func claims(issuer: String, audience: String, expiresIn seconds: Double = 3600) -> [String: any Sendable] {
            let now = harness.bot.clock.now.timeIntervalSince1970.rounded(.down)
            return ["iss": issuer, "aud": audience, "iat": Int(now), "exp": Int(now + seconds)]
        }

        /// A project-number token, as `chat@system.gserviceaccount.com` signs them.
        func chatToken(audience: String = GoogleChatTests.projectNumber, expiresIn seconds: Double = 3600) -> String {
            issuer.token(
                claims: claims(issuer: "chat@system.gserviceaccount.com", audience: audience, expiresIn: seconds))
        }

        /// An endpoint-URL ID token (https://developers.google.com/workspace/chat/authenticate-authorize-chat-app —
        /// "Verify requests from Google Chat": the ID token's email is chat@system.gserviceaccount.com).
        func idToken(email: String = "chat@system.gserviceaccount.com", verified: Bool = true) -> String {
            var claims = claims(
                issuer: "https://accounts.google.com", audience: GoogleChatTests.endpointURL.absoluteString)
            claims["email"] = email
            claims["email_verified"] = verified
            claims["sub"] = "113284768217467339122"
            return issuer.token(claims: claims)
        }

        /// Posts `event` with `token` as Google Chat does.
        func post(_ event: String, token: String?) async throws -> WebhookHarness.Answer {
            try await harness.post(
                "/google-chat/events", text: event,
                headers: [("Content-Type", "application/json")]
                    + (token.map { [("Authorization", "Bearer \($0)")] } ?? []))
        }
    }

    /// A harness with Google Chat set up against a fresh key publisher and Chat API.
    static func with(
        answerWithin: Double = 25, backend: DatabaseBackend = .sqlite,
        configure: (inout GoogleChatSettings, GoogleChatAPIServer, URL) throws -> Void = { _, _, _ in },
        configuration: (inout HomeroomConfiguration) -> Void = { _ in }, log: LogRecorder? = nil,
        _ body: (Rig) async throws -> Void
    ) async throws {
        let issuer = try await TestTokenIssuer.start()
        let api = try await GoogleChatAPIServer.start()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("googlechat-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            var chat = GoogleChatSettings()
            chat.projectNumber = projectNumber
            chat.endpointURL = endpointURL
            chat.chatKeysURL = issuer.keysURL
            chat.idTokenKeysURL = issuer.keysURL
            chat.serviceAccountKeyFile = try api.writeKeyFile(in: folder)
            chat.apiBaseURL = api.apiBaseURL
            chat.answerWithinSeconds = answerWithin
            try configure(&chat, api, folder)
            var configured = WebhookSettings()
            try await WebhookHarness.with(
                backend: backend,
                settings: { settings in
                    settings.googleChat = chat
                    configured = settings
                }, configure: configuration, log: log
            ) { harness in
                try await body(Rig(harness: harness, issuer: issuer, api: api, settings: configured))
            }
        } catch {
            await api.stop()
            await issuer.stop()
            throw error
        }
        await api.stop()
        await issuer.stop()
    }

    /// A MESSAGE event in the shape of Google's example
    /// (https://developers.google.com/workspace/chat/interaction-events — "Example interaction event
    /// payloads", "Message": a user @mentions the Chat app in a space), with the text, space and user
    /// given; each has a message name of its own, as each message Google Chat sends does.
    /// `singleUserBotDm` is the Space resource's field of that name, left out when nil
    /// (https://developers.google.com/workspace/chat/api/reference/rest/v1/spaces — "Resource: Space":
    /// "Whether the space is a DM between a Chat app and a single human").
    static func message(
        text: String, argumentText: String? = nil, space: String = space, spaceType: String = "SPACE",
        singleUserBotDm: Bool? = nil, user: String = user, userType: String = "HUMAN", domainId: String? = "c0b4d7",
        messageID: String = newMessageID(), thread: String? = nil
    ) -> String {
        let person = userJSON(user, type: userType, domainId: domainId)
        let argument = argumentText.map { #""argumentText": \#(json($0)),"# } ?? ""
        let withApp = singleUserBotDm.map { #", "singleUserBotDm": \#($0)"# } ?? ""
        return #"""
            {
              "type": "MESSAGE",
              "eventTime": {"seconds": 1691187414, "nanos": 93489000},
              "space": {
                "name": "\#(space)", "displayName": "Customer Support Superstars", "spaceType": "\#(spaceType)"\#(withApp)
              },
              "message": {
                "name": "\#(space)/messages/\#(messageID)",
                "sender": \#(person),
                "createTime": "2017-03-02T19:02:59.910959Z",
                "text": \#(json(text)),
                \#(argument)
                "thread": {"name": "\#(thread ?? "\(space)/threads/BBBBBBBBBBB")"},
                "annotations": [
                  {"type": "USER_MENTION", "startIndex": 0, "length": 9,
                   "userMention": {
                     "user": {"name": "users/01234567890123456789", "displayName": "Homeroom", "type": "BOT"},
                     "type": "MENTION"
                   }}
                ]
              },
              "user": \#(person)
            }
            """#
    }

    /// A slash command in a space (https://developers.google.com/workspace/chat/slash-commands —
    /// "Respond to a slash command": `message.slashCommand.commandId` and a `SLASH_COMMAND` annotation).
    static func slashCommand(_ name: String, id: String, arguments: String) -> String {
        let person = userJSON(user, type: "HUMAN", domainId: "c0b4d7")
        return #"""
            {
              "type": "MESSAGE",
              "eventTime": "2017-03-02T19:02:59.910959Z",
              "space": {"name": "\#(space)", "type": "ROOM", "spaceType": "SPACE"},
              "message": {
                "name": "\#(space)/messages/\#(newMessageID())",
                "sender": \#(person),
                "text": \#(json("\(name) \(arguments)")),
                "argumentText": \#(json(" \(arguments)")),
                "thread": {"name": "\#(thread)"},
                "slashCommand": {"commandId": "\#(id)"},
                "annotations": [
                  {"type": "SLASH_COMMAND", "startIndex": 0, "length": \#(name.count),
                   "slashCommand": {"bot": {"name": "users/01234567890123456789", "type": "BOT"},
                                    "type": "INVOKE", "commandName": "\#(name)", "commandId": "\#(id)"}}
                ]
              },
              "user": \#(person)
            }
            """#
    }

    /// ADDED_TO_SPACE or REMOVED_FROM_SPACE for a direct message with the app
    /// (https://developers.google.com/workspace/chat/interaction-events — "Added to space", "Removed from space").
    static func membership(_ type: String, dm: String, user: String = user) -> String {
        #"""
        {
          "type": "\#(type)",
          "eventTime": "2017-03-02T19:02:59.910959Z",
          "space": {"name": "\#(dm)", "type": "DM", "spaceType": "DIRECT_MESSAGE", "singleUserBotDm": true},
          "user": \#(userJSON(user, type: "HUMAN", domainId: "c0b4d7"))
        }
        """#
    }

    /// A message id of Google's shape (`CCCCCCCCCCC`: 11 letters and digits), new each time.
    static func newMessageID() -> String {
        String(UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(11))
    }

    static func userJSON(_ number: String, type: String, domainId: String?) -> String {
        let domain = domainId.map { #", "domainId": "\#($0)""# } ?? ""
        return #"""
            {"name": "users/\#(number)", "displayName": "Izumi",
             "avatarUrl": "https://lh3.googleusercontent.com/a/photo.jpg", "email": "izumi@example.com",
             "type": "\#(type)"\#(domain)}
            """#
    }

    static func json(_ text: String) -> String {
        String(decoding: (try? JSONEncoder().encode(text)) ?? Data("\"\"".utf8), as: UTF8.self)
    }

    @Test func aSignedMessageIsAnsweredInTheResponse() async throws {
        try await Self.with { rig in
            let answer = try await rig.post(
                Self.message(text: "@Homeroom lunch tomorrow", argumentText: " lunch tomorrow"), token: rig.chatToken())
            #expect(answer.status == 200, "\(answer.body)")
            #expect((answer.json["text"] as? String)?.contains("Tuesday, November 24") == true, "\(answer.body)")
            #expect(rig.issuer.keySetFetches == 1)
            let again = try await rig.post(
                Self.message(text: "@Homeroom lunch", argumentText: " lunch"), token: rig.chatToken())
            #expect(again.status == 200, "\(again.body)")
            #expect(rig.issuer.keySetFetches == 1, "the keys are cached")
        }
    }

    @Test func theIDTokenFormIsAcceptedAlone() async throws {
        try await Self.with(configure: { chat, _, _ in chat.projectNumber = nil }) { rig in
            let answer = try await rig.post(
                Self.message(text: "@Homeroom lunch tomorrow", argumentText: " lunch tomorrow"), token: rig.idToken())
            #expect(answer.status == 200, "\(answer.body)")
            #expect((answer.json["text"] as? String)?.contains("Tuesday, November 24") == true, "\(answer.body)")
            let projectForm = try await rig.post(Self.message(text: "lunch"), token: rig.chatToken())
            #expect(projectForm.status == 401, "the project-number form is not configured: \(projectForm.body)")
        }
    }

    @Test func eitherFormIsAcceptedWhenBothAreConfigured() async throws {
        try await Self.with { rig in
            let event = { Self.message(text: "@Homeroom lunch tomorrow", argumentText: " lunch tomorrow") }
            let byProject = try await rig.post(event(), token: rig.chatToken())
            let byEndpoint = try await rig.post(event(), token: rig.idToken())
            #expect(byProject.status == 200 && byEndpoint.status == 200, "\(byProject.body) \(byEndpoint.body)")
        }
    }

    @Test func badTokensAreRefusedWith401AndAnswerNothing() async throws {
        try await Self.with { rig in
            let event = Self.message(text: "@Homeroom lunch", argumentText: " lunch")
            let cases: [(String, String?, String)] = [
                ("no token", nil, "Authorization header is missing"),
                ("expired", rig.chatToken(expiresIn: -3600), "expired"),
                ("wrong audience", rig.chatToken(audience: "999999"), "another audience"),
                (
                    "wrong issuer",
                    rig.issuer.token(claims: rig.claims(issuer: "someone@example.com", audience: Self.projectNumber)),
                    "another issuer"
                ),
                (
                    "stranger's key",
                    rig.issuer.token(
                        claims: rig.claims(issuer: "chat@system.gserviceaccount.com", audience: Self.projectNumber),
                        signedByStranger: true),
                    "signature"
                ),
                ("an ID token of another account", rig.idToken(email: "mallory@example.com"), "not Google Chat's"),
                ("an ID token whose email is not verified", rig.idToken(verified: false), "not Google Chat's"),
                ("not a JWT", "abc.def", "not a signed JWT"),
            ]
            for (name, token, reason) in cases {
                let answer = try await rig.post(event, token: token)
                #expect(answer.status == 401, "\(name): \(answer.body)")
                #expect((answer.json["error"] as? String)?.contains(reason) == true, "\(name): \(answer.body)")
                #expect(answer.json["text"] == nil, "\(name)")
            }
        }
    }

    @Test func aSlashCommandRunsAsTheCommandItNames() async throws {
        try await Self.with { rig in
            let answer = try await rig.post(
                Self.slashCommand("/lunch", id: "1", arguments: "tomorrow"), token: rig.chatToken())
            #expect(answer.status == 200, "\(answer.body)")
            #expect((answer.json["text"] as? String)?.contains("Tuesday, November 24") == true, "\(answer.body)")
        }
    }

    @Test func aMessageInADirectMessageNeedsNoPrefixAndRemembersTheSpace() async throws {
        try await Self.with { rig in
            let answer = try await rig.post(
                Self.message(
                    text: "lunch tomorrow", space: "spaces/DMIZUMI", spaceType: "DIRECT_MESSAGE", singleUserBotDm: true),
                token: rig.chatToken())
            #expect((answer.json["text"] as? String)?.contains("Tuesday, November 24") == true, "\(answer.body)")
            let remembered = try await GoogleChatDirectSpaces(database: rig.harness.bot.runtime.database)
                .space(of: Self.user)
            #expect(remembered == "spaces/DMIZUMI")
        }
    }

    @Test func eventsFromBotsAndCardClicksAreAnsweredWithNothing() async throws {
        try await Self.with { rig in
            let fromBot = try await rig.post(
                Self.message(text: "@Homeroom lunch", argumentText: " lunch", userType: "BOT"), token: rig.chatToken())
            #expect(fromBot.status == 200 && fromBot.body == "{}", "\(fromBot.body)")
            // https://developers.google.com/workspace/chat/interaction-events — "Card clicked" (trimmed)
            let click = #"""
                {"type": "CARD_CLICKED", "space": {"name": "spaces/AAAAAAAAAAA", "spaceType": "SPACE"},
                 "user": {"name": "users/1"}, "action": {"actionMethodName": "x"}}
                """#
            let clicked = try await rig.post(click, token: rig.chatToken())
            #expect(clicked.status == 200 && clicked.body == "{}", "\(clicked.body)")
            let noUser = try await rig.post(#"{"type": "MESSAGE", "user": {"name": "izumi"}}"#, token: rig.chatToken())
            #expect(noUser.status == 400, "\(noUser.body)")
            let notJSON = try await rig.post("MESSAGE", token: rig.chatToken())
            #expect(notJSON.status == 400, "\(notJSON.body)")
        }
    }

    @Test func addedInADirectMessageWelcomesAndANotificationReachesThePerson() async throws {
        try await Self.with { rig in
            rig.api.addSpace("spaces/DMIZUMI")
            let added = try await rig.post(
                Self.membership("ADDED_TO_SPACE", dm: "spaces/DMIZUMI"), token: rig.chatToken())
            #expect(added.status == 200)
            #expect((added.json["text"] as? String)?.contains("help") == true, "\(added.body)")
            try await rig.harness.bot.runtime.outbox.enqueue(
                adapter: "googlechat", target: .user(UserID(adapter: "googlechat", id: "c0b4d7:\(Self.user)")),
                lines: ["Chess club: the tournament moves to Friday", "bring <users/all> your boards"],
                idempotencyKey: "circle:chess:post:7")
            let worker = try rig.worker()
            #expect(try await worker.deliverDue() == 1)
            let messages = rig.api.messages
            let posted = try #require(messages.first)
            #expect(messages.count == 1)
            #expect(posted.space == "spaces/DMIZUMI")
            #expect(posted.text.hasPrefix("Chess club: the tournament moves to Friday\nbring <\u{2060}users/all>"))
            #expect(rig.api.findDirectMessageCalls == 0, "the remembered space was used")
            #expect(rig.api.tokensIssued == 1)

            let removed = try await rig.post(
                Self.membership("REMOVED_FROM_SPACE", dm: "spaces/DMIZUMI"), token: rig.chatToken())
            #expect(removed.status == 200 && removed.body.isEmpty, "\(removed.body)")
            let forgotten = try await GoogleChatDirectSpaces(database: rig.harness.bot.runtime.database)
                .space(of: Self.user)
            #expect(forgotten == nil)
        }
    }

    @Test func aPersonsDirectMessageIsLookedUpWhenNotRemembered() async throws {
        try await Self.with { rig in
            rig.api.addDirectMessage(user: "555", space: "spaces/DMFIVE")
            try await rig.harness.bot.runtime.outbox.enqueue(
                adapter: "googlechat", target: .user(UserID(adapter: "googlechat", id: "external:555")),
                lines: ["Your subscription: news"], idempotencyKey: "news:2026-11-23:external:555")
            #expect(try await rig.worker().deliverDue() == 1)
            #expect(rig.api.messages.map(\.space) == ["spaces/DMFIVE"])
            #expect(rig.api.findDirectMessageCalls == 1)
            let requestID = try #require(rig.api.messages.first?.requestID)
            #expect(requestID.count == 64 && requestID.allSatisfy(\.isHexDigit), "a long key with colons is hashed")
        }
    }

    @Test func theSameMessageSentAgainIsPostedOnce() async throws {
        try await Self.with { rig in
            rig.api.addSpace(Self.space)
            let sender = try #require(GoogleChatSender(settings: rig.settings, dependencies: rig.dependencies))
            let outbox = rig.harness.bot.runtime.outbox
            try await outbox.enqueue(
                adapter: "googlechat", target: .channel(Self.space), lines: ["Lunch: soup"],
                idempotencyKey: "lunch-2026-11-23-cafeteria")
            let message = try #require(try await outbox.due(for: "googlechat").first)
            try await sender.send(message)
            try await sender.send(message)
            #expect(rig.api.postCalls == 2)
            #expect(rig.api.messages.count == 1, "the repeated requestId posted nothing")
            #expect(rig.api.messages.first?.requestID == "lunch-2026-11-23-cafeteria")
        }
    }

    @Test func aRateLimitIsWaitedOut() async throws {
        try await Self.with { rig in
            rig.api.addSpace(Self.space)
            rig.api.rateLimitNextPosts(1)
            try await rig.harness.bot.runtime.outbox.enqueue(
                adapter: "googlechat", target: .channel(Self.space), lines: ["Lunch: soup"], idempotencyKey: "lunch:1")
            let worker = try rig.worker()
            #expect(try await worker.deliverDue() == 0)
            #expect(rig.api.messages.isEmpty)
            rig.harness.bot.clock.advance(by: 5)
            #expect(try await worker.deliverDue() == 1)
            #expect(rig.api.messages.count == 1)
        }
    }

    @Test func aPersonWithoutADirectMessageIsGivenUpWithTheReason() async throws {
        try await Self.with { rig in
            try await rig.harness.bot.runtime.outbox.enqueue(
                adapter: "googlechat", target: .user(UserID(adapter: "googlechat", id: "external:999")),
                lines: ["Chess club: new post"], idempotencyKey: "circle:chess:post:8")
            #expect(try await rig.worker().deliverDue() == 0)
            let dead = try await rig.harness.bot.runtime.outbox.deadLetters()
            let reason = try #require(dead.first?.lastError)
            let expected = "Google Chat cannot reach googlechat:external:999 until they have added the app in a "
            #expect(reason == expected + "direct message")
            #expect(rig.api.messages.isEmpty)
        }
    }

    @Test func aBadKeyFileIsNamedAtStartAndWhenSending() async throws {
        try await Self.with(configure: { chat, _, folder in
            let bad = folder.appendingPathComponent("bad-key.json")
            let file = #"""
                {"client_email": "x@example.com", "private_key": "not a key",
                 "token_uri": "https://oauth2.googleapis.com/token"}
                """#
            try Data(file.utf8).write(to: bad)
            chat.serviceAccountKeyFile = bad.path
        }) { rig in
            try await rig.harness.bot.runtime.outbox.enqueue(
                adapter: "googlechat", target: .channel(Self.space), lines: ["Lunch: soup"], idempotencyKey: "lunch:1")
            let worker = try rig.worker()
            let atStart = rig.harness.bot.runtime.adapterStatus.snapshot["googlechat"]
            #expect(atStart?.state == .down, "\(String(describing: atStart))")
            #expect(atStart?.detail.contains("webhooks.googleChat.serviceAccountKeyFile") == true)
            #expect(try await worker.deliverDue() == 0)
            let reason = try #require(try await rig.harness.bot.runtime.outbox.deadLetters().first?.lastError)
            #expect(reason.contains("webhooks.googleChat.serviceAccountKeyFile"), "\(reason)")
            #expect(reason.contains("not an RSA private key"), "\(reason)")
        }
    }

    @Test func eachBadKeyFileIsRefusedWithWhatIsWrong() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "googlechat-keys-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let token = #""token_uri": "https://oauth2.googleapis.com/token""#
        let cases: [(name: String, contents: String?, reason: String)] = [
            ("missing", nil, "does not exist"),
            ("not JSON", "-----BEGIN PRIVATE KEY-----", "is not a service account JSON key file"),
            ("no client_email", #"{"private_key": "x", \#(token)}"#, "has no client_email"),
            ("no private_key", #"{"client_email": "a@b.iam.gserviceaccount.com", \#(token)}"#, "has no private_key"),
            (
                "no token_uri", #"{"client_email": "a@b.iam.gserviceaccount.com", "private_key": "x"}"#,
                "has no token_uri"
            ),
            (
                "not a PEM key", #"{"client_email": "a@b.iam.gserviceaccount.com", "private_key": "x", \#(token)}"#,
                "not an RSA private key"
            ),
            ("too large", String(repeating: " ", count: GoogleServiceAccount.maximumFileBytes + 1), "is larger"),
        ]
        for (index, bad) in cases.enumerated() {
            let path = folder.appendingPathComponent("key-\(index).json").path
            if let contents = bad.contents { try Data(contents.utf8).write(to: URL(fileURLWithPath: path)) }
            #expect(throws: DeliveryFailure.self, "\(bad.name)") { try GoogleServiceAccount.read(file: path) }
            do {
                _ = try GoogleServiceAccount.read(file: path)
            } catch {
                #expect(error.isPermanent, "\(bad.name)")
                #expect(error.description.hasPrefix("webhooks.googleChat.serviceAccountKeyFile: \(path) "), "\(error)")
                #expect(error.description.contains(bad.reason), "\(bad.name): \(error)")
            }
        }
    }

    @Test func aKeyGoogleDoesNotKnowIsGivenUpAndMarksGoogleChatDown() async throws {
        try await Self.with(configure: { chat, api, folder in
            chat.serviceAccountKeyFile = try api.writeStrangerKeyFile(in: folder)
        }) { rig in
            try await rig.harness.bot.runtime.outbox.enqueue(
                adapter: "googlechat", target: .channel(Self.space), lines: ["Lunch: soup"], idempotencyKey: "lunch:1")
            #expect(try await rig.worker().deliverDue() == 0)
            let reason = try #require(try await rig.harness.bot.runtime.outbox.deadLetters().first?.lastError)
            #expect(reason.contains("invalid_grant"), "\(reason)")
            #expect(reason.contains("webhooks.googleChat.serviceAccountKeyFile"), "\(reason)")
            #expect(rig.harness.bot.runtime.adapterStatus.snapshot["googlechat"]?.state == .down)
            #expect(rig.api.tokensIssued == 0)
            #expect(rig.api.messages.isEmpty)
        }
    }

    @Test func theAccessTokenIsKeptUntilFiveMinutesBeforeItExpiresAndARefusedOneIsReplaced() async throws {
        try await Self.with { rig in
            rig.api.addSpace(Self.space)
            let outbox = rig.harness.bot.runtime.outbox
            for index in 1...4 {
                try await outbox.enqueue(
                    adapter: "googlechat", target: .channel(Self.space), lines: ["Lunch \(index)"],
                    idempotencyKey: "lunch-\(index)")
            }
            let due = try await outbox.due(for: "googlechat")
            try #require(due.count == 4)
            let sender = try #require(GoogleChatSender(settings: rig.settings, dependencies: rig.dependencies))
            try await sender.send(due[0])
            try await sender.send(due[1])
            #expect(rig.api.tokensIssued == 1, "the token is kept")
            rig.harness.bot.clock.advance(by: 3599 - 300 + 1)
            try await sender.send(due[2])
            #expect(rig.api.tokensIssued == 2, "renewed five minutes before Google's expires_in")
            rig.api.revokeAccessTokens()
            try await sender.send(due[3])
            #expect(rig.api.tokensIssued == 3, "a refused token is replaced and the message sent again")
            #expect(rig.api.messages.map(\.text) == ["Lunch 1", "Lunch 2", "Lunch 3", "Lunch 4"])
            #expect(rig.harness.bot.runtime.adapterStatus.snapshot["googlechat"]?.state == .up)
        }
    }

    @Test func aSlowCommandsLateAnswerIsPostedThroughTheAPIInTheThread() async throws {
        try await Self.with(answerWithin: 2) { rig in
            rig.api.addSpace(Self.space)
            let answer = try await rig.post(
                Self.message(text: "@Homeroom slow", argumentText: " slow"), token: rig.chatToken())
            #expect(answer.status == 200)
            #expect(answer.body == "{}", "Google was told nothing yet: \(answer.body)")
            rig.harness.gate.open()
            let posted = try await rig.api.messages(count: 1)
            let late = try #require(posted.first)
            #expect(late.text == "done at last")
            #expect(late.space == Self.space)
            #expect(late.thread == Self.thread)
            #expect(late.requestID != nil)
        }
    }

    @Test func userTextCannotMentionEveryone() async throws {
        #expect(!GoogleChatText.escaping("hi <users/all> and <https://evil.example|menu>").contains("<users/all>"))
        #expect(!GoogleChatText.escaping("<https://evil.example|menu>").contains("<https"))
        try await Self.with { rig in
            let answer = try await rig.post(
                Self.message(text: "@Homeroom lunch <users/all>", argumentText: " lunch <users/all>"),
                token: rig.chatToken())
            let text = try #require(answer.json["text"] as? String, "\(answer.body)")
            #expect(text.contains("users/all"), "the words are shown: \(text)")
            #expect(!text.contains("<users/all>"), "\(text)")
        }
    }

    @Test func aLongAnswerIsCutWithinChatsLength() {
        let long = Reply(lines: Array(repeating: String(repeating: "x", count: 99), count: 100))
        let text = GoogleChatText.message(long)
        #expect(text.count <= GoogleChatText.maximumLength)
        #expect(text.hasSuffix("(cut: longer than Google Chat allows)"))
    }
}
