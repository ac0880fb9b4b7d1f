import Campus
import Foundation
import HomeroomTestbed
import HomeroomTesting
import Testing

/// Campus files written to break the reader (`Tests/Fixtures/hostile/campus`, or built here when
/// large): each is refused with the line and the problem, never a trap, a stall or a deep stack.
@Suite struct HostileCampusFileTests {
    static let folder = Corpus.packageRoot.appendingPathComponent("Tests/Fixtures/hostile/campus")

    static func problem(reading bytes: some Collection<UInt8>) -> CampusFileError? {
        do {
            _ = try Campus.read(bytes)
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: [
        ("floor-huge.json", 6, #"checkpoint A2: "floor" must be a whole number from -5 to 200"#),
        ("floor-infinite.json", 6, #"checkpoint A2: "floor" must be a whole number from -5 to 200"#),
        ("door-huge.json", 9, #"room A-101: "door" must be a whole number from 1 to 50"#),
        ("length-infinite.json", 8, #"link A1 → A2: "length" must be a number from 0.1 to 5000"#),
        ("length-negative.json", 8, #"link A1 → A2: "length" must be a number from 0.1 to 5000"#),
        ("self-link.json", 8, #"link A1 → A1: "to" is the same checkpoint as "from""#),
        ("duplicate-checkpoint.json", 6, #"checkpoint a1: "id" is already a checkpoint"#),
    ])
    func aNumberOutOfRangeOrABadLinkIsRefusedOnItsLine(file: String, line: Int, message: String) throws {
        let bytes = try Data(contentsOf: Self.folder.appendingPathComponent(file))
        #expect(Self.problem(reading: bytes) == CampusFileError(line: line, message: message))
    }

    /// A campus of `count` checkpoints on one floor, each joined to the next by a link of `length` m.
    static func corridor(checkpoints count: Int, length: Double = 10, name: String = "a point") -> String {
        let checkpoints = (0..<count).map { #"{"id": "P\#($0)", "building": "A", "floor": 1, "name": "\#(name)"}"# }
        let links = (1..<max(1, count)).map { #"{"from": "P\#($0 - 1)", "to": "P\#($0)", "length": \#(length)}"# }
        return """
            {"name": "Corridor", "buildings": [{"id": "A", "name": "Main"}],
             "checkpoints": [\(checkpoints.joined(separator: ",\n"))],
             "links": [\(links.joined(separator: ",\n"))]}
            """
    }

    @Test func tooManyCheckpointsAreRefusedBeforeAnyIsRead() {
        let text = Self.corridor(checkpoints: CampusLimits.maximumCheckpoints + 1)
        #expect(
            Self.problem(reading: Array(text.utf8))
                == CampusFileError(
                    line: 2,
                    message:
                        #"the campus: "checkpoints" has \#(CampusLimits.maximumCheckpoints + 1) entries; at most \#(CampusLimits.maximumCheckpoints)"#
                ))
    }

    @Test func aFileLargerThanTheLimitIsRefusedUnread() {
        let bytes = [UInt8](repeating: UInt8(ascii: " "), count: CampusLimits.maximumFileBytes + 1)
        #expect(Self.problem(reading: bytes)?.message.hasPrefix("the file has \(bytes.count) bytes") == true)
    }

    @Test func deepNestingIsRefusedWithoutRecursingIntoIt() {
        let depth = 100_000
        let text =
            #"{"name": "Deep", "buildings": "# + String(repeating: "[", count: depth)
            + String(repeating: "]", count: depth) + "}"
        #expect(Self.problem(reading: Array(text.utf8))?.message == "the document nests deeper than 64 levels")
    }

    @Test func aNameLongerThanTheLimitIsRefused() {
        let text = Self.corridor(
            checkpoints: 2, name: String(repeating: "x", count: CampusLimits.maximumTextLength + 1))
        #expect(
            Self.problem(reading: Array(text.utf8))
                == CampusFileError(
                    line: 2,
                    message: #"checkpoint P0: "name" is longer than \#(CampusLimits.maximumTextLength) characters"#))
    }

    /// The longest links along the most checkpoints: the route's length and minutes stay exact.
    @Test func aRouteAlongTheLongestLinksAddsUpWithoutOverflow() throws {
        let count = 2_000
        let campus = try Campus.read(Array(Self.corridor(checkpoints: count, length: 5000).utf8))
        let route = try #require(campus.directions(from: 0, to: .checkpoint(count - 1)))
        #expect(route.path.length == Double(count - 1) * 5000)
        #expect(route.minutes == Int((Double(count - 1) * 5000 / 80).rounded(.up)))
        #expect(route.steps.count >= 1)
    }
}
