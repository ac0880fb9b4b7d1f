import ArgumentParser
import Foundation
import HomeroomCore
import HomeroomRuntime

extension InspectCommand {
    /// `homeroom inspect understand`: what plain language reads in a question, and why.
    struct Understand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "understand",
            abstract: "The command Homeroom reads in a question asked in plain words, or its choices, and why.",
            discussion: """
                Reads as a direct message is read, on the configured plugins, today in the school's time zone. \
                Example: homeroom inspect understand "what's for lunch tomorrow?" --language en
                """)

        @OptionGroup var options: RuntimeOptions

        @Option(help: "Read in this language only (en, es); without it, in the one the question reads best in.")
        var language: String?

        @Option(help: "A file of questions, one per line: print the reading of each on one line.")
        var file: String?

        @Argument(help: "The question, e.g. \"what's for lunch tomorrow?\".")
        var text: [String] = []

        func validate() throws {
            guard file != nil || !text.joined().isEmpty else {
                throw ValidationError("understand what? e.g. homeroom inspect understand \"what's for lunch?\"")
            }
        }

        func run() async throws {
            let runtime = try await options.startRuntime(quietest: .warning)
            let reader = runtime.dispatcher.plainLanguage.reader
            if let language, !reader.speaks(language) {
                await runtime.close()
                printError(
                    "homeroom: no words for the language \(language); Homeroom reads "
                        + reader.languages.joined(separator: ", "))
                throw ExitCode(2)
            }
            let today = runtime.configuration.school.localDate(at: runtime.clock.now)
            let prefix = runtime.dispatcher.recognizer.preferredPrefix
            guard let file else {
                let reading = reader.read(text.joined(separator: " "), today: today, language: language, explaining: true)
                print(reading.summary(prefix: prefix))
                for line in reading.why { print("  " + line) }
                await runtime.close()
                return
            }
            let questions: String
            do {
                questions = try String(contentsOfFile: file, encoding: .utf8)
            } catch {
                await runtime.close()
                printError("homeroom: cannot read \(file): \(error.localizedDescription)")
                throw ExitCode(1)
            }
            for question in questions.split(whereSeparator: \.isNewline) where !question.isEmpty {
                let reading = reader.read(String(question), today: today, language: language)
                print("\(question)\t\(reading.summary(prefix: prefix))")
            }
            await runtime.close()
        }
    }
}
