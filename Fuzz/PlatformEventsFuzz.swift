import Dispatch
import Foundation
import HomeroomCore
import HomeroomDiscord
import HomeroomGoogleChat
import HomeroomSlack
import HomeroomTeams
import HomeroomWebhooks
import Logging

/// libFuzzer entry: what the chat platforms send the bot and answer it. The first byte, modulo 7,
/// picks the reader; the rest is its input, read as the code reads it:
/// 0. a Slack Socket Mode message (hello, disconnect, envelope), with the event's message;
/// 1. a Google Chat interaction event posted to `/google-chat/events`;
/// 2. a Bot Framework activity posted to `/teams/bot`;
/// 3. a Slack Web API answer: the second byte picks the status and the method, the first line is
///    the `Retry-After` header (none when empty), the rest the body;
/// 4. Discord's rate-limit headers, one a line: bucket, remaining, reset-after, a global 429's wait;
/// 5. a published JSON Web Key Set, against which a token signed by its first seed key is verified;
/// 6. a bearer token, verified against that seed key set.
@_cdecl("LLVMFuzzerTestOneInput")
func platformEventsFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    switch data[0] % 7 {
    case 0: readSocketModeFrame(String(decoding: bytes, as: UTF8.self))
    case 1: readGoogleChatEvent(bytes)
    case 2: readTeamsBotActivity(bytes)
    case 3: waitFor { await readSlackAnswer(bytes) }
    case 4: waitFor { await readDiscordRateLimits(String(decoding: bytes, as: UTF8.self)) }
    case 5: waitFor { await verify(signedToken, keys: bytes) }
    default: waitFor { await verify(String(decoding: bytes, as: UTF8.self), keys: Array(publishedKeys.utf8)) }
    }
    return 0
}

private func readSocketModeFrame(_ text: String) {
    let frame: SocketModeFrame
    do throws(SocketModeFrameError) {
        frame = try SocketModeFrame.decode(text)
    } catch {
        _ = error.description
        return
    }
    guard case .envelope(let envelope) = frame else { return }
    precondition(envelope.retryAttempt >= 0, "a negative retry attempt")
    precondition(!envelope.deliveryKey.isEmpty && envelope.replayKey.count == 32, "a replay key of the wrong size")
    if case .event(let callback) = envelope.payload,
        let event = callback.message(botName: "homeroom", receivedAt: Date(timeIntervalSince1970: 1_795_000_000))
    {
        precondition(event.message.sender.id.contains(":"), "a sender without a workspace")
        _ = event.message.text.split(separator: " ", maxSplits: 1).first
    }
}

private func readGoogleChatEvent(_ bytes: [UInt8]) {
    guard let event = try? JSONDecoder().decode(GoogleChatEvent.self, from: Data(bytes)) else { return }
    _ = (event.type, event.space?.isDirect)
    for user in [event.user, event.message?.sender].compactMap({ $0 }) {
        if let number = user.number { precondition(number.utf8.count <= 64, "a user number past 64 bytes") }
        // DOMAIN (64 bytes at most, or `external`), a colon, NUMBER.
        if let id = user.platformID { precondition(id.utf8.count <= 129, "a platform id past 129 bytes") }
    }
    if let message = event.message {
        precondition(message.annotations.count <= GoogleChatEvent.Message.maximumAnnotations, "annotations uncapped")
        _ = message.slashCommandName
    }
}

private func readTeamsBotActivity(_ bytes: [UInt8]) {
    guard let activity = try? JSONDecoder().decode(TeamsBotActivity.self, from: Data(bytes)) else { return }
    let most = TeamsBotActivity.maximumMembers
    precondition((activity.membersAdded?.count ?? 0) <= most && (activity.membersRemoved?.count ?? 0) <= most)
    _ = (activity.senderID, activity.isPersonal, activity.welcomesBot, activity.removesBot)
}

private let botToken = "xoxb-FUZZ-SECRET-Bt0k3n"
private let appToken = "xapp-FUZZ-SECRET-Ap9t0k"

private func readSlackAnswer(_ bytes: [UInt8]) async {
    guard let choice = bytes.first else { return }
    let statuses = [200, 200, 429, 500, 503, 408, 403, 404]
    let rest = bytes.dropFirst()
    let line = rest.prefix { $0 != UInt8(ascii: "\n") }
    let header = String(decoding: line.prefix(200).filter { $0 >= 0x20 && $0 < 0x7F }, as: UTF8.self)
    let response = OutgoingResponse(
        status: statuses[Int(choice & 7)], retryAfter: header.isEmpty ? nil : header,
        body: Array(rest.dropFirst(line.count + 1)))
    let api = SlackWebAPI(
        baseURL: URL(string: "https://slack.example/api")!, botToken: botToken, appToken: appToken,
        fetcher: AnsweringFetcher(answer: response, keys: []), timeout: .seconds(1))
    do throws(SlackAPIFailure) {
        switch (choice >> 3) % 3 {
        case 0: _ = try await api.postMessage(channel: "C0123", text: "lunch", threadTS: "1.2")
        case 1: _ = try await api.openDirectMessage(user: "U0123")
        default:
            let url = try await api.openSocketConnection()
            precondition(url.scheme == "wss" || url.scheme == "ws", "a Socket Mode URL that is no WebSocket")
        }
    } catch {
        let description = error.description
        precondition(!description.contains(botToken) && !description.contains(appToken), "a token in \(description)")
        if let wait = error.delivery.retryAfter { precondition(wait >= 0, "a negative or NaN wait: \(wait)") }
        if error.code != nil { precondition(description.utf8.count <= 400, "a long description: \(description)") }
    }
}

