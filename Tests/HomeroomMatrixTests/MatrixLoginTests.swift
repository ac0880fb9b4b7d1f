import AsyncHTTPClient
import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomTesting
import Logging
import Testing

@testable import HomeroomMatrix

@Suite struct MatrixLoginTests {
    static let whoAmI = MatrixTestServer.path("account", "whoami")
    static let login = MatrixTestServer.path("login")
    static let bot = "@homeroom:school.example"

    static func failure(_ login: MatrixLogin, database: any Database) async -> String? {
        do {
            _ = try await login.logIn(database: database)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func aConfiguredTokenMustBelongToTheConfiguredAccount() async throws {
        try await MatrixTestServer.with { matrix in
            try await TestBot.with { bot in
                let login = MatrixLogin(
                    account: matrix.account(token: "configured"), client: matrix.client(token: nil), clock: bot.clock)
                matrix.server.serve(Self.whoAmI, MatrixTestServer.json(#"{"user_id": "@someone:school.example"}"#))
                let wrong = await Self.failure(login, database: bot.runtime.database)
                #expect(wrong == "the access token belongs to @someone:school.example, not @homeroom:school.example")
                matrix.server.serve(
                    Self.whoAmI, MatrixTestServer.json(#"{"user_id": "@homeroom:school.example", "device_id": "D"}"#))
                let credentials = try await login.logIn(database: bot.runtime.database)
                #expect(credentials == MatrixCredentials(userID: Self.bot, deviceID: "D", accessToken: "configured"))
                #expect(matrix.server.requests.last?.headers["authorization"] == "Bearer configured")
                matrix.server.serve(Self.whoAmI, MatrixTestServer.refusal(401, "M_UNKNOWN_TOKEN"))
                let refused = await Self.failure(login, database: bot.runtime.database)
                #expect(refused == "the homeserver refused the access token of @homeroom:school.example")
                #expect(matrix.requests(to: Self.login).isEmpty, "no password: no password login")
            }
        }
    }

    @Test func aPasswordLoginIsStoredAndReusedUntilItsTokenIsRefused() async throws {
        try await MatrixTestServer.with { matrix in
            try await TestBot.with { bot in
                let database = bot.runtime.database
                let login = MatrixLogin(
                    account: matrix.account(password: "secret"), client: matrix.client(token: nil), clock: bot.clock)
                matrix.server.serve(
                    Self.login,
                    sequence: [
                        MatrixTestServer.json(
                            #"{"user_id": "@homeroom:school.example", "access_token": "first", "device_id": "D1"}"#),
                        MatrixTestServer.json(
                            #"{"user_id": "@homeroom:school.example", "access_token": "second", "device_id": "D2"}"#),
                    ])
                let first = try await login.logIn(database: database)
                #expect(first.accessToken == "first")
                let body = try #require(matrix.requests(to: Self.login).first).text
                #expect(body.contains(#""password":"secret""#) && body.contains("m.id.user"))
                // A restart: the stored session is checked, not logged in again.
                matrix.server.serve(
                    Self.whoAmI, MatrixTestServer.json(#"{"user_id": "@homeroom:school.example", "device_id": "D1"}"#))
                let restarted = try await login.logIn(database: database)
                #expect(restarted == first && matrix.requests(to: Self.login).count == 1)
                // Revoked: the password logs in again, and the new session is stored.
                matrix.server.serve(Self.whoAmI, MatrixTestServer.refusal(401, "M_UNKNOWN_TOKEN"))
                let renewed = try await login.logIn(database: database)
                #expect(renewed.accessToken == "second" && matrix.requests(to: Self.login).count == 2)
                let stored = try await AdapterState(adapter: "matrix", account: "school").value(
                    for: "session", in: database)
                #expect(stored?.contains("second") == true)
                try await login.forgetStoredSession(database: database)
                #expect(
                    try await AdapterState(adapter: "matrix", account: "school").value(
                        for: "session", in: database) == nil)
            }
        }
    }

    @Test func failuresAreShortAndNamed() async throws {
        try await MatrixTestServer.with { matrix in
            try await TestBot.with { bot in
                let database = bot.runtime.database
                let login = MatrixLogin(
                    account: matrix.account(password: "wrong"), client: matrix.client(token: nil), clock: bot.clock)
                matrix.server.serve(Self.login, MatrixTestServer.refusal(403, "M_FORBIDDEN"))
                let refused = await Self.failure(login, database: database)
                #expect(refused == "the homeserver refused the password for @homeroom:school.example")
                matrix.server.serve(
                    Self.login, MatrixTestServer.refusal(429, "M_LIMIT_EXCEEDED", extra: #", "retry_after_ms": 4000"#))
                do {
                    _ = try await login.logIn(database: database)
                    Issue.record("a rate-limited login succeeded")
                } catch let error as MatrixLoginFailure {
                    #expect(error.wait == .seconds(4))
                }
                matrix.server.serve(
                    Self.login,
                    MatrixTestServer.json(#"{"user_id": "@other:school.example", "access_token": "t"}"#))
                let other = await Self.failure(login, database: database)
                #expect(other == "the password logged in as @other:school.example, not @homeroom:school.example")
                #expect(
                    try await AdapterState(adapter: "matrix", account: "school").value(
                        for: "session", in: database) == nil, "nothing stored")
                // An unreadable stored session is dropped, and the password is used.
                try await AdapterState(adapter: "matrix", account: "school").set(
                    "{not json", for: "session", at: bot.clock.now, in: database)
                matrix.server.serve(
                    Self.login, MatrixTestServer.json(#"{"user_id": "@homeroom:school.example", "access_token": "t"}"#))
                #expect(try await login.logIn(database: database).accessToken == "t")
                // A homeserver that does not answer.
                let gone = try UnansweredLoopbackPort()
                let unanswered = MatrixLogin(
                    account: MatrixAccountSettings(
                        name: "school", homeserver: gone.url(""), userID: Self.bot, password: "pw"),
                    client: MatrixClient(
                        homeserver: gone.url(""), requestTimeout: .seconds(5), http: .shared,
                        logger: Logger(label: "matrix-test")),
                    clock: bot.clock)
                let silent = await Self.failure(unanswered, database: database)
                #expect(silent?.hasPrefix("no answer from") == true, "\(silent ?? "")")
            }
        }
    }
}
