import Foundation
import Hummingbird
import Synchronization
import _CryptoExtras

/// A loopback stand-in for the slice of the Google Chat API a Chat app calls
/// (`spaces.messages.create`, `spaces.findDirectMessage`) and for Google's OAuth token endpoint,
/// answering in the shapes of Google's published references. It holds a test service account
/// (an RSA key generated per run) whose JSON key file tests write with ``writeKeyFile(in:)``,
/// checks each assertion's signature and claims, hands out access tokens, checks them on every
/// call, honours `requestId` (a repeat returns the first message and posts nothing), records the
/// messages, and can be told to rate-limit.
public final class GoogleChatAPIServer: Sendable {
    /// One message the API created.
    public struct PostedMessage: Sendable, Equatable {
        /// `spaces/NAME`.
        public let space: String
        /// Its text, as sent.
        public let text: String
        /// The thread it answered, if any.
        public let thread: String?
        /// The `requestId` it was sent with.
        public let requestID: String?
        /// `spaces/NAME/messages/ID`.
        public let name: String
        /// `users/NUMBER` for a private message only that person sees (`privateMessageViewer`);
        /// nil for one everyone in the space sees.
        public let privateViewer: String?
    }

    private struct State {
        var spaces: Set<String> = []
        /// `users/NUMBER` → their direct-message space with the app.
        var directMessages: [String: String] = [:]
        var accessTokens: Set<String> = []
        var tokensIssued = 0
        var rateLimitedPosts = 0
        /// (space, requestId) → the message it created.
        var byRequestID: [String: PostedMessage] = [:]
        var postCalls = 0
        var findCalls = 0
        /// The published limits `spaces.messages.create` enforces (none unless a test asks).
        var meter: SendRateMeter?
        var enforcedRefusals = 0
    }

    /// The service account's `client_email`.
    public static let clientEmail = "homeroom-chat@homeroom-test.iam.gserviceaccount.com"
    /// The service account's `private_key_id`.
    public static let privateKeyID = "8d1b0c5e7f2a4b6c9d0e1f2a3b4c5d6e7f8a9b0c"

    private let shared: Shared
    private let privateKey: _RSA.Signing.PrivateKey
    private let application: LoopbackApplication

    /// The port on 127.0.0.1.
    public var port: Int { application.port }

    private init(shared: Shared, privateKey: _RSA.Signing.PrivateKey, application: LoopbackApplication) {
        self.shared = shared
        self.privateKey = privateKey
        self.application = application
    }

    /// Starts a server on 127.0.0.1 and a free port with its service account; stop it with ``stop()``.
    public static func start() async throws -> GoogleChatAPIServer {
        // Numbers the token issuer's keys (0 to 3) do not use.
        let privateKey = try TestRSAKeys.key(4)
        let shared = Shared(State(), publicKey: privateKey.publicKey)
        let router = Router(context: BasicRequestContext.self)
        // https://developers.google.com/identity/protocols/oauth2/service-account#httprest —
        // "Making the access token request", "Handling the response"
        router.post("token") { request, _ in
            try await shared.token(request)
        }
        // https://developers.google.com/workspace/chat/api/reference/rest/v1/spaces.messages/create —
        // "HTTP request", "Query parameters" (requestId, messageReplyOption), "Request body", "Response body"
        router.post("v1/spaces/:space/messages") { request, context in
            try await shared.createMessage(request, space: "spaces/" + (context.parameters.get("space") ?? ""))
        }
        // https://developers.google.com/workspace/chat/api/reference/rest/v1/spaces/findDirectMessage —
        // "HTTP request", "Query parameters" (name), "Response body"
        router.get("v1/spaces:findDirectMessage") { request, _ in
            shared.findDirectMessage(request)
        }
        let application = try await LoopbackApplication.start(serverName: "ESF", router: router)
        let server = GoogleChatAPIServer(shared: shared, privateKey: privateKey, application: application)
        shared.setTokenURL(server.tokenURL.absoluteString)
        return server
    }

    /// The URL to configure as `webhooks.googleChat.apiBaseURL`.
    public var apiBaseURL: URL { URL(string: "http://127.0.0.1:\(port)/v1")! }

