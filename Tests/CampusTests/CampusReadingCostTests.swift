import Campus
import Foundation
import HomeroomTesting
import Testing

/// Campus files shaped to cost more than their size: millions of tiny objects or digits. Each is
/// refused where it goes past a limit, as it is read, and costs no more than reading a good file
/// of the same size (measured in the same run).
@Suite struct CampusReadingCostTests {
    static func problem(reading bytes: [UInt8]) -> CampusFileError? {
        do {
            _ = try Campus.read(bytes)
            return nil
        } catch {
            return error
        }
    }

    /// A good campus of `checkpoints` checkpoints with long names: about 4.4 MB for 20,000.
    static let goodCampus = Array(
        HostileCampusFileTests.corridor(
            checkpoints: CampusLimits.maximumCheckpoints, name: String(repeating: "x", count: 100)
        ).utf8)

    /// `{"name": "Tiny", "buildings": [` + `middle` repeated to `size` bytes + `]}`.
    static func list(of middle: String, size: Int) -> [UInt8] {
        let head = Array(#"{"name": "Tiny", "buildings": ["#.utf8)
        let element = Array(middle.utf8)
        var bytes = head
        bytes.reserveCapacity(size)
        while bytes.count + element.count + 3 <= size {
            if bytes.count > head.count { bytes.append(UInt8(ascii: ",")) }
            bytes += element
        }
        return bytes + Array("]}".utf8)
    }

    /// The memory a document's values may take grows with its size; tiny objects would take some 20
    /// times their bytes.
    static func isPastTheMemoryLimit(_ problem: CampusFileError?) -> Bool {
        problem?.line == 1 && problem?.message.hasPrefix("the document's values would take more than") == true
    }

    @Test func millionsOfTinyObjectsAreRefusedAtTheMemoryLimitAsTheyAreRead() throws {
        let hostile = Self.list(of: #"{"a":0}"#, size: Self.goodCampus.count)
        #expect(Self.isPastTheMemoryLimit(Self.problem(reading: hostile)))
        #expect(Self.problem(reading: Self.goodCampus) == nil)
        let ratio = CostRatio.of(
            { _ = Self.problem(reading: hostile) }, against: { _ = Self.problem(reading: Self.goodCampus) })
        #expect(ratio < 2, "refusing \(hostile.count) bytes of tiny objects took \(ratio) times a good campus")
    }

    /// Two million zeros (`0,`) would take 16 times their bytes; the count of values stops them first.
    @Test func aListOfMillionsOfZerosIsRefusedAtTheValueLimit() {
        let hostile = Self.list(of: "0", size: Self.goodCampus.count)
        #expect(
            Self.problem(reading: hostile)
                == CampusFileError(
                    line: 1, message: "the document holds more than \(CampusLimits.maximumValues) values"))
        let ratio = CostRatio.of(
            { _ = Self.problem(reading: hostile) }, against: { _ = Self.problem(reading: Self.goodCampus) })
        #expect(ratio < 2, "refusing \(hostile.count) bytes of zeros took \(ratio) times a good campus")
    }

    /// A smaller list of zeros is stopped by the memory its values would take.
    @Test func aMegabyteOfZerosIsRefusedAtTheMemoryLimit() {
        #expect(Self.isPastTheMemoryLimit(Self.problem(reading: Self.list(of: "0", size: 1_000_000))))
    }

    /// A key or an id of 16 million characters is refused with its first characters quoted, not all.
    @Test func aHugeKeyOrNameIsQuotedShortInTheProblem() {
        let zeros = String(repeating: "0", count: 16_000_000)
        let quoted = String(repeating: "0", count: 59) + "…"
        let key = Self.problem(reading: Array(#"{"name": "Z", "\#(zeros)": 1}"#.utf8))
        #expect(key?.message.hasPrefix("the campus: unknown key \"\(quoted)\" (the keys are") == true)
        let id = Self.problem(
            reading: Array(#"{"name": "Z", "buildings": [{"id": "\#(zeros)", "name": "Main"}]}"#.utf8))
        #expect(id?.message == "building \(quoted): \"id\" is longer than \(CampusLimits.maximumTextLength) characters")
    }

    @Test func aNumberUpToTheLongestIsRead() throws {
        let floor = "0." + String(repeating: "0", count: CampusLimits.maximumNumberLength - 3) + "1"
        let text =
            #"{"name": "Long", "buildings": [{"id": "A", "name": "Main"}], "checkpoints": [{"id": "P", "building": "A", "name": "Door", "floor": "#
            + floor + "}]}"
        #expect(
            Self.problem(reading: Array(text.utf8))
                == CampusFileError(line: 1, message: #"checkpoint P: "floor" must be a whole number from -5 to 200"#))
    }
}
