import AsyncHTTPClient
import Foundation
import HomeroomTestbed
import HomeroomTesting
import Logging
import Synchronization
import Testing

@testable import HomeroomMatrix

/// The client against real HTTP servers on loopback: the requests it sends, and how every kind of
/// answer (and no answer) comes back as a ``MatrixAPIError``.
@Suite struct MatrixClientTests {
    private static let token = "syt_c2VjcmV0_token"

    private func client(_ url: URL, token: String? = token, timeout: Duration = .seconds(30)) -> MatrixClient {
        MatrixClient(
            homeserver: url, accessToken: token, requestTimeout: timeout, http: .shared,
            logger: Logger(label: "matrix-client-test"))
    }

    private func json(_ text: String, status: Int = 200, headers: [(String, String)] = [])
        -> LoopbackHTTPServer.Response
    {
        .init(status: status, body: Array(text.utf8), headers: [("Content-Type", "application/json")] + headers)
    }

    /// The error `operation` threw; nil (and an issue recorded) when it did not throw.
    private func failure<T>(_ operation: () async throws(MatrixAPIError) -> T) async -> MatrixAPIError? {
        do {
            _ = try await operation()
            Issue.record("the request succeeded")
            return nil
        } catch {
            return error
        }
    }

    private static let whoami = "/_matrix/client/v3/account/whoami"

    // MARK: requests

    @Test func everyPathSegmentIsPercentEncoded() {
        #expect(MatrixPath.encoded("!room:school.example") == "%21room%3Aschool.example")
        #expect(MatrixPath.encoded("#lunch:school.example") == "%23lunch%3Aschool.example")
        #expect(MatrixPath.encoded("a/b c?d#e%f+g") == "a%2Fb%20c%3Fd%23e%25f%2Bg")
        #expect(MatrixPath.encoded("Ä-._~") == "%C3%84-._~")
        let url = MatrixPath.url(on: URL(string: "https://school.example/matrix/")!, ["rooms", "!r:s", "leave"])
        #expect(url == "https://school.example/matrix/_matrix/client/v3/rooms/%21r%3As/leave")
    }

