import AsyncHTTPClient
import Foundation
import HomeroomCore
import HomeroomTesting
import Logging

@testable import HomeroomMatrix

/// A loopback server standing in for a homeserver's answers, and clients and accounts pointed at it.
struct MatrixTestServer {
    let server: LoopbackHTTPServer

    /// Starts a server, runs `body` with it, and stops it.
    static func with(_ body: (MatrixTestServer) async throws -> Void) async throws {
        let server = try await LoopbackHTTPServer.start()
        do {
            try await body(MatrixTestServer(server: server))
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    /// The request path of an endpoint, segments encoded as the client encodes them.
    static func path(_ segments: String...) -> String {
        "/_matrix/client/v3/" + segments.map(MatrixPath.encoded).joined(separator: "/")
    }

    /// A JSON answer.
    static func json(_ text: String, status: Int = 200) -> LoopbackHTTPServer.Response {
        LoopbackHTTPServer.Response(
            status: status, body: Array(text.utf8), headers: [("Content-Type", "application/json")])
    }

    /// An error answer with `errcode`.
    static func refusal(_ status: Int, _ errcode: String, extra: String = "") -> LoopbackHTTPServer.Response {
        json(##"{"errcode": "\##(errcode)", "error": "refused"\##(extra)}"##, status: status)
    }

    /// The client of this server, with `token`.
    func client(token: String? = "token") -> MatrixClient {
        MatrixClient(
            homeserver: server.url(""), accessToken: token, requestTimeout: .seconds(10), http: HTTPClient.shared,
            logger: Logger(label: "matrix-test"))
    }

    /// An account named `name` on this server.
    func account(
        _ name: String = "school", user: String = "@homeroom:school.example", token: String? = nil,
        password: String? = nil
    ) -> MatrixAccountSettings {
        MatrixAccountSettings(
            name: name, homeserver: server.url(""), userID: user, accessToken: token, password: password)
    }

    /// The requests to `path` so far.
    func requests(to path: String) -> [LoopbackHTTPServer.Request] {
        server.requests.filter { $0.path == path }
    }
}

/// A hold that is always held, over `database`.
func heldDuty(_ account: String = "school", database: any Database) -> DutyHold {
    DutyHold(duty: .connection("matrix", account), token: 0, database: database) { true }
}
