import Foundation
import HomeroomTestbed
import Testing

/// The test Synapse itself: it starts, registers people, carries a message from one to another,
/// keeps its data over a restart on the same port, and enforces a low message rate limit when
/// told to, as the adapter's tests rely on.
@Suite(.enabled(if: SynapseServer.isInstalled, "needs Synapse in .build-venv/synapse (Scripts/test installs it)"))
struct SynapseServerTests {
    @Test func twoStudentsInARoomSeeEachOthersMessages() async throws {
        try await SynapseServer.with { server in
            let ada = try await server.student("ada")
            let bo = try await server.student("bo")
            #expect(ada.userID == "@ada:school.test")
            let room = try await ada.createRoom(name: "Lunch", invite: [bo.userID])
            let invitedBy = try await bo.directRoomInvitation(from: ada)
            #expect(invitedBy == room)
            try await bo.join(room)
            let sent = try await ada.send(text: "hello", to: room, html: "<b>hello</b>", mentions: [bo.userID])
            let seen = try await bo.waitForMessage(in: room, from: ada.userID)
            #expect(seen.eventID == sent)
            #expect(seen.body == "hello")
            #expect(seen.formattedBody == "<b>hello</b>")
            #expect(seen.mentionedUsers == [bo.userID])
            let history = try await bo.messages(in: room, from: ada.userID)
            #expect(history.compactMap { $0["body"]?.string } == ["hello"])
            try await bo.leave(room)
            #expect(try await ada.membership(of: bo.userID, in: room) == "leave")
        }
    }

    @Test func aRestartOnTheSamePortKeepsTheRoomsTheSessionsAndThePasswords() async throws {
        try await SynapseServer.with { server in
            let account = try await server.register(localpart: "ada")
            let ada = MatrixStudent(homeserver: server.url, account: account)
            let room = try await ada.createRoom(name: "Lunch")
            try await ada.send(text: "before", to: room)
            await server.stop()
            #expect(!server.isRunning)
            try await server.start()
            try await ada.send(text: "after", to: room)
            let again = try await MatrixStudent.logIn(homeserver: server.url, user: "ada", password: account.password)
            #expect(again.userID == ada.userID)
            let history = try await again.messages(in: room, from: ada.userID)
            #expect(history.compactMap { $0["body"]?.string } == ["before", "after"])
        }
    }

    @Test func aLowMessageRateLimitRefusesWithM_LIMIT_EXCEEDEDAndATimeToWait() async throws {
        try await SynapseServer.with(messageRateLimit: SynapseRateLimit(perSecond: 0.1, burstCount: 2)) { server in
            let ada = try await server.student("ada")
            let room = try await ada.createRoom(name: "Lunch")
            var refusal: MatrixStudent.RequestError?
            for index in 0..<5 {
                do {
                    try await ada.send(text: "message \(index)", to: room)
                } catch let error as MatrixStudent.RequestError {
                    refusal = error
                    break
                }
            }
            let refused = try #require(refusal, "five messages at once were all accepted")
            #expect(refused.status == 429)
            #expect(refused.errcode == "M_LIMIT_EXCEEDED")
            let wait = try #require(refused.body["retry_after_ms"]?.number)
            #expect(wait > 0 && wait <= 20_000, "retry_after_ms \(wait)")
        }
    }

    /// Prints the time a new Synapse takes to start (the median of three), the cost each Matrix
    /// test adds to a run of the suite.
    @Test func startTime() async throws {
        var times: [Duration] = []
        for _ in 0..<3 {
            let server = try SynapseServer()
            do {
                times.append(try await ContinuousClock().measure { try await server.start() })
                await server.remove()
            } catch {
                await server.remove()
                throw error
            }
        }
        let median = try #require(times.sorted().dropFirst().first)
        print("Synapse starts in \(median) (median of \(times))")
        #expect(median < .seconds(45))
    }
}

extension MatrixStudent {
    /// The room `inviter` invited this student to, once a sync brings the invitation.
    fileprivate func directRoomInvitation(from inviter: MatrixStudent) async throws -> String? {
        for _ in 0..<20 {
            try await sync(timeout: .seconds(1))
            if let room = pendingInvites.first(where: { $0.value == inviter.userID })?.key { return room }
        }
        return nil
    }
}
