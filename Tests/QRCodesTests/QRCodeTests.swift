import Foundation
import HomeroomTestbed
import HomeroomTesting
import QRCodes
import Testing

@Suite struct QRCodeTests {
    static let zbarimg = "/usr/bin/zbarimg"

    /// What `zbarimg` reads in an image file.
    func decoded(_ bytes: [UInt8], suffix: String) async throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("qr-\(UUID().uuidString).\(suffix)")
        try Data(bytes).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try await ExternalProgram.run(
            Self.zbarimg, ["--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", file.path])
        #expect(result.status == 0, "zbarimg: \(result.errors)")
        return result.text.trimmingCharacters(in: .newlines)
    }

    @Test(
        .enabled(if: ExternalProgram.isInstalled(zbarimg), "zbarimg (Debian zbar-tools) is not installed"),
        arguments: [
            "http://127.0.0.1:8080/here/B2-EAST", "https://homeroom.lincoln-high.example/here/A1-ENTRANCE",
            "https://example.org/here/" + String(repeating: "LONG-", count: 60) + "END",
        ])
    func generatedPNGsDecodeToTheirText(text: String) async throws {
        let code = try PrintableCode(encoding: text, label: "B2-EAST")
        #expect(try await decoded(code.png(moduleSize: 6), suffix: "png") == text)
    }

    @Test(.enabled(if: ExternalProgram.isInstalled(zbarimg), "zbarimg (Debian zbar-tools) is not installed"))
    func everyCorrectionLevelAndASmallModuleSizeDecode() async throws {
        for correction: QRCode.Correction in [.low, .medium, .quartile, .high] {
            let code = try QRCode(encoding: "https://school.example/here/C1-GYM", correction: correction)
            #expect(code.size >= 21 && (code.size - 17) % 4 == 0, "a QR symbol is 4·version + 17 modules")
        }
        let small = try PrintableCode(encoding: "https://school.example/here/C1-GYM", label: "C1-GYM")
        #expect(try await decoded(small.png(moduleSize: 3), suffix: "png") == "https://school.example/here/C1-GYM")
    }

    @Test func theLabelIsDrawnUnderTheCodeInsideThePicture() throws {
        let code = try PrintableCode(encoding: "https://school.example/here/B2-EAST", label: "B2-EAST")
        let picture = code.bitmap(moduleSize: 4)
        let side = (code.code.size + 8) * 4
        #expect(picture.width == side && picture.height > side)
        let labelRows = (side..<picture.height)
        let darkInLabel = labelRows.flatMap { y in (0..<picture.width).filter { picture.isDark(x: $0, y: y) } }
        #expect(!darkInLabel.isEmpty)
        #expect(darkInLabel.allSatisfy { $0 >= 4 * 2 && $0 < picture.width - 4 * 2 }, "the label keeps a margin")
        let unlabeled = try PrintableCode(encoding: "https://school.example/here/B2-EAST", label: "")
        #expect(unlabeled.bitmap(moduleSize: 4).height == side)
    }

    @Test func pngFilesHaveTheirSignatureSizeAndChecksums() throws {
        let png = try PrintableCode(encoding: "https://school.example/here/A", label: "A").png(moduleSize: 2)
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        #expect(Array(png[12..<16]) == Array("IHDR".utf8))
        #expect(Array(png.suffix(12)) == [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82])
    }

    @Test func svgHoldsTheModulesAndTheEscapedLabel() throws {
        let code = try PrintableCode(encoding: "https://school.example/here/A", label: "A&B<1>")
        let svg = code.svg()
        #expect(svg.contains("<path d=\"M4 4h7v1h-7z"), "the finder pattern's top row is the first run")
        #expect(svg.contains(">A&#38;B&#60;1&#62;</text>"))
        #expect(svg.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg "))
    }

    @Test func textTooLongForAnySymbolIsRefused() {
        #expect(throws: QRCode.EncodingError.self) {
            try QRCode(encoding: String(repeating: "x", count: 3000), correction: .high)
        }
        #expect(throws: QRCode.EncodingError.self) { try QRCode(encoding: "") }
    }
}
