// Swift Testing is found beside the dynamic standard library only: a build with
// --static-swift-stdlib (the release build the benchmarks and the deployment use) has no Testing
// module, and needs no worked examples run.
#if canImport(Testing)
    import Foundation
    import HomeroomCore
    import HomeroomRuntime
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
            var count = 0
            try await forEachExample(of: plugin, as: admin, substituting: substituting, sourceLocation) {
                example, reply in
                count += 1
                if let problem = Self.problem(with: reply, for: example) {
                    let expected = "should answer with \"\(example.answerContains)\""
                    Issue.record(
                        "/\(example.input) (\(example.explanation)) \(expected) — \(problem)",
                        sourceLocation: sourceLocation)
                }
            }
            if count == 0 {
                Issue.record(
                    "\(plugin.id) has no worked examples here: is it among the bot's plugins?",
                    sourceLocation: sourceLocation)
            }
        }

        /// Sends every worked example of `plugin`'s commands and subcommands, in the order they are
        /// declared, as the logged-in admin `admin` (logging in again when the login ran out), and
        /// hands each example with its answer to `check`.
        private func forEachExample(
            of plugin: any Plugin.Type, as admin: String, substituting: [String: String],
            _ sourceLocation: SourceLocation, _ check: (CommandExample, Reply?) async -> Void
        ) async throws {
            let adminID = try #require(UserID(admin), "\"\(admin)\" is not a user id", sourceLocation: sourceLocation)
            try await loginAsAdmin(admin)
            for command in runtime.dispatcher.catalog.commands where command.pluginID == plugin.id {
                let subcommands = command.command.subcommands.compactMap { declared in
                    command.subcommands.first { $0.command.name == declared.name }
                }
                for entry in [command] + subcommands {
                    for example in entry.command.examples {
                        if try await runtime.access.sessionExpiry(of: adminID).map({ $0 <= clock.now }) ?? true {
                            try await expect("/login \(Self.adminPIN)", from: admin)
                        }
                        let input = substituting.reduce(example.input) {
                            $0.replacingOccurrences(of: $1.key, with: $1.value)
                        }
                        let reply = await send("/\(input)", from: admin, in: example.inChannel ? "#examples" : nil)
                        await check(example, reply)
                        if let chosen = reply?.language, chosen.code != configuration.language {
                            // The example chose a language: the next ones are read in the school's again.
                            _ = await send("/me language default", from: admin)
                            _ = await send("/admin language default", from: admin, in: "#examples")
                        }
                    }
                }
            }
        }

        /// What is wrong with `reply` as the answer to `example`; nil when nothing is.
        private static func problem(with reply: Reply?, for example: CommandExample) -> String? {
            guard let reply else { return "got no answer" }
            if reply.isError { return "got the error \"\(reply.text)\"" }
            if !reply.text.contains(example.answerContains) { return "got \"\(reply.text)\"" }
            return nil
        }

        /// Runs every worked example of `plugin` as ``runExamples(of:as:substituting:sourceLocation:)``
        /// does, on a bot whose school speaks the pseudo-language (`configuration.language =
        /// "qps-ploc"`), and records a test issue for each answer line with English that skipped the
        /// catalogs (letters outside every `⟦sentence⟧` and `⟪value⟫`) or with a sentence glued from
        /// pieces (two sentences side by side with nothing but spaces between them).
        public func runExamplesThroughCatalogs(
            of plugin: any Plugin.Type, as admin: String = "console:admin", substituting: [String: String] = [:],
            sourceLocation: SourceLocation = #_sourceLocation
        ) async throws {
            #expect(configuration.language == Language.pseudo.code, sourceLocation: sourceLocation)
            try await forEachExample(of: plugin, as: admin, substituting: substituting, sourceLocation) {
                example, reply in
                // An example that chose a language (`/me language es`) answers in that language.
                guard reply?.language == nil || reply?.language == .pseudo else { return }
                for line in (reply?.lines ?? []) + (reply?.channelLines ?? []) {
                    if let problem = PseudoLanguageCheck.problem(in: line) {
                        Issue.record("/\(example.input): \(problem) in \"\(line)\"", sourceLocation: sourceLocation)
                    }
                }
            }
        }
    }

    /// What the pseudo-language shows about a line of an answer.
    package enum PseudoLanguageCheck {
        /// The problem with `line`: English outside the catalogs, or sentences glued side by side;
        /// nil when every word came through a catalog.
        package static func problem(in line: String) -> String? {
            var depth = 0
            var outside = ""
            var lastClosedSentence: String.Index?
            var sentenceStart: String.Index?
            for index in line.indices {
                let character = line[index]
                switch character {
                case "⟦", "⟪":
                    if depth == 0, character == "⟦" {
                        // A sentence that ends in a colon or a dash leads into what follows it.
                        if let closed = lastClosedSentence, let start = sentenceStart,
                            line[line.index(after: closed)..<index].allSatisfy(\.isWhitespace),
                            line[start..<closed].reversed().first(where: { $0 != "·" && $0 != " " })
                                .map({ ":—".contains($0) }) != true
                        {
                            return "two sentences glued side by side"
                        }
                        sentenceStart = index
                    }
                    depth += 1
                case "⟧", "⟫":
                    depth = max(depth - 1, 0)
                    if depth == 0, character == "⟧" { lastClosedSentence = index }
                default:
                    if depth == 0 { outside.append(character) }
                }
            }
            let letters = outside.unicodeScalars.filter { $0.properties.isAlphabetic }
            return letters.isEmpty
                ? nil : "English outside the catalogs (\"\(outside.trimmingCharacters(in: .whitespaces))\")"
        }
    }
#endif
