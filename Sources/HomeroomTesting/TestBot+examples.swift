// Swift Testing is found beside the dynamic standard library only: a build with
// --static-swift-stdlib (the release build the benchmarks and the deployment use) has no Testing
// module, and needs no worked examples run.
#if canImport(Testing)
import Foundation
import HomeroomCore
import Testing

extension TestBot {
    /// Runs every worked example of `plugin`'s commands and subcommands, in the order they are
    /// declared, through the real dispatcher as the logged-in admin `admin`, and records a test issue
    /// for each example whose answer is missing, an error, or lacks the example's
    /// ``CommandExample/answerContains`` text.
    ///
    /// Setting up what the examples need (menus, a feed, a campus) is the caller's job;
    /// `substituting` replaces text in each example before it is sent, e.g. a real school's feed
    /// address by a loopback server's.
    ///
    /// ```swift
    /// try await bot.expect("/lunch set tomorrow specials \"Chicken tacos\"", from: "console:admin")
    /// try await bot.runExamples(of: LunchPlugin.self)
    /// ```
    public func runExamples(
        of plugin: any Plugin.Type, as admin: String = "console:admin", substituting: [String: String] = [:],
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let adminID = try #require(UserID(admin), "\"\(admin)\" is not a user id", sourceLocation: sourceLocation)
        try await loginAsAdmin(admin)
        var count = 0
        for command in runtime.dispatcher.catalog.commands where command.pluginID == plugin.id {
            let subcommands = command.command.subcommands.compactMap { declared in
                command.subcommands.first { $0.command.name == declared.name }
            }
            for entry in [command] + subcommands {
                for example in entry.command.examples {
                    if try await runtime.access.sessionExpiry(of: adminID).map({ $0 <= clock.now }) ?? true {
                        try await expect("/login \(Self.adminPIN)", from: admin, contains: "logged in")
                    }
                    let input = substituting.reduce(example.input) {
                        $0.replacingOccurrences(of: $1.key, with: $1.value)
                    }
                    let reply = await send("/\(input)", from: admin, in: example.inChannel ? "#examples" : nil)
                    count += 1
                    if let problem = Self.problem(with: reply, for: example) {
                        let expected = "should answer with \"\(example.answerContains)\""
                        Issue.record(
                            "/\(example.input) (\(example.explanation)) \(expected) — \(problem)",
                            sourceLocation: sourceLocation)
                    }
                }
            }
        }
        if count == 0 {
            Issue.record(
                "\(plugin.id) has no worked examples here: is it among the bot's plugins?",
                sourceLocation: sourceLocation)
        }
    }

    /// What is wrong with `reply` as the answer to `example`; nil when nothing is.
    private static func problem(with reply: Reply?, for example: CommandExample) -> String? {
        guard let reply else { return "got no answer" }
        if reply.isError { return "got the error \"\(reply.text)\"" }
        if !reply.text.contains(example.answerContains) { return "got \"\(reply.text)\"" }
        return nil
    }
}
#endif
