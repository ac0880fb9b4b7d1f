import Foundation
import HomeroomTestbed
import HomeroomTesting
import Testing

/// `homeroom admin grant` as the documentation shows it: every example runs as written, and what it
/// says about a PIN is right for the platform.
@Suite struct AdminGrantTests {
    /// The files a new admin reads.
    static let documents = [
        "README.md", "DEPLOYMENT.md", "SECURITY.md", "config.example.json",
        "Sources/HomeroomCore/HomeroomCore.docc/IdentityRolesAndLogins.md",
        "Sources/HomeroomCore/HomeroomCore.docc/WritingAPlugin.md",
    ]

    /// Every `homeroom admin grant …` in `documents`, without a `--config` it names and the
    /// punctuation around it.
    static func documentedGrants() throws -> [(document: String, arguments: [String])] {
        try documents.flatMap { document in
            let text = try String(
                contentsOf: Corpus.packageRoot.appendingPathComponent(document), encoding: .utf8)
            return text.ranges(of: "homeroom admin grant ").map { range in
                let rest = text[range.upperBound...].prefix { !"`\"\n".contains($0) }
                var words = rest.split(separator: " ").map(String.init)
                if let config = words.firstIndex(of: "--config") { words.removeSubrange(config...(config + 1)) }
                if let last = words.last, last.hasSuffix(".") { words[words.count - 1] = String(last.dropLast()) }
                return (document, ["admin", "grant"] + words)
            }
        }
    }

    @Test func everyDocumentedGrantRunsAsWritten() async throws {
        let homeroom = try HomeroomProcess()
        defer { homeroom.remove() }
        let config = try homeroom.writeConfig(
            #", "roles": {"staff": ["lunch.set"], "ROLE": ["lunch.set"]}, "#
                + #""schools": [{"id": "lincoln", "name": "Lincoln High School"}, "#
                + #"{"id": "jefferson", "name": "Jefferson Middle School"}]"#)
        let grants = try Self.documentedGrants()
        #expect(grants.count >= 7, "\(grants)")
        for (document, arguments) in grants {
            let result = try await homeroom.run(arguments + ["--config", config])
            let shown = "\(document): homeroom \(arguments.joined(separator: " ")): \(result.errors)"
            if arguments[2].hasPrefix("irc:") && arguments[2].contains("!") {
                // The README's example of a grant that is refused: a nick, which anyone can take.
                #expect(result.status == 1, "\(shown)")
                #expect(result.errors.contains("is a nick, which anyone can take on IRC"), "\(shown)")
            } else {
                #expect(result.status == 0, "\(shown)")
                // Two documents grant console:alice admin: the second finds it held.
                #expect(result.output.contains("now holds") || result.output.contains("already held"), "\(shown)")
            }
        }
    }

    @Test func theReadmesMatrixGrantSaysNoPINIsNeeded() async throws {
        let readme = try #require(try Self.documentedGrants().first { $0.arguments[2].hasPrefix("matrix:") })
        let homeroom = try HomeroomProcess()
        defer { homeroom.remove() }
        let result = try await homeroom.run(readme.arguments + ["--config", try homeroom.writeConfig()])
        #expect(result.status == 0, "\(result.errors)")
        #expect(
            result.output
                == "matrix:@alice:school.example now holds admin\n"
                + "No PIN is needed: the Matrix homeserver vouches for its users, "
                + "so admin applies to matrix:@alice:school.example at once.\n")
    }

    @Test(arguments: [
        ("slack:T0001:U024BE7LH", "Slack signs every request with its user"),
        ("discord:81384788765712384:80351110224678912", "Discord signs every interaction with its user"),
        ("googlechat:school.example:users/1234", "Google Chat vouches for its users"),
        ("teams:72f988bf-86f1-41af-91ab-2d7cd011db47:29:1a2b", "Microsoft Teams vouches for its users"),
        ("irc:school:alice", "the IRC server vouches for services accounts"),
        ("api:kiosk:ada", "the API client's token or signature vouches for its users"),
    ])
    func aGrantToAnIdItsPlatformVouchesForNeedsNoPIN(id: String, vouching: String) async throws {
        let homeroom = try HomeroomProcess()
        defer { homeroom.remove() }
        let result = try await homeroom.run([
            "admin", "grant", id, "--role", "admin", "--config", homeroom.writeConfig(),
        ])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains("No PIN is needed: \(vouching), so admin applies to \(id) at once."))
        #expect(!result.output.contains("/login"))
    }

    @Test func aMattermostGrantNeedsNoPINOnlyWhenTheAdminTrustsItsIDs() async throws {
        let homeroom = try HomeroomProcess()
        defer { homeroom.remove() }
        let config = try homeroom.writeConfig(#", "webhooks": {"mattermost": {"trustUserIDs": true}}"#)
        let result = try await homeroom.run(["admin", "grant", "mattermost:u1", "--role", "admin", "--config", config])
        #expect(result.status == 0, "\(result.errors)")
        #expect(
            result.output.contains(
                "No PIN is needed: webhooks.mattermost.trustUserIDs makes its command tokens vouch for their users"))
    }

    @Test(arguments: ["console:alice", "mattermost:team1:user1"])
    func aGrantToAnIdNoPlatformVouchesForSaysHowToSetAPIN(id: String) async throws {
        let homeroom = try HomeroomProcess()
        defer { homeroom.remove() }
        let result = try await homeroom.run([
            "admin", "grant", id, "--role", "admin", "--config", homeroom.writeConfig(),
        ])
        #expect(result.status == 0, "\(result.errors)")
        #expect(
            result.output.contains(
                "admin applies after \(id) logs in with /login PIN in a direct message; "
                    + "set the PIN with: homeroom admin set-pin \(id)"))
        #expect(!result.output.contains("No PIN"))
    }
}
