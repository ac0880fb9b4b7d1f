import Campus
import Foundation
import HomeroomTesting
import Testing

@Suite struct CampusFileTests {
    static let exampleURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Examples/campus.json").standardizedFileURL

    static func example() throws -> Campus {
        try Campus.read(Data(contentsOf: exampleURL))
    }

    @Test func theExampleCampusHasThreeBuildingsFortyRoomsStairsAndElevators() throws {
        let campus = try Self.example()
        #expect(campus.buildings.map(\.id) == ["A", "B", "C"])
        #expect(campus.rooms.count >= 40)
        #expect(campus.links.contains { $0.kind == .stairs } && campus.links.contains { $0.kind == .elevator })
        #expect(Set(campus.checkpoints.map(\.floor)) == [1, 2, 3])
        #expect(campus.rooms(inBuilding: 1).map(\.floor) == [1, 2, 3])
        #expect(campus.room(named: "b 201").map { campus.rooms[$0].number } == "B-201")
        #expect(campus.room(named: "chem lab").map { campus.rooms[$0].number } == "B-201")
        #expect(campus.place(named: "media center").map { campus.places[$0].name } == "Library")
        #expect(campus.checkpoint(named: "b2-east").map { campus.checkpoints[$0].id } == "B2-EAST")
    }

    /// Replaces `old` with `new` in the example file and reads it: the error it gives.
    func error(replacing old: String, with new: String) throws -> CampusFileError? {
        let text = try String(contentsOf: Self.exampleURL, encoding: .utf8)
        #expect(text.contains(old), "the example no longer holds \(old)")
        do {
            _ = try Campus.read(Array(text.replacingOccurrences(of: old, with: new).utf8))
            return nil
        } catch {
            return error
        }
    }

    func line(of text: String) throws -> Int {
        let lines = try String(contentsOf: Self.exampleURL, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false)
        return try #require(lines.firstIndex { $0.contains(text) }) + 1
    }

    @Test func aBadReferenceIsReportedOnItsLine() throws {
        let link = #"{"from": "B2-EAST", "to": "B2-WEST""#
        let expected = try line(of: link)
        let problem = try error(replacing: link, with: #"{"from": "B2-EAST", "to": "B2-WEEST""#)
        #expect(
            problem
                == CampusFileError(
                    line: expected, message: "link B2-EAST → B2-WEEST: \"to\" names no checkpoint: B2-WEEST"))
    }

    @Test func everyKindOfMistakeNamesItsLineAndProblem() throws {
        let room = #"{"number": "B-201", "name": "Chemistry lab""#
        let roomLine = try line(of: room)
        let duplicate = try error(replacing: room, with: #"{"number": "B-202", "name": "Chemistry lab""#)
        #expect(
            duplicate
                == CampusFileError(
                    line: roomLine + 1,
                    message: "room B-202: \"number\" \"B-202\" already names room B-202 on line \(roomLine)"))
        let cases: [(String, String, String)] = [
            (
                #""at": "B2-EAST", "side": "left", "door": 3"#, #""at": "B2-EAST", "side": "left", "door": 0"#,
                "room B-201: \"door\" must be a whole number from 1 to 50"
            ),
            (
                #""at": "B2-EAST", "side": "left", "door": 3"#, #""at": "B2-EAST", "side": "up", "door": 3"#,
                "room B-201: \"side\" must be one of left, right, ahead"
            ),
            (
                #""at": "B2-EAST", "side": "left", "door": 3"#, #""at": "B2-EAST", "sdie": "left", "door": 3"#,
                "room B-201: unknown key \"sdie\" (the keys are aliases, at, door, hint, name, number, side)"
            ),
        ]
        for (old, new, message) in cases {
            let problem = try error(replacing: old, with: new)
            #expect(problem == CampusFileError(line: roomLine, message: message), "\(String(describing: problem))")
        }
        let stairs = #"{"from": "B1-STAIRS", "to": "B2-STAIRS", "length": 12"#
        #expect(
            try error(replacing: stairs, with: #"{"from": "B1-STAIRS", "to": "B1-EAST", "length": 12"#)
                == CampusFileError(
                    line: try line(of: stairs),
                    message: "link B1-STAIRS → B1-EAST: \"kind\" stairs must join two floors of one building"))
        #expect(
            try error(replacing: stairs, with: #"{"from": "B1-STAIRS", "to": "B2-STAIRS", "length": -2"#)
                == CampusFileError(
                    line: try line(of: stairs),
                    message: "link B1-STAIRS → B2-STAIRS: \"length\" must be a number from 0.1 to 5000"))
        let walk = #"{"from": "B2-EAST", "to": "B2-WEST""#
        #expect(
            try error(replacing: walk, with: #"{"from": "B2-EAST", "to": "B1-WEST""#)
                == CampusFileError(
                    line: try line(of: walk),
                    message: "link B2-EAST → B1-WEST: \"kind\" walk joins floors 2 and 1: use stairs, elevator or ramp")
        )
        let place = #"{"name": "Gym", "aliases": ["gymnasium"], "room": "C-110"}"#
        #expect(
            try error(replacing: place, with: #"{"name": "Gym", "aliases": ["gymnasium"], "room": "C-999"}"#)
                == CampusFileError(
                    line: try line(of: place),
                    message: "place Gym: \"room\" names no room: C-999 (rooms come before places in the file)"))
        #expect(
            try error(replacing: place, with: #"{"name": "Gym", "aliases": ["gymnasium"]}"#)
                == CampusFileError(line: try line(of: place), message: "place Gym: give either \"room\" or \"at\""))
        #expect(
            try error(replacing: place, with: #"{"name": "Gym", "aliases": ["chem lab"], "room": "C-110"}"#)
                == CampusFileError(
                    line: try line(of: place),
                    message: "place Gym: \"aliases\" \"chem lab\" already names room B-201 on line \(roomLine)"))
    }

