import Campus
import Directions
import HomeroomCore
import HomeroomEngine
import HomeroomRuntime
import HomeroomTesting
import QRCodes
import Testing

@Suite struct CampusConsolePageTests {
    static let settings: [String: JSONValue] = ["publicURL": .string("https://homeroom.lincoln.example/")]

    /// The codes `view` shows, in order.
    func codes(_ view: ConsoleView) -> [ConsoleCode] {
        view.blocks.flatMap { block -> [ConsoleCode] in
            if case .codes(let codes) = block { codes } else { [] }
        }
    }

    /// The modules an SVG from the page paints dark, counted from the symbol's corner (inside
    /// the quiet zone), with the side of its square picture.
    func darkModules(_ svg: String) throws -> (side: Int, dark: Set<[Int]>) {
        let side = try #require(svg.firstMatch(of: /viewBox="0 0 (\d+) (\d+)"/)).output
        #expect(side.1 == side.2, "no label under the picture: the console prints it")
        let path = try #require(svg.firstMatch(of: /<path d="([^"]*)"/)).output.1
        var dark = Set<[Int]>()
        for run in path.matches(of: /M(\d+) (\d+)h(\d+)v1h-\d+z/) {
            let (x, y, width) = (Int(run.output.1)!, Int(run.output.2)!, Int(run.output.3)!)
            for column in x..<(x + width) { dark.insert([column - 4, y - 4]) }
        }
        return (Int(side.1)!, dark)
    }

    @Test func theSheetHoldsOneCodePerCheckpointThatHasOne() async throws {
        try await withDirectionsBot(settings: Self.settings) { bot in
            try await bot.loginAsAdmin()
            let view = try await bot.consoleView("campus")
            let codes = codes(view)
            #expect(codes.count == 16)
            #expect(codes.first?.content == "https://homeroom.lincoln.example/here/A1-ENTRANCE")
            #expect(codes.first?.label == "A1-ENTRANCE — the main entrance, by the front office")
            #expect(codes.contains { $0.content == "https://homeroom.lincoln.example/here/C1-GYM" })
            #expect(!codes.contains { $0.content.hasSuffix("/B1-STAIRS") }, "a landing has no code")
            let campus = try #require(
                try await CampusImporter.storedCampus(in: bot.runtime.storage(for: DirectionsPlugin.id)))
            #expect(
                codes.map(\.content)
                    == campus.checkpoints.filter(\.hasCode).map { "https://homeroom.lincoln.example/here/\($0.id)" })
            #expect(view.text.hasPrefix("Print this sheet and put each code on the wall at its checkpoint"))
            #expect(view.text.contains("To print one code again, choose its checkpoint:\nA1-ENTRANCE\n"))
        }
    }

    @Test func eachPictureHoldsTheModulesOfItsAddress() async throws {
        try await withDirectionsBot(settings: Self.settings) { bot in
            try await bot.loginAsAdmin()
            for code in codes(try await bot.consoleView("campus")) {
                let symbol = try PrintableCode(encoding: code.content, label: "").code
                let picture = try darkModules(code.svg)
                #expect(picture.side == symbol.size + 8, "a quiet zone of four modules all round")
                let expected = (0..<symbol.size).flatMap { y in
                    (0..<symbol.size).filter { symbol.isDark(x: $0, y: y) }.map { [$0, y] }
                }
                #expect(picture.dark == Set(expected), "\(code.label)")
            }
        }
    }

    @Test func oneCheckpointShowsItsCodeAlone() async throws {
        try await withDirectionsBot { bot in
            try await bot.loginAsAdmin()
            let one = try await bot.consoleView("campus", query: ["checkpoint": "b2-east"])
            #expect(codes(one).map(\.content) == ["http://127.0.0.1:8080/here/B2-EAST"])
            #expect(one.text == "B2-EAST — the east end of the Science building's floor 2\nEvery checkpoint's code")
            let unknown = try await bot.consoleView("campus", query: ["checkpoint": "B9-NOWHERE"])
            #expect(codes(unknown).isEmpty)
            #expect(unknown.text.hasPrefix("There is no checkpoint B9-NOWHERE on the campus map."))
        }
    }

    @Test func peopleWithoutTheCapabilityAreRefused() async throws {
        try await withDirectionsBot(roles: ["office": ["campus.codes"], "kitchen": ["lunch.set"]]) { bot in
            await #expect(throws: UserFacingError.self) { try await bot.consoleView("campus", as: "console:student") }
            try await bot.runtime.access.grant("kitchen", to: UserID("console:cook")!, by: AuditEntry.commandLine)
            await #expect(throws: UserFacingError.self) {
                try await bot.consoleView("campus", as: "console:cook", verified: true)
            }
            try await bot.runtime.access.grant("office", to: UserID("console:clerk")!, by: AuditEntry.commandLine)
            #expect(codes(try await bot.consoleView("campus", as: "console:clerk", verified: true)).count == 16)
        }
    }

    @Test func withoutACampusThePageSaysHowToImportOne() async throws {
        try await withDirectionsBot(imported: false) { bot in
            try await bot.loginAsAdmin()
            let view = try await bot.consoleView("campus")
            #expect(view.text == "no campus map yet — an admin imports one with: homeroom import campus FILE")
            #expect(codes(view).isEmpty)
        }
    }
}
