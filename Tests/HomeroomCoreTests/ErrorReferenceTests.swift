import HomeroomCore
import HomeroomTesting
import Logging
import Testing

@Suite struct ErrorReferenceTests {
    /// Draws the same 64 bits every time.
    struct RepeatingGenerator: RandomNumberGenerator {
        let value: UInt64
        mutating func next() -> UInt64 { value }
    }

    struct DiskFull: Error, CustomStringConvertible {
        var description: String { "disk full at /var/lib/homeroom" }
    }

    @Test func aReferenceIsFourUppercaseHexDigitsFrom1000ToFFFF() {
        var highest = RepeatingGenerator(value: .max)
        #expect(ErrorReference(using: &highest).code == "FFFF")
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let code = ErrorReference(using: &generator).code
            let value = UInt32(code, radix: 16)
            #expect(code.count == 4 && code == code.uppercased(), "\(code)")
            #expect(value.map { (0x1000...0xFFFF).contains($0) } == true, "\(code)")
        }
    }

    @Test func theLogEntryCarriesTheReferenceTheUserIsShown() throws {
        let recorder = LogRecorder()
        let reference = ErrorReference.logging(
            DiskFull(), as: "command failed", metadata: ["command": "/lunch"], to: recorder.logger())
        let entry = try #require(recorder.entries.first)
        #expect(recorder.entries.count == 1)
        #expect(entry.level == .error)
        #expect(entry.message == "command failed")
        #expect(entry.metadata["reference"] == "\(reference.code)")
        #expect(entry.metadata["command"] == "/lunch")
        #expect(entry.metadata["error"] == "disk full at /var/lib/homeroom")
        #expect("\(reference)" == reference.code)
    }
}