    @Test func malformedJSONIsReportedOnItsLine() {
        let cases: [(String, CampusFileError)] = [
            (
                "{\n  \"name\": \"X\",\n  \"buildings\": [\n    {\"id\": \"A\" \"name\": \"Main\"}\n  ]\n}",
                CampusFileError(line: 4, message: "expected ',' or '}' after a member, found '\"'")
            ),
            (
                "{\n  \"name\": \"X\",\n  \"buildings\": [,]\n}",
                CampusFileError(line: 3, message: "unexpected ',' where a value should be")
            ),
            (
                "{\"name\": \"unterminated\n}",
                CampusFileError(line: 1, message: "a string is missing its closing quote")
            ),
            (
                "{\"name\": \"X\"}\n\n]",
                CampusFileError(line: 3, message: "unexpected text after the end of the document")
            ),
            ("", CampusFileError(line: 1, message: "the document ends where a value should be")),
            ("[]", CampusFileError(line: 1, message: "the campus must be an object, not a list")),
            (
                "{\"name\": \"X\", \"name\": \"Y\"}",
                CampusFileError(line: 1, message: "the campus: \"name\" is given twice")
            ),
            (
                "{\"name\": \"X\", \"buildings\": [{\"id\": \"A\", \"name\": \"Main\"}],\n"
                    + "\"checkpoints\": [{\"id\": \"A1\", \"floor\": 1,\n\"name\": \"door\", \"floor\": 2}]}",
                CampusFileError(line: 3, message: "checkpoint A1: \"floor\" is given twice")
            ),
            (
                "{\n\"name\": \"X\",\n\"buildings\": []\n}",
                CampusFileError(line: 3, message: "the campus: \"buildings\" needs at least one building")
            ),
            (
                "{\"name\": \"X\", \"buildings\": [{\"id\": \"A\", \"name\": \"Main\"}], \"checkpoints\": 01}",
                CampusFileError(line: 1, message: "a number cannot start with 0")
            ),
        ]
        for (text, expected) in cases {
            #expect(throws: expected) { try Campus.read(Array(text.utf8)) }
        }
    }

    @Test func escapesAndUnicodeAreRead() throws {
        let text =
            #"{"name": "\u00C9cole \"Nord\" \ud83c\udfeb", "buildings": [{"id": "A", "name": "Main"}], "checkpoints": [{"id": "A1", "building": "a", "floor": 1, "name": "hall"}]}"#
        let campus = try Campus.read(Array(text.utf8))
        #expect(campus.name == "École \"Nord\" 🏫")
        #expect(campus.checkpoints[0].building == 0)
    }

    /// "Café 1" written composed (é as one character) and decomposed (e and a combining accent) is
    /// one name: the second room of that name is refused, the room is found by either form, and its
    /// name is kept composed.
    @Test func aNameInComposedAndDecomposedFormsIsOneName() throws {
        let composed = "Caf\u{E9} 1"
        let decomposed = "Cafe\u{301} 1"
        func campus(_ rooms: [String]) -> [UInt8] {
            let list = rooms.map { #"{"number": "\#($0)", "at": "A1"}"# }.joined(separator: ",\n")
            return Array(
                """
                {"name": "X", "buildings": [{"id": "A", "name": "Main"}],
                 "checkpoints": [{"id": "A1", "building": "A", "floor": 1, "name": "hall"}],
                 "rooms": [\(list)]}
                """.utf8)
        }
        #expect(
            throws: CampusFileError(
                line: 4,
                message: #"room \#(decomposed): "number" "\#(composed)" already names room \#(composed) on line 3"#)
        ) {
            try Campus.read(campus([composed, decomposed]))
        }
        let campus = try Campus.read(campus([decomposed]))
        #expect(campus.rooms[0].number.unicodeScalars.elementsEqual(composed.unicodeScalars))
        #expect(campus.room(named: composed) == 0)
        #expect(campus.room(named: decomposed) == 0)
        #expect(Campus.key(decomposed) == Campus.key(composed))
    }
}
