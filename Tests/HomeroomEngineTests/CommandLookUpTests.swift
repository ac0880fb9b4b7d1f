import HomeroomCore
import HomeroomEngine
import HomeroomTesting
import Testing

/// The one lookup the identity rules of IRC and Mattermost share: a recognised command's first word
/// in the catalog, and whether it is one of the core's own identity commands.
@Suite struct CommandLookUpTests {
    static let identity: Set<String> = ["link", "unlink"]

    @Test func aCommandIsFoundByItsFirstWordWithTheWordsAfterIt() async throws {
        try await TestBot.with(plugins: [EchoPlugin.self]) { bot in
            let catalog = bot.runtime.dispatcher.catalog
            let found = try #require(catalog.lookUp(#"LINK 123456 "two words""#))
            #expect(found.command.fullName == "link" && found.command.pluginID == "core")
            #expect(Array(found.arguments) == ["123456", "two words"])
            #expect(catalog.lookUp("nosuchcommand 1") == nil)
            #expect(catalog.lookUp(#"link "open quote"#) == nil, "words that cannot be split name nothing")
            #expect(catalog.lookUp("") == nil)
        }
    }

    @Test func onlyTheCoresOwnCommandsAmongTheNamesCount() async throws {
        try await TestBot.with(plugins: [EchoPlugin.self]) { bot in
            let catalog = bot.runtime.dispatcher.catalog
            #expect(catalog.coreCommand(in: "unlink slack:T1:U2", among: Self.identity)?.fullName == "unlink")
            #expect(catalog.coreCommand(in: "login 1234", among: Self.identity) == nil, "not among the names")
            #expect(catalog.coreCommand(in: "echo link", among: Self.identity) == nil, "a plugin's command")
            #expect(catalog.coreCommand(in: "echo", among: ["echo"]) == nil, "a plugin's command of that name")
        }
    }
}
