import Events
import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomRuntime
import HomeroomTesting
import Testing

/// What admins wrote, in the reader's language: an admin's own translations (`/translate`), and a
/// machine translation server's when the school runs one, labelled as such; never for a text an
/// admin keeps as written, and never in place of an admin's.
@Suite struct ClubTranslationTests {
    static func withClubBot(
        machineTranslation url: URL? = nil, _ body: (TestBot) async throws -> Void
    ) async throws {
        try await TestBot.with(
            plugins: [EventsPlugin.self],
            configure: { configuration in
                if let url {
                    configuration.machineTranslation.url = url.absoluteString
                    configuration.machineTranslation.languages = ["es"]
                }
            }
        ) { bot in
            try await bot.loginAsAdmin()
            try await bot.expect(
                #"/club set robotics title Robotics meets "Thursdays 15:30" room B-301"#, from: "console:admin")
            try await bot.expect("/me language es", from: "console:ana")
            try await bot.expect("/me language vi", from: "console:bao")
            try await body(bot)
        }
    }

    @Test func aReaderSeesAnAdminsTranslationInTheirLanguageAndTheTextAsWrittenOtherwise() async throws {
        try await Self.withClubBot { bot in
            try await bot.expect(
                #"/translate "Thursdays 15:30" es "Los jueves, 15:30""#, from: "console:admin",
                contains: "Los jueves, 15:30")
            let spanish = try await bot.expect("/club robotics", from: "console:ana")
            #expect(spanish.text.contains("Los jueves, 15:30"))
            #expect(!spanish.text.contains("Thursdays"))
            #expect(try await bot.expect("/club robotics", from: "console:bao").text.contains("Thursdays 15:30"))
            #expect(try await bot.expect("/club robotics", from: "console:carl").text.contains("Thursdays 15:30"))

            try await bot.expect(
                #"/translate "Thursdays 15:30" es -"#, from: "console:admin", contains: "no translation")
            #expect(try await bot.expect("/club robotics", from: "console:ana").text.contains("Thursdays 15:30"))
        }
    }

    @Test func onlyAdminsTranslateAndABadRequestSaysWhy() async throws {
        try await Self.withClubBot { bot in
            try await bot.expect(#"/translate "Robotics" es "Robótica""#, from: "console:ana", error: true)
            try await bot.expect(#"/translate "Robotics" klingon "x""#, from: "console:admin", error: true)
            try await bot.expect(#"/translate "Robotics" es """#, from: "console:admin", error: true)
            try await bot.expect(#"/translate "Robotics" sideways"#, from: "console:admin", error: true)
            let long = String(repeating: "a", count: 501)
            try await bot.expect(#"/translate "Robotics" es "\#(long)""#, from: "console:admin", error: true)
            try await bot.expect(#"/translate "Robotics""#, from: "console:admin", contains: "no translation")
        }
    }

    @Test func theMachineTranslatesWhatReadersFoundUntranslatedAndSaysSo() async throws {
        let server = try await LoopbackHTTPServer.start()
        // LibreTranslate's API reference, "POST /translate": JSON {q, source, target, format,
        // api_key} in, {"translatedText": "…"} out.
        server.serve(
            "/translate",
            .init(
                status: 200, body: Array(#"{"translatedText": "Robótica"}"#.utf8),
                headers: [("Content-Type", "application/json")]))
        try await Self.withClubBot(machineTranslation: server.url("")) { bot in
            try await bot.expect(#"/translate "Thursdays 15:30" es "Los jueves, 15:30""#, from: "console:admin")
            try await bot.expect(#"/translate "B-301" keep"#, from: "console:admin")
            // Ana reads the club first: its title has no translation yet.
            #expect(try await bot.expect("/club robotics", from: "console:ana").text.contains("Robotics"))
            try await bot.runJob("machine translation", of: CorePlugin.self)

            let bodies = server.requests.filter { $0.path == "/translate" }.map(\.text)
            #expect(bodies.count == 1, "\(bodies)")
            let sent = try JSONSerialization.jsonObject(with: Data(try #require(bodies.first).utf8)) as? [String: Any]
            #expect(sent?["q"] as? String == "Robotics")
            #expect(sent?["source"] as? String == "en")
            #expect(sent?["target"] as? String == "es")
            #expect(sent?["format"] as? String == "text")

            let spanish = try await bot.expect("/club robotics", from: "console:ana")
            #expect(spanish.text.contains("Robótica"))
            #expect(!spanish.text.contains("Robotics"), "\(spanish.text)")
            // The machine's is labelled; the admin's is not.
            let labelled = Words(.core, .spanish)("{text} (machine translated)", ["text": "Robótica"])
            #expect(spanish.text.contains(labelled), "\(spanish.text)")
            #expect(spanish.text.contains("Los jueves, 15:30"))
            #expect(try await bot.expect("/club robotics", from: "console:carl").text.contains("Robotics"))

            // An admin's translation takes the machine's place; the machine never takes an admin's.
            try await bot.expect(#"/translate "Robotics" es "Club de robótica""#, from: "console:admin")
            try await bot.runJob("machine translation", of: CorePlugin.self)
            let corrected = try await bot.expect("/club robotics", from: "console:ana")
            #expect(corrected.text.contains("Club de robótica"))
            #expect(server.requests.filter { $0.path == "/translate" }.count == 1)
        }
        await server.stop()
    }

    @Test func aTranslationServerThatFailsTranslatesNothingAndIsAskedAgain() async throws {
        let server = try await LoopbackHTTPServer.start()
        server.serve(
            "/translate",
            sequence: [
                .init(status: 500, body: Array(#"{"error": "model not loaded"}"#.utf8)),
                .init(status: 200, body: Array(#"{"translatedText": "Robótica"}"#.utf8)),
            ])
        try await Self.withClubBot(machineTranslation: server.url("")) { bot in
            _ = try await bot.expect("/club robotics", from: "console:ana")
            try await bot.runJob("machine translation", of: CorePlugin.self)
            #expect(try await bot.expect("/club robotics", from: "console:ana").text.contains("Robotics"))
            try await bot.runJob("machine translation", of: CorePlugin.self)
            #expect(try await bot.expect("/club robotics", from: "console:ana").text.contains("Robótica"))
        }
        await server.stop()
    }
}
