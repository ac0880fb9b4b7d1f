import HomeroomCore
import HomeroomTesting
import Testing

/// A plugin whose one example promises a word its answer has.
private struct ParrotPlugin: ConfigurablePlugin {
    static let id = "parrot"
    init(settings: NoSettings) {}
    var personalData: PersonalData { .keepsNothing }
    var commands: [Command] {
        [
            Command(
                "parrot", summary: "repeat the words", usage: "WORDS",
                examples: [.init("parrot polly wants a cracker", "says it back", answerContains: "cracker")]
            ) { context in Reply(context.arguments.joined(separator: " ")) }
        ]
    }
}

/// The same command, with an example that promises a word its answer lacks.
private struct BrokenParrotPlugin: ConfigurablePlugin {
    static let id = "brokenparrot"
    init(settings: NoSettings) {}
    var personalData: PersonalData { .keepsNothing }
    var commands: [Command] {
        [
            Command(
                "squawk", summary: "repeat the words", usage: "WORDS",
                examples: [.init("squawk hello", "says it back", answerContains: "goodbye")]
            ) { context in Reply(context.arguments.joined(separator: " ")) }
        ]
    }
}

@Suite struct RunExamplesTests {
    @Test func anExampleWhoseAnswerHasItsTextPasses() async throws {
        try await TestBot.with(plugins: [ParrotPlugin.self]) { bot in
            try await bot.runExamples(of: ParrotPlugin.self)
        }
    }

    @Test func anAnswerWithoutTheExamplesTextIsReportedWithExampleTextAndAnswer() async throws {
        try await TestBot.with(plugins: [BrokenParrotPlugin.self]) { bot in
            try await withKnownIssue {
                try await bot.runExamples(of: BrokenParrotPlugin.self)
            } matching: { issue in
                let text = issue.comments.map(\.rawValue).joined()
                return text.contains("/squawk hello") && text.contains("\"goodbye\"") && text.contains("got \"hello\"")
            }
        }
    }

    @Test func aPluginTheBotDoesNotCarryIsReported() async throws {
        try await TestBot.with(plugins: []) { bot in
            try await withKnownIssue {
                try await bot.runExamples(of: ParrotPlugin.self)
            } matching: { issue in
                issue.comments.map(\.rawValue).joined().contains("parrot has no worked examples")
            }
        }
    }
}
