import HomeroomCore
import HomeroomRuntime
import HomeroomTestbed
import HomeroomTesting
import Testing

/// A Teams team, not its tenant, is the workspace a school is given: two teams of one tenant answer
/// for two schools, one given in the configuration, the other by an admin typing in one of its channels.
@Suite struct TeamsTeamSchoolTests {
    static let lincolnTeam = "19:2a1b8f0c9d7e4f3a8b6c5d4e3f2a1b0c@thread.tacv2"
    static let jeffersonTeam = "19:7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f@thread.tacv2"
    static let jeffersonLunchroom = "19:0f1e2d3c4b5a69788796a5b4c3d2e1f0@thread.tacv2"
    static let officeTeam = "19:5b4a39281706f5e4d3c2b1a09f8e7d6c@thread.tacv2"

    @Test func twoTeamsOfOneTenantAnswerForTheirOwnSchools() async throws {
        try await TeamsBotFixture.with(configuration: Self.district) { teams in
            let bot = teams.harness.bot
            for (school, dish) in [
                ("adams", "Adams apples"), ("lincoln", "Lincoln tacos"), ("jefferson", "Jefferson pasta"),
            ] {
                try await bot.expect(
                    #"/lunch set 2026-11-23 specials "\#(dish)" at \#(school)"#, from: "console:district",
                    verified: true)
            }
            let assigned = try await teams.post(
                teams.channelMessage(
                    "admin workspace jefferson", channel: Self.jeffersonLunchroom, team: Self.jeffersonTeam))
            #expect(assigned.status == 200)
            let assignedAnswer = try await teams.botFramework.activities(count: 1)
            #expect(
                assignedAnswer.last?.text.contains("Jefferson Middle School now answers in this workspace") == true,
                "\(assignedAnswer.last?.text ?? "")")

            let asked = [
                // Lincoln's team, given in the configuration.
                (Self.lincolnTeam, Self.lincolnTeam, "Lincoln tacos"),
                (Self.jeffersonLunchroom, Self.jeffersonTeam, "Jefferson pasta"),
                // Another channel of Jefferson's team (its General channel) follows the team too.
                (Self.jeffersonTeam, Self.jeffersonTeam, "Jefferson pasta"),
                // A team no one gave a school: the district's first, although the tenant is the same.
                (Self.officeTeam, Self.officeTeam, "Adams apples"),
            ]
            for (index, (channel, team, dish)) in asked.enumerated() {
                #expect(try await teams.post(teams.channelMessage("lunch", channel: channel, team: team)).status == 200)
                let answers = try await teams.botFramework.activities(count: index + 2)
                try #require(answers.count == index + 2)
                #expect(answers[index + 1].conversationID.hasPrefix(channel))
                #expect(answers[index + 1].text.contains(dish), "\(team): \(answers[index + 1].text)")
            }
        }
    }

    /// A tenant given to a school before teams were told apart (stored or configured by its id)
    /// still answers in each team that has no school of its own; a team's own school wins.
    @Test func aTenantGivenToASchoolStillAnswersInTeamsWithoutTheirOwn() async throws {
        let tenant = TeamsBotFixture.person.workspace
        try await TeamsBotFixture.with(configuration: { configuration in
            Self.district(&configuration)
            configuration.schools[1].workspaces = ["teams:\(tenant)"]
            configuration.schools[2].workspaces = ["teams:\(Self.jeffersonTeam)"]
        }) { teams in
            let bot = teams.harness.bot
            for (school, dish) in [("lincoln", "Lincoln tacos"), ("jefferson", "Jefferson pasta")] {
                try await bot.expect(
                    #"/lunch set 2026-11-23 specials "\#(dish)" at \#(school)"#, from: "console:district",
                    verified: true)
            }
            let asked = [
                (Self.officeTeam, "lunch", "Lincoln tacos"), (Self.jeffersonTeam, "lunch", "Jefferson pasta"),
                (Self.officeTeam, "admin workspace", "Lincoln High School answers in this workspace"),
            ]
            for (index, (team, command, answer)) in asked.enumerated() {
                #expect(try await teams.post(teams.channelMessage(command, channel: team, team: team)).status == 200)
                let answers = try await teams.botFramework.activities(count: index + 1)
                try #require(answers.count == index + 1)
                #expect(answers[index].text.contains(answer), "\(team): \(answers[index].text)")
            }
        }
    }

    /// Adams (the first school), Lincoln (given Lincoln's team) and Jefferson; district admins at the
    /// console and in Teams.
    static func district(_ configuration: inout HomeroomConfiguration) {
        configuration.admins = ["console:district", TeamsBotFixture.person.description]
        var lincoln = school("lincoln", "Lincoln High School")
        lincoln.workspaces = ["teams:\(lincolnTeam)"]
        configuration.schools = [
            school("adams", "Adams Elementary School"), lincoln, school("jefferson", "Jefferson Middle School"),
        ]
    }

    /// A school's section of the configuration.
    static func school(_ id: String, _ name: String) -> HomeroomConfiguration.SchoolSection {
        var school = HomeroomConfiguration.SchoolSection()
        school.id = id
        school.name = name
        return school
    }
}