private func readDiscordRateLimits(_ text: String) async {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).prefix(4).map(String.init)
    while lines.count < 4 { lines.append("") }
    let route = "POST /channels/{channel.id}/messages"
    let longest = Duration.seconds(DiscordRateLimits.longestReset)
    let limits = DiscordRateLimits()
    await limits.learn(route: route, major: "123", bucket: lines[0], remaining: lines[1], resetAfter: lines[2])
    if let global = DiscordRateLimits.seconds(lines[3]) {
        precondition(global >= 0 && global <= DiscordRateLimits.longestReset, "a global wait out of bounds")
        await limits.blockEveryRoute(for: global)
    }
    for _ in 0..<3 {
        let wait = await limits.reserve(route: route, major: "123")
        precondition(wait >= .zero && wait <= longest, "a wait out of bounds: \(wait)")
    }
    if let reset = DiscordRateLimits.seconds(lines[2]) {
        precondition(reset >= 0 && reset <= DiscordRateLimits.longestReset, "a reset out of bounds: \(reset)")
    }
}

private func verify(_ token: String, keys: [UInt8]) async {
    struct Claims: Decodable, Sendable { let serviceurl: String? }
    let verifier = SignedTokenVerifier(
        source: .jwks(URL(string: "https://login.example/keys")!), fetcher: AnsweringFetcher(answer: nil, keys: keys),
        clock: SystemClock(), logger: Logger(label: "fuzz", factory: { _ in SwiftLogNoOpLogHandler() }))
    do throws(WebhookRejection) {
        _ = try await verifier.verify(
            token, issuers: ["https://api.botframework.com"], audience: "fuzz-app", endorsement: "msteams",
            as: Claims.self)
    } catch {
        // No reason names the token; a token is three base64url parts joined by dots.
        precondition(!token.contains(".") || !error.description.contains(token), "the token in \(error)")
    }
}

/// Answers every request with the fuzzed answer (`send`) or key set (`fetch`), within the
/// request's limits as HomeroomFetch keeps them.
private struct AnsweringFetcher: HTTPFetching {
    let answer: OutgoingResponse?
    let keys: [UInt8]

    func fetch(_ request: FetchRequest) async throws(FetchError) -> FetchResponse {
        guard keys.count <= request.maximumBytes else { throw FetchError("the key set is too large") }
        return .fetched(body: keys, etag: nil, lastModified: nil)
    }

    func send(_ request: OutgoingRequest) async throws(FetchError) -> OutgoingResponse {
        guard var answer else { throw FetchError("no answer") }
        answer.body = Array(answer.body.prefix(request.maximumResponseBytes))
        return answer
    }
}

/// Runs `work` and waits for it on this thread, which is libFuzzer's and none of the tasks'.
private func waitFor(_ work: @escaping @Sendable () async -> Void) {
    let done = DispatchSemaphore(value: 0)
    Task {
        await work()
        done.signal()
    }
    done.wait()
}

/// A key set as Microsoft and Google publish theirs (https://login.botframework.com/v1/.well-known/keys),
/// with one RSA key generated for the fuzzing.
private let publishedKeys =
    #"{"keys":[{"kty":"RSA","use":"sig","kid":"homeroom-fuzz","n":"qcLF8meTyhsdD_zkpzYeSIqG4yfDYA2ESCehkGU"#
    + #"av6QlPtIv-bYamR7jIQx_g3Pe_wH7seVm8h_XjXV4tQPgCaTmeN-F1kQHOWZ74ngVN3HHW8bk8_RSApI7biRuaLksf0WEERus3zF"#
    + #"d4y9cJD4ZgmIxo3dT65qOm7KCtKVvtobELuMiEiQdFeTjxrb7u1S47-HoGrIiJ6V7zLpZ_zcSrUCRBTJIiS5AUDZas7Uut5GNGD7"#
    + #"mvHld7dnq4Elufk9m2Xhnjd6fuzMQ8EvzvWSayY-HpPCMTz0RqI3kyHIHCGMHVdi87GvlrNlXqbMW9R4Nwur1ZIWPk_hfTnay-BR"#
    + #"5BQ","e":"AQAB"}]}"#

/// A token signed by that key for the audience `fuzz-app`, valid until 2100.
private let signedToken =
    "eyJhbGciOiJSUzI1NiIsImtpZCI6ImhvbWVyb29tLWZ1enoiLCJ0eXAiOiJKV1QifQ.eyJpc3MiOiJodHRwczovL2FwaS5ib3Rmc"
    + "mFtZXdvcmsuY29tIiwiYXVkIjoiZnV6ei1hcHAiLCJleHAiOjQxMDI0NDQ4MDAsIm5iZiI6MTcwMDAwMDAwMCwic2VydmljZXVyb"
    + "CI6Imh0dHBzOi8vc21iYS50cmFmZmljbWFuYWdlci5uZXQvYW1lci8ifQ.Nj4OyeM97DKRnU5fU7HLNImxYrf_tQAz4zKy3PfJD7"
    + "vTJZIC4ZLb8Kr1wnrU9l5sLI67vcZzgFzaHouw2y3TFx4qoniYixGe-L0ocT8JEPmulQOBbYzre9DQaQhFLrISzE7qADXxMKIHEF"
    + "Bf2FBrOTTT44xyb324vn0M_NCQqy-ym-aLNPAdV-wlPw9l_Pd-wPYHgvEbFxGdcf4BDUbX0b6n5RwYbwCHpmTU0KDljLwudOiLov"
    + "0mM0-j3NQiIDhFwpv4e7dYiO4fMEI6CiRn5gae-Yvvv6zTSxS6wmNr0fc1t6GOVlm2yXg5wc_E9NcXRtuPO3VLwU4C7vVUPHwIrA"
