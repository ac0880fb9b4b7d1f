import Crypto
import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomWebhooks

/// The slice of the Google Chat API a Chat app calls with its service account's token
/// (https://developers.google.com/workspace/chat/api/reference/rest), through HomeroomFetch.
struct GoogleChatAPI: Sendable {
    let baseURL: URL
    let tokens: GoogleAccessTokens
    let fetcher: any HTTPFetching
    let timeout: Duration
    let status: AdapterStatusBoard
    let clock: any HomeroomClock

    /// The client for `settings`, each request within `timeout`, or nil without a service account key file.
    init?(settings: GoogleChatSettings, timeout: Duration, dependencies: WebhookServer.Dependencies) {
        guard let keyFile = settings.serviceAccountKeyFile else { return nil }
        baseURL = settings.apiBaseURL
        fetcher = dependencies.fetcher
        self.timeout = timeout
        status = dependencies.adapterStatus
        clock = dependencies.clock
        tokens = GoogleAccessTokens(
            keyFile: keyFile, fetcher: dependencies.fetcher, timeout: timeout, clock: dependencies.clock,
            status: dependencies.adapterStatus)
    }

    /// The longest request id sent as it is; longer ones, or ones with other characters, are hashed.
    static let maximumRequestIDLength = 64

    /// `key` as a request id: itself when short and URL-safe, else the hex SHA-256 of it, so the same
    /// key always gives the same id.
    static func requestID(for key: String) -> String {
        let safe = key.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII
                && (("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                    || scalar == "-" || scalar == "_" || scalar == "." || scalar == "~")
        }
        if safe, !key.isEmpty, key.utf8.count <= maximumRequestIDLength { return key }
        return HexBytes.encode(SHA256.hash(data: Array(key.utf8)))
    }

    /// `spaces/NAME` for a space name given with or without `spaces/`, or nil when it is not one.
    static func spaceName(_ text: String) -> String? {
        let bare = text.hasPrefix("spaces/") ? String(text.dropFirst(7)) : text
        guard !bare.isEmpty, bare.utf8.count <= 128,
            bare.unicodeScalars.allSatisfy({
                $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_")
            })
        else { return nil }
        return "spaces/" + bare
    }

    /// A message body (https://developers.google.com/workspace/chat/api/reference/rest/v1/spaces.messages —
    /// "Resource: Message"): the text, to answer in a thread the thread, and for a private message
    /// the one person who sees it (`privateMessageViewer`, which only app authentication may set —
    /// the service account's token is that).
    struct NewMessage: Encodable {
        struct Thread: Encodable { let name: String }
        let text: String
        let thread: Thread?
        let privateMessageViewer: GoogleChatViewer?
    }

    /// `spaces.messages.create`
    /// (https://developers.google.com/workspace/chat/api/reference/rest/v1/spaces.messages/create):
    /// posts `text` (already escaped) to `space`, in `thread` when given, seen only by `viewer` when
    /// given (https://developers.google.com/workspace/chat/private-messages — "Send a private
    /// message"). A repeat of `requestID` returns the message the first one created instead of
    /// posting another. False when Google Chat has no such space with the app in it (404).
    @discardableResult
    func createMessage(
        in space: String, text: String, thread: String?, privatelyTo viewer: GoogleChatViewer? = nil,
        requestID: String
    ) async throws(DeliveryFailure) -> Bool {
        var query = [URLQueryItem(name: "requestId", value: requestID)]
        if thread != nil {
            // "messageReplyOption": answer in the thread, or start one when it is gone.
            query.append(URLQueryItem(name: "messageReplyOption", value: "REPLY_MESSAGE_FALLBACK_TO_NEW_THREAD"))
        }
        let url = try address("\(space)/messages", query: query)
        let body = JSONBody.encode(
            NewMessage(text: text, thread: thread.map(NewMessage.Thread.init(name:)), privateMessageViewer: viewer))
        let response = try await send(url: url, method: "POST", body: body)
        switch response.status {
        case 200..<300: return true
        case 404: return false
        default: throw failure(response, doing: "posting to \(space)")
        }
    }

    /// `spaces.findDirectMessage`
    /// (https://developers.google.com/workspace/chat/api/reference/rest/v1/spaces/findDirectMessage):
    /// the app's direct-message space with `users/NUMBER`, or nil when there is none (404).
    func findDirectMessage(user number: String) async throws(DeliveryFailure) -> String? {
        let url = try address("spaces:findDirectMessage", query: [URLQueryItem(name: "name", value: "users/\(number)")])
        let response = try await send(url: url, method: "GET", body: [])
        switch response.status {
        case 200..<300:
            struct Space: Decodable { let name: String }
            guard let space = try? JSONDecoder().decode(Space.self, from: Data(response.body)),
                let name = Self.spaceName(space.name)
            else {
                throw DeliveryFailure("Google Chat answered spaces.findDirectMessage without a space name")
            }
            return name
        case 404: return nil
        default: throw failure(response, doing: "finding the direct message with users/\(number)")
        }
    }

    private func address(_ path: String, query: [URLQueryItem]) throws(DeliveryFailure) -> URL {
        var base = baseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        guard var components = URLComponents(string: "\(base)/\(path)") else {
            throw DeliveryFailure("webhooks.googleChat.apiBaseURL gives no address for \(path)", isPermanent: true)
        }
        components.queryItems = query
        guard let url = components.url else {
            throw DeliveryFailure("webhooks.googleChat.apiBaseURL gives no address for \(path)", isPermanent: true)
        }
        return url
    }

    /// Sends one authorized request. A token the API refuses (401: revoked, or expired early) is
    /// dropped and the request sent once more with a fresh one.
    private func send(url: URL, method: String, body: [UInt8]) async throws(DeliveryFailure) -> OutgoingResponse {
        var attempt = 1
        while true {
            let token = try await tokens.token()
            var request = OutgoingRequest(
                url: url, method: method, json: body, headers: [.init("Authorization", "Bearer \(token)")],
                timeout: timeout)
            request.maximumResponseBytes = 65_536
            let response: OutgoingResponse
            do {
                response = try await fetcher.send(request)
            } catch {
                throw DeliveryFailure("Google Chat could not be reached: \(error.message)")
            }
            guard response.status == 401 else { return response }
            await tokens.forget(token)
            guard attempt < 2 else { return response }
            attempt += 1
        }
    }

    /// The failure an unexpected answer means: wait and retry on 408, 429 and 5xx; give up on the
    /// rest, and on 401 or 403 mark Google Chat down, since no message will go out until the
    /// service account is fixed.
    private func failure(_ response: OutgoingResponse, doing what: String) -> DeliveryFailure {
        switch response.status {
        case _ where response.isWorthRetrying:
            return DeliveryFailure(
                "Google Chat answered \(response.status) \(what)", retryAfter: response.retryAfterSeconds())
        case 401, 403:
            let description =
                "Google Chat refused the app's token (\(response.status)) \(what); check that the Chat API is "
                + "enabled and the service account belongs to the Chat app"
            status.report(WebhookPlatform.googlechat.rawValue, .down, detail: description, at: clock.now)
            return DeliveryFailure(description, isPermanent: true)
        default:
            return DeliveryFailure(
                "Google Chat refused \(what) with \(response.status)\(response.quotedBody)",
                isPermanent: true)
        }
    }
}
