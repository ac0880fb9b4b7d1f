import Foundation
import HomeroomCore
import Testing

/// The workspace a message was written in, whose school answers in its channels: read from the
/// sender's id on most platforms, named by the adapter where the id does not say (a Teams team).
@Suite struct UserIDWorkspaceTests {
    @Test(arguments: [
        ("slack:T0001:U024BE7LH", "T0001"),
        ("discord:81384788765712384:80351110224678912", "81384788765712384"),
        ("discord:dm:80351110224678912", "dm"),
        ("matrix:@alice:school.example", "school.example"),
        ("matrix:@alice:school.example:8448", "school.example:8448"),
        ("irc:libera:alice", "libera"),
        ("irc:libera:alice!~alice@2001:db8::1", "libera"),
        ("teams:72f988bf-86f1-41af-91ab-2d7cd011db47:7faf080b", "72f988bf-86f1-41af-91ab-2d7cd011db47"),
        ("console:local", ""),
    ])
    func theWorkspaceIsReadFromTheSendersID(id: String, workspace: String) throws {
        let user = try #require(UserID(id))
        #expect(user.workspace == workspace)
    }

    @Test func aWorkspaceTheAdapterNamesWinsOverTheSenders() throws {
        let sender = try #require(UserID("teams:72f988bf-86f1-41af-91ab-2d7cd011db47:7faf080b"))
        let now = Date(timeIntervalSince1970: 1_795_000_000)
        let inTeam = IncomingMessage(
            sender: sender, conversation: .channel("19:lunch@thread.tacv2"), workspace: "19:jefferson@thread.tacv2",
            text: "/lunch", receivedAt: now)
        #expect(inTeam.workspace == "19:jefferson@thread.tacv2")
        let personal = IncomingMessage(sender: sender, conversation: .direct, text: "/lunch", receivedAt: now)
        #expect(personal.namedWorkspace == nil)
        #expect(personal.workspace == "72f988bf-86f1-41af-91ab-2d7cd011db47")
    }
}
