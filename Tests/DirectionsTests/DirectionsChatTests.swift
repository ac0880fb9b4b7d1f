import Campus
import Directions
import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomTesting
import Testing

@Suite struct DirectionsChatTests {
    @Test(arguments: TemporaryDatabase.availableBackends)
    func directionsFromANamedCheckpointThenFromTheOneSaidWithHere(backend: DatabaseBackend) async throws {
        try await withDirectionsBot(backend: backend) { bot in
            let route = try await bot.expect("/directions B-201 from A1-ENTRANCE")
            #expect(
                route.lines == [
                    "B-201 (Chemistry lab) from A1-ENTRANCE: 136 m, about 2 min",
                    "1. Walk 65 m along the main hallway to the double doors between the Main and Science buildings.",
                    "2. Go through the double doors — you are now in the Science building.",
                    "3. Walk 45 m along the ground floor hallway to the east end of the Science building's ground floor.",
                    "4. Turn right to the east stairs.",
                    "5. Take the east stairs up to floor 2.",
                    "6. Step off the stairs into the floor 2 hallway.",
                    "7. B-201 (Chemistry lab) is the third door on your left.",
                    "Scan the next code you pass for fresh directions.",
                ])
            #expect(route.visibility == .sender)
            try await bot.expect("/directions gym", contains: "where are you?", error: true)
            try await bot.expect("/here A1-ENTRANCE")
            let gym = try await bot.expect("/directions gym")
            #expect(gym.lines[0] == "Gym (C-110) from A1-ENTRANCE: 155 m, about 2 min")
            #expect(gym.lines.contains("3. Gym (C-110) is the door straight ahead."))
            try await bot.expect(
                "/here B2-EAST", contains: "You're at B2-EAST: the east end of the Science building's floor 2.")
            try await bot.expect(
                "/way chem lab", contains: "you're there", "1. B-201 (Chemistry lab) is the third door on your left.")
            try await bot.expect("/here", contains: "You're at B2-EAST")
            try await bot.expect("/here", from: "console:someone-else", contains: "I don't know where you are")
        }
    }

    @Test func accessibleRoutesUseTheElevator() async throws {
        try await withDirectionsBot { bot in
            let route = try await bot.expect("/directions robotics from A1-ENTRANCE accessible")
            #expect(route.lines[0].hasSuffix(", step-free"))
            #expect(route.text.contains("Take the Science building elevator up to floor 3."))
            #expect(!route.text.contains("stairs"))
            let stairs = try await bot.expect("/directions robotics from A1-ENTRANCE")
            #expect(stairs.text.contains("Take the east stairs up to floor 3."))
        }
    }

    @Test func unknownRoomsPlacesCheckpointsAndBuildingsAreNamedNeverGuessed() async throws {
        try await withDirectionsBot { bot in
            try await bot.expect("/here A1-ENTRANCE")
            let cases: [(String, String)] = [
                ("/directions B-2011", "no room B-2011 in building B — did you mean B-201 or B-211?"),
                ("/directions B-999", "no room B-999 in building B — /rooms B lists its rooms"),
                ("/directions 2011", "no room 2011 — did you mean A-201, B-201, B-211 or C-201?"),
                ("/directions libary", "no room or place called \"libary\" — did you mean Library?"),
                ("/directions swimming pool", "no room or place called \"swimming pool\" — /places lists the places"),
                ("/directions B-201 from B2-EST", "no checkpoint B2-EST — did you mean B2-EAST or B2-WEST?"),
                ("/directions B-201 from nowhere", "no checkpoint nowhere — the id is printed under the QR code"),
                ("/here Z9", "no checkpoint Z9 — the id is printed under the QR code"),
                ("/rooms D", "no building D — the buildings are A, B, C"),
                ("/directions", "where to? /places lists the named places — usage: /directions ROOM | PLACE"),
                ("/directions B-201 from", "say where you are after \"from\""),
            ]
            for (input, message) in cases {
                let reply = try await bot.expect(input, error: true)
                #expect(reply.text.hasPrefix(message), "\(input)")
            }
            let location = try await bot.expect("/here", contains: "A1-ENTRANCE")
            #expect(!location.isError, "a refused /here leaves the location as it was")
        }
    }

    @Test func withoutALocationOrAfterItExpiresTheBotAsksWhereYouAre() async throws {
        try await withDirectionsBot(settings: ["locationMinutes": .number(20)]) { bot in
            try await bot.expect(
                "/directions B-201",
                contains: "where are you? Say the id under the nearest QR code: /directions B-201 from A1-ENTRANCE",
                error: true)
            try await bot.expect("/here C1-LOBBY")
            bot.clock.advance(by: 19 * 60)
            try await bot.expect("/directions gym", contains: "Gym (C-110) from C1-LOBBY: 35 m")
            bot.clock.advance(by: 60)
            try await bot.expect(
                "/directions gym", contains: "you were at C1-LOBBY 20 min ago — where are you now?", error: true)
            try await bot.expect("/here", contains: "I don't know where you are")
        }
    }

    @Test func listsOfBuildingsRoomsAndPlaces() async throws {
        try await withDirectionsBot { bot in
            let buildings = try await bot.expect("/rooms")
            #expect(
                buildings.lines == [
                    "Buildings of Lincoln High School:", "A — Main building (18 rooms)",
                    "B — Science building (18 rooms)",
                    "C — Arts and Athletics building (12 rooms)", "/rooms A lists a building's rooms.",
                ])
            let science = try await bot.expect("/rooms science building")
            #expect(science.lines[0] == "Science building (B)")
            #expect(science.lines[2].hasPrefix("floor 2: B-201 Chemistry lab, B-202 Chemistry"))
            let places = try await bot.expect("/places")
            #expect(places.lines[0].hasPrefix("Places: Library (A-110), Main office (A-100), Nurse (A-103)"))
        }
    }

    @Test func beforeAnyImportEveryCommandSaysHowToImport() async throws {
        try await withDirectionsBot(imported: false) { bot in
            for command in ["/directions B-201 from A1", "/here A1", "/rooms", "/places"] {
                try await bot.expect(
                    command, contains: "no campus map yet — an admin imports one with: homeroom import campus FILE",
                    error: true)
            }
        }
    }

    @Test func unreachablePlacesAreSaidSo() async throws {
        try await withDirectionsBot(imported: false) { bot in
            let island = """
                {"name": "Two halls", "buildings": [{"id": "A", "name": "Main"}, {"id": "P", "name": "Portable"}],
                 "checkpoints": [{"id": "A1", "building": "A", "floor": 1, "name": "the hall"},
                                 {"id": "A2", "building": "A", "floor": 2, "name": "upstairs"},
                                 {"id": "P1", "building": "P", "floor": 1, "name": "the portable"}],
                 "links": [{"from": "A1", "to": "A2", "length": 10, "kind": "stairs"}],
                 "rooms": [{"number": "P-1", "at": "P1"}, {"number": "A-201", "at": "A2"}]}
                """
            let summary = try await importCampus(Array(island.utf8), into: bot)
            #expect(summary.unreachable == ["P1"])
            try await bot.expect(
                "/directions P-1 from A1", contains: "the map has no way from A1 to P-1 — the main office can help",
                error: true)
            try await bot.expect(
                "/directions A-201 from A1 accessible", contains: "the map has no step-free way from A1 to A-201",
                error: true)
            try await bot.expect("/directions A-201 from A1", contains: "Take the stairs up to floor 2.")
        }
    }

    @Test(arguments: TemporaryDatabase.availableBackends)
    func aBadImportKeepsTheOldMapAndAGoodOneReplacesItWithinTheCacheLifetimeAndDropsStaleLocations(
        backend: DatabaseBackend
    ) async throws {
        try await withDirectionsBot(backend: backend) { bot in
            try await bot.expect("/here B2-EAST")
            try await bot.expect("/here C1-GYM", from: "console:other")
            var text = try String(contentsOf: exampleCampus, encoding: .utf8)
            let broken = text.replacingOccurrences(of: #""to": "B2-WEST""#, with: #""to": "B2-WEEST""#)
            await #expect(throws: CampusFileError.self) { try await importCampus(Array(broken.utf8), into: bot) }
            try await bot.expect("/directions B-211", contains: "B-211 (Anatomy) from B2-EAST")
            text = text.replacingOccurrences(of: "B2-EAST", with: "B2-E")
            try await importCampus(Array(text.utf8), into: bot)
            try await bot.expect("/here B2-E", contains: "no checkpoint B2-E", error: true)
            bot.clock.advance(by: 30)
            try await bot.expect("/directions B-211", contains: "where are you?", error: true)
            try await bot.expect("/here B2-E", contains: "You're at B2-E")
            try await bot.expect("/directions gym", from: "console:other", contains: "Gym (C-110) from C1-GYM")
            let audit = try await AuditLog.recent(50, in: bot.runtime.database).map(\.action)
            #expect(audit.filter { $0 == "directions.import" }.count == 2, "the failed import is not audited")
        }
    }

    @Test func everyWorkedExampleAnswers() async throws {
        try await withDirectionsBot { bot in try await bot.runExamples(of: DirectionsPlugin.self) }
    }

    /// Run in the pseudo-language on the example campus, every example says every word through the
    /// catalogs, whole.
    @Test func everyWorkedExampleSpeaksThroughTheCatalogs() async throws {
        try await withDirectionsBot(language: Language.pseudo.code) { bot in
            try await bot.runExamplesThroughCatalogs(of: DirectionsPlugin.self)
        }
    }

    @Test func badSettingsAreRefusedWithTheKey() throws {
        for (settings, problem) in [
            (["publicURL": "ftp://school.example"], "publicURL must be an http or https address"),
            (["publicURL": "https://école.example"], "publicURL must be an http or https address"),
        ] {
            var configured = DirectionsPlugin.Settings()
            configured.publicURL = settings["publicURL"]!
            #expect(throws: UserFacingError.self, "\(problem)") { try DirectionsPlugin(settings: configured) }
        }
        var settings = DirectionsPlugin.Settings()
        settings.locationMinutes = 0
        #expect(throws: UserFacingError("locationMinutes must be 1 to 1440")) {
            try DirectionsPlugin(settings: settings)
        }
        settings = DirectionsPlugin.Settings()
        settings.publicURL = "https://homeroom.lincoln.example/"
        #expect(
            try DirectionsPlugin(settings: settings).pageAddress(of: "B2-EAST")
                == "https://homeroom.lincoln.example/here/B2-EAST")
    }
}
