import Foundation
import HomeroomCore
import HomeroomMatrix
import HomeroomTestbed
import HomeroomTesting
import Lunch
import Testing

/// A school on a real Synapse: the bot's account and two students (Ada and Bo) registered, and
/// Homeroom (Lunch with today's menu, unless other plugins are given) syncing as the bot.
struct MatrixSchool {
    let server: SynapseServer
    let homeroom: MatrixHomeroom
    let botID: String
    let ada: MatrixStudent
    let bo: MatrixStudent

    /// Starts Synapse (with `messageRateLimit` for messages, the students exempt from it), the
    /// bot on it with `plugins` (accepting invitations from `allowedInviters` and `allowedServers`),
    /// waits until it syncs, runs `body`, and stops everything.
    static func with(
        messageRateLimit: SynapseRateLimit? = nil, plugins: [any ConfigurablePlugin.Type] = [LunchPlugin.self],
        allowedInviters: [String] = [], allowedServers: [String] = [], _ body: (MatrixSchool) async throws -> Void
    ) async throws {
        try await SynapseServer.with(messageRateLimit: messageRateLimit) { server in
            let botAccount = try await server.register(localpart: "homeroom")
            let ada = try await server.student("ada")
            let bo = try await server.student("bo")
            if messageRateLimit != nil {
                let principal = try await server.register(localpart: "principal", admin: true)
                for student in [ada, bo] { try await server.liftRateLimits(for: student.userID, asking: principal) }
            }
            var account = MatrixHomeroom.account(on: server, as: botAccount)
            account.allowedInviters = allowedInviters
            account.allowedServers = allowedServers
            try await MatrixHomeroom.with(
                accounts: [account], plugins: plugins
            ) { homeroom in
                try await homeroom.setLunchMenu()
                try await homeroom.waitUntilUp()
                try await body(
                    MatrixSchool(server: server, homeroom: homeroom, botID: botAccount.userID, ada: ada, bo: bo))
            }
        }
    }

    /// A room of Ada's with Bo and the bot in it (`encrypted`: Megolm on), once the bot joined.
    func lunchRoom() async throws -> String {
        let room = try await ada.createRoom(name: "Lunch", invite: [bo.userID, botID])
        try await bo.join(room)
        try await ada.waitUntil(botID, is: "join", in: room)
        return room
    }

    /// A direct room `student` opened with the bot, once the bot joined.
    func directRoom(of student: MatrixStudent) async throws -> String {
        let room = try await student.createRoom(invite: [botID], isDirect: true)
        try await student.waitUntil(botID, is: "join", in: room)
        return room
    }

    /// Sends `text` to `room` as `student` and returns the bot's answer to it (the first message of
    /// the bot's replying to it, or any message of the bot's when `isReply` is false).
    func ask(_ text: String, in room: String, as student: MatrixStudent, isReply: Bool = true) async throws
        -> ReceivedMatrixEvent
    {
        let question = try await student.send(text: text, to: room)
        return try await student.waitForMessage(in: room, from: botID) { !isReply || $0.inReplyTo == question }
    }
}