    @Test func aSendIsAPutWithTheTokenTheMessageAndTheEncodedTransactionID() async throws {
        let server = try await LoopbackHTTPServer.start()
        defer { Task { await server.stop() } }
        let path = "/_matrix/client/v3/rooms/%21lunch%3Aschool.example/send/m.room.message/homeroom-a%2Fb%20c%23d%3Ae"
        server.serve(path, json(#"{"event_id":"$sent:school.example"}"#))
        let message = MatrixMessage(body: "Pasta", mentionedUserIDs: ["@alice:school.example"], inReplyTo: "$ask")
        let eventID = try await client(server.url("")).send(
            message, to: "!lunch:school.example", transactionID: "homeroom-a/b c#d:e")
        #expect(eventID == "$sent:school.example")
        let request = try #require(server.requests.first)
        #expect(request.method == "PUT")
        #expect(request.path == path)
        #expect(request.headers["authorization"] == "Bearer \(Self.token)")
        #expect(request.headers["user-agent"] == "Homeroom")
        #expect(request.headers["content-type"] == "application/json")
        let body = try #require(try JSONSerialization.jsonObject(with: Data(request.body)) as? [String: Any])
        #expect(body["msgtype"] as? String == "m.notice")
        #expect(body["body"] as? String == "Pasta")
        #expect((body["m.mentions"] as? [String: Any])?["user_ids"] as? [String] == ["@alice:school.example"])
    }

    @Test func aLoginSendsThePasswordWithoutAToken() async throws {
        let server = try await LoopbackHTTPServer.start()
        defer { Task { await server.stop() } }
        server.serve(
            "/_matrix/client/v3/login",
            json(#"{"user_id":"@bot:school.example","access_token":"new-token","device_id":"DEV1","home_server":"x"}"#))
        let credentials = try await client(server.url(""), token: nil).login(
            user: "bot", password: "pw", deviceName: "Homeroom")
        #expect(
            credentials == MatrixCredentials(userID: "@bot:school.example", deviceID: "DEV1", accessToken: "new-token"))
        let request = try #require(server.requests.first)
        #expect(request.method == "POST")
        #expect(request.headers["authorization"] == nil)
        let body = try #require(try JSONSerialization.jsonObject(with: Data(request.body)) as? [String: Any])
        #expect(body["type"] as? String == "m.login.password")
        #expect(body["password"] as? String == "pw")
        #expect(body["initial_device_display_name"] as? String == "Homeroom")
        let identifier = try #require(body["identifier"] as? [String: String])
        #expect(identifier == ["type": "m.id.user", "user": "bot"])
    }

    @Test func aSyncSendsItsTokenTimeoutAndFilterInTheQuery() async throws {
        let server = try await LoopbackHTTPServer.start()
        defer { Task { await server.stop() } }
        let path =
            "/_matrix/client/v3/sync?since=s1%2F2&timeout=30000&filter=%7B%22room%22%3A%7B%7D%7D"
            + "&set_presence=offline"
        server.serve(path, json(#"{"next_batch":"s3","rooms":{"leave":{"!gone:s":{}}}}"#))
        let batch = try await client(server.url("")).sync(since: "s1/2", filter: #"{"room":{}}"#, timeout: .seconds(30))
        #expect(batch.nextBatch == "s3")
        #expect(batch.left == ["!gone:s"])
        #expect(server.requests.map(\.method) == ["GET"])
    }

    @Test func theRoomEndpointsSendWhatTheSpecAsks() async throws {
        let server = try await LoopbackHTTPServer.start()
        defer { Task { await server.stop() } }
        let v3 = "/_matrix/client/v3"
        server.serve("\(v3)/join/%23lunch%3As", json(#"{"room_id":"!lunch:s"}"#))
        server.serve("\(v3)/rooms/%21r%3As/leave", json("{}"))
        server.serve("\(v3)/rooms/%21r%3As/forget", json("{}"))
        server.serve("\(v3)/createRoom", json(#"{"room_id":"!dm:s"}"#))
        server.serve("\(v3)/directory/room/%23news%3As", json(#"{"room_id":"!news:s","servers":["s"]}"#))
        server.serve(
            "\(v3)/rooms/%21r%3As/joined_members",
            json(#"{"joined":{"@a:s":{"display_name":"A"},"@b:s":{},"@c:s":{"avatar_url":null}}}"#))
        let client = client(server.url(""))
        #expect(try await client.join("#lunch:s") == "!lunch:s")
        try await client.leave("!r:s", reason: "This room is encrypted")
        try await client.forget("!r:s")
        #expect(try await client.createDirectRoom(with: "@alice:s") == "!dm:s")
        #expect(try await client.resolveAlias("#news:s") == "!news:s")
        #expect(try await client.joinedMemberCount(of: "!r:s") == 3)
        let bodies = Dictionary(
            server.requests.map {
                ($0.path, (try? JSONSerialization.jsonObject(with: Data($0.body))) as? NSDictionary)
            },
            uniquingKeysWith: { first, _ in first })
        #expect(bodies["\(v3)/join/%23lunch%3As"] == NSDictionary())
        #expect(bodies["\(v3)/rooms/%21r%3As/leave"] == ["reason": "This room is encrypted"] as NSDictionary)
        #expect(
            bodies["\(v3)/createRoom"]
                == ["is_direct": true, "preset": "trusted_private_chat", "invite": ["@alice:s"]] as NSDictionary)
        #expect(server.requests.map(\.method) == ["POST", "POST", "POST", "POST", "GET", "GET"])
    }

    // MARK: errors

    @Test(
        arguments: [
            (#"{"errcode":"M_LIMIT_EXCEEDED","retry_after_ms":1e30}"#, 429, [], Duration.seconds(300)),
            (#"{"errcode":"M_LIMIT_EXCEEDED","retry_after_ms":-5}"#, 429, [], .zero),
            (#"{"errcode":"M_LIMIT_EXCEEDED","retry_after_ms":"x"}"#, 429, [], .seconds(1)),
            (#"{"errcode":"M_LIMIT_EXCEEDED","retry_after_ms":2500.2}"#, 429, [], .milliseconds(2501)),
            (#"{"errcode":"M_LIMIT_EXCEEDED"}"#, 429, [("Retry-After", "7")], .seconds(7)),
            (
                #"{"errcode":"M_LIMIT_EXCEEDED","retry_after_ms":1500}"#, 429, [("Retry-After", "7")],
                .milliseconds(1500)
            ),
            ("Too many", 429, [("Retry-After", "100000")], .seconds(300)),
            ("Too many", 429, [("Retry-After", "Wed, 21 Oct 2015 07:28:00 GMT")], .seconds(1)),
            (#"{"errcode":"M_LIMIT_EXCEEDED","retry_after_ms":800}"#, 400, [], .milliseconds(800)),
        ] as [(String, Int, [(String, String)], Duration)])
    func aRateLimitWaitsWhatTheServerSaidWithinBounds(
        body: String, status: Int, headers: [(String, String)], wait: Duration
    ) async throws {
        let server = try await LoopbackHTTPServer.start()
        defer { Task { await server.stop() } }
        server.serve(Self.whoami, json(body, status: status, headers: headers))
        let error = try #require(
            await failure { () async throws(MatrixAPIError) in try await client(server.url("")).whoAmI() })
        #expect(error.kind == .rateLimited(retryAfter: wait))
        #expect(error.description.hasPrefix("whoami rate-limited, retry in "))
        #expect(!error.isPermanent)
    }

    @Test func aRefusalNamesStatusAndErrcodeAndCutsTheServersText() async throws {
        let server = try await LoopbackHTTPServer.start()
        defer { Task { await server.stop() } }
        let text = "Invalid token \(Self.token)\n" + String(repeating: "x", count: 500)
        let body = try JSONSerialization.data(withJSONObject: ["errcode": "M_UNKNOWN_TOKEN", "error": text])
        server.serve(Self.whoami, .init(status: 401, body: Array(body)))
        let error = try #require(
            await failure { () async throws(MatrixAPIError) in try await client(server.url("")).whoAmI() })
        #expect(error.kind == .refused(status: 401, errcode: "M_UNKNOWN_TOKEN"))
        #expect(error.isUnknownToken && error.isPermanent)
        #expect(!error.description.contains(Self.token), "never the access token")
        #expect(!error.description.contains("\n"))
        #expect(error.description.hasPrefix("whoami refused (401 M_UNKNOWN_TOKEN): Invalid token [token] xxx"))
        #expect(error.description.count < 260, "\(error.description.count)")
    }

    @Test(
        arguments: [
            (404, "<html>Not here</html>", nil), (500, "", nil), (502, #"{"errcode":5,"error":["x"]}"#, nil),
            (403, #"{"errcode":"M_FORBIDDEN"}"#, "M_FORBIDDEN"),
        ] as [(Int, String, String?)])
    func anErrorBodyThatSaysLittleStillGivesTheStatus(status: Int, body: String, errcode: String?) async throws {
        let server = try await LoopbackHTTPServer.start()
        defer { Task { await server.stop() } }
        server.serve(Self.whoami, .init(status: status, body: Array(body.utf8)))
        let error = try #require(
            await failure { () async throws(MatrixAPIError) in try await client(server.url("")).whoAmI() })
        #expect(error.kind == .refused(status: status, errcode: errcode))
        #expect(error.isPermanent == (status < 500))
    }

    @Test(arguments: ["not json", #"{"user_id":5}"#, #"{"device_id":"D"}"#, "[]", ""])
    func aSuccessfulAnswerThatCannotBeReadIsMalformed(body: String) async throws {
        let server = try await LoopbackHTTPServer.start()
        defer { Task { await server.stop() } }
        server.serve(Self.whoami, .init(status: 200, body: Array(body.utf8)))
        let error = try #require(
            await failure { () async throws(MatrixAPIError) in try await client(server.url("")).whoAmI() })
        #expect(error.kind == .malformed)
        #expect(error.description.hasPrefix("the answer to whoami could not be read"))
        #expect(error.description.count < 200)
    }

    @Test func aSyncAnswerOverSixteenMegabytesIsRefused() async throws {
        let server = try await LoopbackHTTPServer.start()
        defer { Task { await server.stop() } }
        let padding = String(repeating: "x", count: 20 << 20)
        server.serve(
            "/_matrix/client/v3/sync?timeout=0&filter=%7B%7D&set_presence=offline",
            json(#"{"next_batch":"n","padding":"\#(padding)"}"#))
        let error = try #require(
            await failure { () async throws(MatrixAPIError) in
                try await client(server.url("")).sync(since: nil, filter: "{}", timeout: .zero)
            })
        #expect(error.kind == .tooLarge)
        #expect(error.description == "the answer to sync was larger than 16 MB")
    }

    @Test func anyOtherAnswerOverOneMegabyteIsRefused() async throws {
        let server = try await LoopbackHTTPServer.start()
        defer { Task { await server.stop() } }
        let padding = String(repeating: "x", count: 1 << 20)
        server.serve(Self.whoami, json(#"{"user_id":"@bot:s","padding":"\#(padding)"}"#))
        let error = try #require(
            await failure { () async throws(MatrixAPIError) in try await client(server.url("")).whoAmI() })
        #expect(error == MatrixAPIError(.tooLarge, "the answer to whoami was larger than 1 MB"))
    }

    @Test func anAnswerJustUnderTheCapIsRead() async throws {
        let server = try await LoopbackHTTPServer.start()
        defer { Task { await server.stop() } }
        let envelope = #"{"user_id":"@bot:s","padding":""}"#
        let padding = String(repeating: "x", count: MatrixClient.largestAnswer - envelope.utf8.count)
        server.serve(Self.whoami, json(#"{"user_id":"@bot:s","padding":"\#(padding)"}"#))
        let who = try await client(server.url("")).whoAmI()
        #expect(who.userID == "@bot:s")
    }

    @Test func aBodyThatNeverEndsIsCutOffAtTheDeadline() async throws {
        let server = try await TricklingHTTPServer.start(interval: .milliseconds(50), bodyBytes: 1_000_000)
        defer { Task { await server.stop() } }
        let start = ContinuousClock.now
        let error = try #require(
            await failure { () async throws(MatrixAPIError) in
                try await client(server.url(""), timeout: .milliseconds(500)).whoAmI()
            })
        let elapsed = ContinuousClock.now - start
        #expect(error.kind == .noAnswer)
        // On a loaded machine the deadline may pass before the headers arrive: either way it is cut off.
        let cutOff = [
            "whoami: no answer from 127.0.0.1: no complete answer within 0.5 s",
            "whoami: no answer from 127.0.0.1: no answer within 0.5 s",
        ]
        #expect(cutOff.contains(error.description), "\(error.description)")
        #expect(elapsed >= .milliseconds(500) && elapsed < .seconds(30), "\(elapsed)")
    }

    /// With AsyncHTTPClient's retries of connection establishment off, a homeserver that is down is
    /// reported at once, for the caller's backoff to take over; with them on, only at the deadline.
    @Test func aServerThatIsNotThereGivesNoAnswer() async throws {
        let refusing = try UnansweredLoopbackPort()
        let url = refusing.url("")
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool.retryConnectionEstablishment = false
        let http = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
        let client = MatrixClient(
            homeserver: url, accessToken: Self.token, requestTimeout: .seconds(60), http: http,
            logger: Logger(label: "matrix-client-test"))
        let start = ContinuousClock.now
        let error = try #require(await failure { () async throws(MatrixAPIError) in try await client.whoAmI() })
        let elapsed = ContinuousClock.now - start
        try await http.shutdown()
        #expect(error.kind == .noAnswer)
        #expect(error.description.hasPrefix("whoami: no answer from 127.0.0.1: "))
        #expect(error.description.localizedCaseInsensitiveContains("refused"), "\(error.description)")
        #expect(elapsed < .seconds(30), "\(elapsed)")
        #expect(!error.isPermanent)
    }

    @Test func aCancelledLongPollEndsAtOnce() async throws {
        let server = try SilentServer()
        defer { server.stop() }
        let client = client(URL(string: "http://127.0.0.1:\(server.port)")!)
        let poll = Task { () async throws(MatrixAPIError) -> SyncBatch in
            try await client.sync(since: "s1", filter: SyncFilter.incremental, timeout: .seconds(300))
        }
        try await server.waitForRequest()
        let cancelled = ContinuousClock.now
        poll.cancel()
        let result = await poll.result
        let elapsed = ContinuousClock.now - cancelled
        #expect(elapsed < .seconds(1), "\(elapsed)")
        guard case .failure(let error as MatrixAPIError) = result else {
            Issue.record("the poll ended with a batch")
            return
        }
        #expect(error.kind == .noAnswer)
        #expect(error.description == "sync: no answer from 127.0.0.1: cancelled")
    }

    @Test func aCancelledLongPollWhoseBodyTricklesEndsAtOnce() async throws {
        let server = try await TricklingHTTPServer.start(interval: .milliseconds(20), bodyBytes: 1_000_000)
        defer { Task { await server.stop() } }
        let client = client(server.url(""))
        let poll = Task { () async throws(MatrixAPIError) -> SyncBatch in
            try await client.sync(since: "s1", filter: SyncFilter.incremental, timeout: .seconds(300))
        }
        try await eventually("the first bytes of the body", within: .seconds(60)) { server.bytesSent >= 3 }
        let cancelled = ContinuousClock.now
        poll.cancel()
        let result = await poll.result
        let elapsed = ContinuousClock.now - cancelled
        #expect(elapsed < .seconds(1), "\(elapsed)")
        guard case .failure(let error as MatrixAPIError) = result else {
            Issue.record("the poll ended with a batch")
            return
        }
        #expect(error.kind == .noAnswer)
    }
}

/// A TCP server on 127.0.0.1 that takes a connection, reads the request, and never answers: a
/// long poll with nothing to say.
private final class SilentServer: Sendable {
    let port: Int
    private let listener: Int32
    private let received = Mutex(false)
    private let connection = Mutex<Int32>(-1)

    init() throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.listener = listener
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(listener, address, length) == 0 && listen(listener, 4) == 0
                    && getsockname(listener, address, &length) == 0
            }
        }
        guard bound else { throw CocoaError(.fileWriteUnknown) }
        port = Int(UInt16(bigEndian: address.sin_port))
        let thread = Thread { [self] in self.serve() }
        thread.start()
    }

    private func serve() {
        let accepted = accept(listener, nil, nil)
        guard accepted >= 0 else { return }
        connection.withLock { $0 = accepted }
        var request: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !request.suffix(4).elementsEqual(Array("\r\n\r\n".utf8)) {
            let count = buffer.withUnsafeMutableBytes { recv(accepted, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return }
            request.append(contentsOf: buffer.prefix(count))
        }
        received.withLock { $0 = true }
    }

    /// Waits until a request has arrived (at most 60 s).
    func waitForRequest(fileID: String = #fileID, line: Int = #line) async throws {
        try await eventually("a request", within: .seconds(60), fileID: fileID, line: line) {
            received.withLock { $0 }
        }
    }

    /// Closes the listener and the connection.
    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        let accepted = connection.withLock { $0 }
        if accepted >= 0 { close(accepted) }
    }
}
