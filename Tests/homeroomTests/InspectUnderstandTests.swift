import Foundation
import Testing

/// `homeroom inspect understand`: what a question reads as, and why, as an admin checks it.
@Suite struct InspectUnderstandTests {
    @Test func aQuestionPrintsItsCommandAndWhy() async throws {
        let homeroom = try HomeroomProcess()
        defer { homeroom.remove() }
        let config = try homeroom.writeConfig()
        let lunch = try await homeroom.run(["inspect", "understand", "--config", config, "what's for lunch tomorow?"])
        #expect(lunch.status == 0, "\(lunch.errors)")
        let lines = lunch.output.split(separator: "\n").map(String.init)
        #expect(lines.first == "/lunch tomorrow", "\(lunch.output)")
        #expect(lines.contains("  language: en"), "\(lunch.output)")
        #expect(lines.contains("  read \"tomorow\" as \"tomorrow\""), "\(lunch.output)")
        #expect(lines.contains("  reads as /lunch tomorrow"), "\(lunch.output)")

        let spanish = try await homeroom.run(
            ["inspect", "understand", "--config", config, "--language", "es", "¿dónde está la biblioteca?"])
        #expect(spanish.output.hasPrefix("/directions library\n"), "\(spanish.output)")

        let change = try await homeroom.run(["inspect", "understand", "--config", config, "subscribe me to lunch"])
        #expect(change.output.hasPrefix("/subscribe lunch (asks for a yes first)\n"), "\(change.output)")
    }

    @Test func aFileOfQuestionsPrintsALineEach() async throws {
        let homeroom = try HomeroomProcess()
        defer { homeroom.remove() }
        let config = try homeroom.writeConfig()
        let file = homeroom.folder.appendingPathComponent("questions.txt")
        try "what period is it\nhola\nzzzz qqqq\n".write(to: file, atomically: true, encoding: .utf8)
        let result = try await homeroom.run(["inspect", "understand", "--config", config, "--file", file.path])
        #expect(result.status == 0, "\(result.errors)")
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(result.output)")
        #expect(lines.first == "what period is it\t/now", "\(result.output)")
        #expect(lines.dropFirst().first == "hola\ta greeting: the welcome", "\(result.output)")
        #expect(lines.last?.hasPrefix("zzzz qqqq\tno question read; suggests /lunch, ") == true, "\(result.output)")
    }

    @Test func badInputGetsAShortErrorAndNoReading() async throws {
        let homeroom = try HomeroomProcess()
        defer { homeroom.remove() }
        let config = try homeroom.writeConfig()
        let language = try await homeroom.run([
            "inspect", "understand", "--config", config, "--language", "fr", "bonjour",
        ])
        #expect(language.status == 2)
        #expect(language.errors.contains("no words for the language fr; Homeroom reads en, es"), "\(language.errors)")
        #expect(language.output.isEmpty)
        let nothing = try await homeroom.run(["inspect", "understand", "--config", config])
        #expect(nothing.status != 0)
        #expect(nothing.errors.contains("understand what?"), "\(nothing.errors)")
        let missing = try await homeroom.run(
            [
                "inspect", "understand", "--config", config, "--file",
                homeroom.folder.appendingPathComponent("none").path,
            ])
        #expect(missing.status == 1)
        #expect(missing.errors.contains("cannot read"), "\(missing.errors)")
    }
}
