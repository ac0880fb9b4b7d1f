import Foundation
import HomeroomCore
import HomeroomTestbed
import HomeroomTesting
import Testing

/// The Python with langid: `$HOMEROOM_REFERENCE_PYTHON` (Scripts/test sets it up).
private let langidPython = ProcessInfo.processInfo.environment["HOMEROOM_REFERENCE_PYTHON"] ?? "/usr/bin/python3"

/// True when ``langidPython`` imports langid.
private let langidIsInstalled: Bool = {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: langidPython)
    process.arguments = ["-c", "import langid"]
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
}()

/// The demo school asked every read-only command, as a parent who chose Spanish, Chinese,
/// Vietnamese or Arabic would ask it, with each answer line read by a language identifier
/// (langid.py, the reference Python's `langid`): the lines that hold words are in the chosen
/// language, and their dates are in its form.
@Suite(.enabled(if: langidIsInstalled, "langid is not installed (Scripts/test installs it)"))
struct TranslatedDemoTests: DemoSchoolSession {
    static let python = langidPython

    /// Every read-only command of the demo school.
    static let commands = [
        "/help", "/help lunch", "/now", "/next", "/today", "/day", "/lunch", "/lunch week", "/events", "/events week",
        "/clubs", "/club robotics", "/contact", "/news", "/news sources", "/directions B-201", "/places", "/rooms",
        "/recipe cornbread", "/recipe 1", "/me", "/me language", "/subscribe",
    ]

    /// The languages, by catalog code, with the code langid gives them.
    static let languages: [(code: String, identified: String)] = [
        ("es", "es"), ("zh-Hans", "zh"), ("vi", "vi"), ("ar", "ar"),
    ]

    /// The language langid reads in each of `lines`, among English and the shipped ones.
    static func identify(_ lines: [String]) async throws -> [String] {
        let script = """
            import json, sys, langid
            langid.set_languages(["en", "es", "zh", "vi", "ar"])
            print(json.dumps([langid.classify(line)[0] for line in json.load(sys.stdin)]))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", script]
        let result = try await ExternalProgram.run(process, input: try JSONEncoder().encode(lines))
        return try JSONDecoder().decode([String].self, from: result.output)
    }

    /// `line` without what is not the answer's own language: values in Unicode isolates (names,
    /// codes, times), commands, and what admins or feeds wrote in English on lines that are
    /// only that.
    static func words(of line: String) -> String {
        var kept = ""
        var depth = 0
        for character in line {
            if character == "\u{2068}" {
                depth += 1
                continue
            }
            if character == "\u{2069}" {
                depth = max(depth - 1, 0)
                continue
            }
            if depth == 0 { kept.append(character) }
        }
        return kept.split(separator: " ").filter { !$0.hasPrefix("/") && !$0.hasPrefix("#") }.joined(separator: " ")
    }

    @Test(arguments: languages.map(\.code))
    func everyAnswerIsInTheChosenLanguage(code: String) async throws {
        let language = try #require(Self.languages.first { $0.code == code })
        let homeroom = try HomeroomProcess()
        defer { homeroom.remove() }
        let config = try homeroom.writeConfig(
            #", "language": "\#(code)", "rateLimit": {"enabled": false}, "webhooks": {"enabled": false}"#)
        let answers = try await answers(homeroom, config: config, to: Self.commands)
        var lines: [String] = []
        for (command, answer) in zip(Self.commands, answers) {
            #expect(!answer.isEmpty, "\(command) gave no answer")
            lines += answer.split(separator: "\n").map { Self.words(of: String($0)) }
                .filter { $0.unicodeScalars.filter(\.properties.isAlphabetic).count >= 4 }
        }
        let identified = try await Self.identify(lines)
        let inLanguage = identified.filter { $0 == language.identified }.count
        let share = Double(inLanguage) / Double(max(identified.count, 1))
        let others = zip(lines, identified).filter { $0.1 != language.identified }.map { "[\($0.1)] \($0.0)" }
        print("\(code): \(inLanguage) of \(identified.count) lines identified as \(language.identified)")
        #expect(
            share >= 0.8,
            "\(code): \(inLanguage) of \(identified.count) lines; the others:\n\(others.joined(separator: "\n"))")
        // Today (the demo runs on the wall clock, in New York) is written in the language's own form.
        let today = SchoolCalendar(timeZone: TimeZone(identifier: "America/New_York")!).localDate(at: Date())
        let written = Words(.untranslated, try #require(Language(code: code))).date(today)
        #expect(answers.joined().contains(written), "\(code): no answer names today as \(written)")
    }
}