    /// The service account's `token_uri`.
    public var tokenURL: URL { URL(string: "http://127.0.0.1:\(port)/token")! }

    /// The service account's JSON key file, as the Cloud console downloads it
    /// (https://cloud.google.com/iam/docs/keys-create-delete — "Create a service account key").
    public var keyFileJSON: String { keyFile(privateKey: privateKey) }

    /// Writes ``keyFileJSON`` to a file in `directory`; returns its path, for
    /// `webhooks.googleChat.serviceAccountKeyFile`.
    public func writeKeyFile(in directory: URL) throws -> String {
        let url = directory.appendingPathComponent("service-account.json")
        try Data(keyFileJSON.utf8).write(to: url)
        return url.path
    }

    /// Writes a key file for the same account with a new key the token endpoint never saw (a key
    /// deleted in the console, or another project's); returns its path.
    public func writeStrangerKeyFile(in directory: URL) throws -> String {
        let url = directory.appendingPathComponent("stranger-service-account.json")
        try Data(keyFile(privateKey: try TestRSAKeys.key(5)).utf8).write(to: url)
        return url.path
    }

    private func keyFile(privateKey: _RSA.Signing.PrivateKey) -> String {
        let file: [String: String] = [
            "type": "service_account", "project_id": "homeroom-test", "private_key_id": Self.privateKeyID,
            "private_key": privateKey.pkcs8PEMRepresentation, "client_email": Self.clientEmail,
            "client_id": "113355779911224466880", "auth_uri": "https://accounts.google.com/o/oauth2/auth",
            "token_uri": tokenURL.absoluteString,
            "auth_provider_x509_cert_url": "https://www.googleapis.com/oauth2/v1/certs",
        ]
        let data = (try? JSONSerialization.data(withJSONObject: file, options: [.sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    /// `space` exists and has the app in it.
    public func addSpace(_ space: String) { _ = shared.state.withLock { $0.spaces.insert(space) } }

    /// `users/NUMBER` has added the app in a direct message, in `space`.
    public func addDirectMessage(user number: String, space: String) {
        shared.state.withLock { state in
            state.spaces.insert(space)
            state.directMessages["users/\(number)"] = space
        }
    }

    /// The next `count` message posts answer 429 with `Retry-After: 1`.
    public func rateLimitNextPosts(_ count: Int) { shared.state.withLock { $0.rateLimitedPosts = max(0, count) } }

    /// From now on each `spaces.messages.create` counts against `limits`, per space (`each`) or over
    /// the project (`all`), and one past any of them is answered 429 with `Retry-After`;
    /// ``publishedLimits`` are Google's.
    public func enforce(_ limits: [SendRate]) { shared.state.withLock { $0.meter = SendRateMeter(limits) } }

    /// How many message posts were answered 429 for coming past the enforced limits.
    public var rateLimitedAnswers: Int { shared.state.withLock { $0.enforcedRefusals } }

    /// Every access token handed out so far stops working (answers 401).
    public func revokeAccessTokens() { shared.state.withLock { $0.accessTokens = [] } }

    /// Every message created so far, in order (a repeated `requestId` created none).
    public var messages: [PostedMessage] { shared.messages.items }

    /// How many access tokens were handed out.
    public var tokensIssued: Int { shared.state.withLock { $0.tokensIssued } }

    /// How many `spaces.messages.create` calls arrived, refused and repeated ones included.
    public var postCalls: Int { shared.state.withLock { $0.postCalls } }

    /// How many `spaces.findDirectMessage` calls arrived.
    public var findDirectMessageCalls: Int { shared.state.withLock { $0.findCalls } }

    /// Waits until `count` messages were created, at most `timeout` (then throws
    /// ``ArrivalsError/tooFew(_:expected:got:)``); returns every message so far.
    public func messages(count: Int, within timeout: Duration = .seconds(30)) async throws -> [PostedMessage] {
        try await shared.messages.items(count: count, within: timeout)
    }

    /// Stops listening.
    public func stop() async {
        await application.stop()
        shared.messages.cancelWaiting()
    }

    /// The routes' shared state and answers.
    private final class Shared: Sendable {
        let state: Mutex<State>
        let messages = Arrivals<PostedMessage>(of: "Google Chat messages")
        let publicKey: _RSA.Signing.PublicKey
        let tokenURL = Mutex("")

        init(_ state: State, publicKey: _RSA.Signing.PublicKey) {
            self.state = Mutex(state)
            self.publicKey = publicKey
        }

        func setTokenURL(_ url: String) { tokenURL.withLock { $0 = url } }

        /// The token endpoint: checks the assertion (signature, iss, aud, scope, lifetime) and hands
        /// out an access token.
        func token(_ request: Request) async throws -> Response {
            let body = try await request.body.collect(upTo: 65_536)
            var components = URLComponents()
            components.percentEncodedQuery = String(buffer: body).replacingOccurrences(of: "+", with: "%20")
            let fields = Dictionary(
                (components.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first }
            )
            // https://developers.google.com/identity/protocols/oauth2/service-account#error-codes
            guard fields["grant_type"] == "urn:ietf:params:oauth:grant-type:jwt-bearer" else {
                return Self.json(
                    ["error": "unsupported_grant_type", "error_description": "Invalid grant_type: "], .badRequest)
            }
            guard let assertion = fields["assertion"], let claims = verified(assertion) else {
                return Self.json(
                    ["error": "invalid_grant", "error_description": "Invalid JWT Signature."], .badRequest)
            }
            let expected = tokenURL.withLock { $0 }
            guard claims["iss"] as? String == GoogleChatAPIServer.clientEmail,
                claims["aud"] as? String == expected,
                (claims["scope"] as? String)?.split(separator: " ").contains("https://www.googleapis.com/auth/chat.bot")
                    == true,
                let iat = (claims["iat"] as? NSNumber)?.int64Value, let exp = (claims["exp"] as? NSNumber)?.int64Value,
                exp > iat, exp - iat <= 3600
            else {
                return Self.json(
                    ["error": "invalid_grant", "error_description": "Invalid JWT: Token must be a short-lived token"],
                    .badRequest)
            }
            let token = state.withLock { state in
                state.tokensIssued += 1
                let token = "ya29.c.test-access-token-\(state.tokensIssued)"
                state.accessTokens.insert(token)
                return token
            }
            // "Handling the response"
            return Self.json(["access_token": token, "expires_in": 3599, "token_type": "Bearer"])
        }

        /// The claims of `assertion` when it is an RS256 JWT signed by the service account's key.
        private func verified(_ assertion: String) -> [String: Any]? {
            let parts = assertion.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count == 3, let header = Self.base64URL(parts[0]), let payload = Self.base64URL(parts[1]),
                let signature = Self.base64URL(parts[2]),
                let headerFields = (try? JSONSerialization.jsonObject(with: header)) as? [String: Any],
                headerFields["alg"] as? String == "RS256",
                publicKey.isValidSignature(
                    _RSA.Signing.RSASignature(rawRepresentation: signature),
                    for: Data((parts[0] + "." + parts[1]).utf8), padding: .insecurePKCS1v1_5)
            else { return nil }
            return (try? JSONSerialization.jsonObject(with: payload)) as? [String: Any]
        }

        /// The access token presented, if it is one handed out.
        private func authorized(_ request: Request) -> Bool {
            guard let value = request.headers[.authorization], value.hasPrefix("Bearer ") else { return false }
            let token = String(value.dropFirst(7))
            return state.withLock { $0.accessTokens.contains(token) }
        }

        /// `spaces.messages.create`.
        func createMessage(_ request: Request, space: String) async throws -> Response {
            let body = try await request.body.collect(upTo: 1_048_576)
            let rateLimited = state.withLock { state -> Bool in
                state.postCalls += 1
                guard state.rateLimitedPosts > 0 else { return false }
                state.rateLimitedPosts -= 1
                return true
            }
            if rateLimited {
                // https://developers.google.com/workspace/chat/limits — "Resolve time-based quota errors"
                return Self.error(429, "RESOURCE_EXHAUSTED", "Quota exceeded", retryAfter: "1")
            }
            guard authorized(request) else {
                // https://cloud.google.com/apis/design/errors — "Error model" (UNAUTHENTICATED)
                return Self.error(401, "UNAUTHENTICATED", "Request had invalid authentication credentials.")
            }
            let wait = state.withLock { state -> Duration? in
                guard var meter = state.meter else { return nil }
                let wait = meter.admit(space, at: .now)
                state.meter = meter
                if wait != nil { state.enforcedRefusals += 1 }
                return wait
            }
            if let wait {
                // https://developers.google.com/workspace/chat/limits — "If you exceed a quota, you'll
                // receive a 429: Too many requests HTTP status code response."
                return Self.error(
                    429, "RESOURCE_EXHAUSTED", "Quota exceeded",
                    retryAfter: String(SendRateMeter.retryAfterSeconds(wait)))
            }
            guard
                let object = (try? JSONSerialization.jsonObject(with: Data(body.readableBytesView))) as? [String: Any],
                let text = object["text"] as? String, !text.isEmpty
            else {
                return Self.error(400, "INVALID_ARGUMENT", "Message cannot be empty.")
            }
            let thread = (object["thread"] as? [String: Any])?["name"] as? String
            // "Resource: Message", privateMessageViewer: a User, named users/NUMBER.
            let viewer = object["privateMessageViewer"].map { ($0 as? [String: Any])?["name"] as? String ?? "" }
            if let viewer, !viewer.hasPrefix("users/") || viewer.count <= 6 {
                return Self.error(400, "INVALID_ARGUMENT", "Invalid private message viewer.")
            }
            let requestID = request.uri.queryParameters.get("requestId")
            let created = state.withLock { state -> PostedMessage? in
                guard state.spaces.contains(space) else { return nil }
                let key = "\(space) \(requestID ?? UUID().uuidString)"
                if let earlier = state.byRequestID[key] { return earlier }
                // Under the state's lock, so that no other message takes the same name.
                let number = messages.count + 1
                let message = PostedMessage(
                    space: space, text: text, thread: thread, requestID: requestID,
                    name: "\(space)/messages/\(number).\(number)", privateViewer: viewer)
                messages.append(message)
                state.byRequestID[key] = message
                return message
            }
            guard let message = created else {
                return Self.error(404, "NOT_FOUND", "Requested entity was not found.")
            }
            // "Response body": the created Message (trimmed).
            var answer: [String: Any] = [
                "name": message.name, "text": message.text, "space": ["name": space],
                "sender": ["name": "users/114022495153014004089", "type": "BOT"],
                "createTime": "2026-11-23T17:00:00.000000Z",
            ]
            if let viewer = message.privateViewer { answer["privateMessageViewer"] = ["name": viewer] }
            answer["thread"] = [
                "name": message.thread ?? "\(space)/threads/\(message.name.split(separator: "/").last ?? "")"
            ]
            return Self.json(answer)
        }

        /// `spaces.findDirectMessage`.
        func findDirectMessage(_ request: Request) -> Response {
            state.withLock { $0.findCalls += 1 }
            guard authorized(request) else {
                return Self.error(401, "UNAUTHENTICATED", "Request had invalid authentication credentials.")
            }
            let user = request.uri.queryParameters.get("name") ?? ""
            guard let space = state.withLock({ $0.directMessages[user] }) else {
                return Self.error(404, "NOT_FOUND", "Requested entity was not found.")
            }
            // https://developers.google.com/workspace/chat/api/reference/rest/v1/spaces — "Resource: Space" (trimmed)
            return Self.json(["name": space, "type": "DM", "spaceType": "DIRECT_MESSAGE", "singleUserBotDm": true])
        }

        static func base64URL(_ text: Substring) -> Data? {
            var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
            while base64.utf8.count % 4 != 0 { base64 += "=" }
            return Data(base64Encoded: base64)
        }

        /// Google's error shape (https://cloud.google.com/apis/design/errors — "HTTP mapping").
        static func error(_ code: Int, _ status: String, _ message: String, retryAfter: String? = nil) -> Response {
            json(
                ["error": ["code": code, "message": message, "status": status]],
                HTTPResponse.Status(code: code), retryAfter: retryAfter)
        }

        /// A JSON answer, as Google sends them.
        static func json(_ value: [String: Any], _ status: HTTPResponse.Status = .ok, retryAfter: String? = nil)
            -> Response
        {
            .json(value, status: status, contentType: "application/json; charset=UTF-8", retryAfter: retryAfter)
        }
    }
}
