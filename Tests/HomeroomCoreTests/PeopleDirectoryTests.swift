import HomeroomCore
import HomeroomEngine
import HomeroomRuntime
import HomeroomTesting
import Testing

/// A user name typed in a command, read as a person the same way for every adapter.
@Suite struct PeopleDirectoryTests {
    /// The people as `asker` names them, by the forms of the adapters Homeroom runs.
    static func people(_ bot: TestBot, asker: String) throws -> PeopleDirectory {
        PeopleDirectory(
            forms: UserIDForm.homeroomAdapters, links: IdentityLinks(database: bot.runtime.database),
            asker: try #require(UserID(asker)))
    }

    /// What `typed` resolves to, or the error's message.
    static func resolved(_ typed: String, _ people: PeopleDirectory) async -> String {
        do {
            return try await people.resolve(typed).description
        } catch {
            return "error: \(error)"
        }
    }

    @Test func aFullIdOfAnAdapterTheRuntimeRunsIsTakenAsItIs() async throws {
        try await TestBot.with { bot in
            let people = try Self.people(bot, asker: "console:ana")
            #expect(await Self.resolved("irc:school:dev", people) == "irc:school:dev")
            #expect(await Self.resolved("SLACK:T1:U9", people) == "slack:T1:U9")
            #expect(await Self.resolved("api:kiosk:alice", people) == "api:kiosk:alice")
        }
    }

    @Test func aBareNameIsOnTheAskersAdapterAndOnIRCOnTheAskersNetwork() async throws {
        try await TestBot.with { bot in
            let console = try Self.people(bot, asker: "console:ana")
            #expect(await Self.resolved("ben", console) == "console:ben")
            #expect(await Self.resolved("@ben", console) == "console:ben")
            let irc = try Self.people(bot, asker: "irc:school:ana")
            #expect(await Self.resolved("dev", irc) == "irc:school:dev")
            let unverified = try Self.people(bot, asker: "irc:libera:ana!~a@host")
            #expect(await Self.resolved("@dev", unverified) == "irc:libera:dev")
            let slack = try Self.people(bot, asker: "slack:T1:U1")
            #expect(await Self.resolved("bob", slack) == "slack:bob")
        }
    }

    @Test func aMatrixIdTypedWholeIsThatMatrixUserFromEveryAdapter() async throws {
        try await TestBot.with { bot in
            let matrix = try Self.people(bot, asker: "matrix:@ana:school.example")
            #expect(await Self.resolved("@ben:school.example", matrix) == "matrix:@ben:school.example")
            #expect(await Self.resolved("matrix:@ben:other.example", matrix) == "matrix:@ben:other.example")
            // A bare name is on the asker's server.
            #expect(await Self.resolved("ben", matrix) == "matrix:@ben:school.example")
            #expect(await Self.resolved("@ben", matrix) == "matrix:@ben:school.example")
            let console = try Self.people(bot, asker: "console:ana")
            #expect(await Self.resolved("@ben:school.example", console) == "matrix:@ben:school.example")
        }
    }

    @Test func aLinkedIdentityIsReadAsItsPersonsHomeIdentity() async throws {
        try await TestBot.with { bot in
            let answer = try await bot.expect("/link", from: "console:ana", contains: "for 10 minutes and one use")
            let code = try #require(answer.text.firstMatch(of: /Your code is ([0-9A-Z]{4}-[0-9A-Z]{4})/)).1
            try await bot.expect("/link \(code)", from: "slack:T1:U9", verified: true, contains: "one person now")
            let people = try Self.people(bot, asker: "console:ben")
            #expect(await Self.resolved("slack:T1:U9", people) == "console:ana")
            #expect(await Self.resolved("ana", people) == "console:ana")
        }
    }

    @Test func whatIsNoUserNameGetsAShortSpecificError() async throws {
        try await TestBot.with { bot in
            let people = try Self.people(bot, asker: "console:ana")
            let problems = [
                (
                    "xmpp:bob@example.org",
                    "no chat here is called xmpp (there are api, console, discord, email, googlechat, irc, "
                        + "matrix, mattermost, slack, sms, teams, telegram, whatsapp)"
                ),
                (
                    "#room:example.org",
                    "\"#room:example.org\" is not a user: write a name like alice or a full id like console:alice"
                ),
                (":bob", "\":bob\" is not a user: write a name like alice or a full id like console:alice"),
                ("@", "\"@\" is not a user name"),
                ("al ice", "\"al ice\" is not a user name"),
                ("tab\tbed", "\"tab\tbed\" is not a user name"),
                (String(repeating: "a", count: 201), "a user name is at most 200 characters"),
            ]
            for (typed, problem) in problems {
                #expect(await Self.resolved(typed, people) == "error: \(problem)", "\(typed)")
            }
            #expect(await Self.resolved(String(repeating: "a", count: 200), people).hasPrefix("console:a"))
        }
    }
}
