import Foundation
import HomeroomTestbed
import HomeroomTesting
import Testing

/// `homeroom import campus` and `homeroom qr`, run as an admin would.
@Suite struct CampusCommandsTests {
    static let example = Corpus.packageRoot.appendingPathComponent("Examples/campus.json").path

    @Test func aBadCampusFileIsRefusedWithItsLineAndTheMapStays() async throws {
        let homeroom = try HomeroomProcess()
        defer { homeroom.remove() }
        let config = try homeroom.writeConfig()
        let imported = try await homeroom.run(["import", "campus", "--config", config, Self.example])
        #expect(imported.status == 0, "\(imported.errors)")
        #expect(
            imported.output
                == "imported 3 buildings, 7 floors, 48 rooms, 9 places and 28 checkpoints (16 with QR codes)\n")
        let broken = homeroom.folder.appendingPathComponent("broken.json")
        let text = try String(contentsOfFile: Self.example, encoding: .utf8)
        try text.replacingOccurrences(
            of: #""at": "B2-EAST", "side": "left", "door": 3"#, with: #""at": "B2-EAST", "side": "left", "door": "3""#
        )
        .write(to: broken, atomically: true, encoding: .utf8)
        let line =
            text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex {
                $0.contains(#""number": "B-201""#)
            }! + 1
        let refused = try await homeroom.run(["import", "campus", "--config", config, broken.path])
        #expect(refused.status == 1)
        #expect(refused.errors == "\(broken.path):\(line): room B-201: \"door\" must be a whole number from 1 to 50\n")
        let route = try await homeroom.run(["say", "--config", config, "/directions B-201 from A1-ENTRANCE"])
        #expect(route.output.contains("7. B-201 (Chemistry lab) is the third door on your left."), "\(route.output)")
    }

    @Test(.enabled(if: ExternalProgram.isInstalled("/usr/bin/zbarimg"), "zbarimg (Debian zbar-tools) is not installed"))
    func qrCodesEncodeThePublicAddressOfTheirCheckpoint() async throws {
        let homeroom = try HomeroomProcess()
        defer { homeroom.remove() }
        let config = try homeroom.writeConfig(
            #", "plugins": {"directions": {"publicURL": "https://homeroom.lincoln.example/"}}"#)
        let none = try await homeroom.run(["qr", "--config", config, "B2-EAST"])
        #expect(none.status == 1 && none.errors.contains("no campus map yet"))
        #expect(try await homeroom.run(["import", "campus", "--config", config, Self.example]).status == 0)
        let png = homeroom.folder.appendingPathComponent("b2.png").path
        let one = try await homeroom.run(["qr", "--config", config, "b2-east", "--out", png])
        #expect(one.status == 0, "\(one.errors)")
        #expect(one.output == "\(png)  https://homeroom.lincoln.example/here/B2-EAST\n")
        let decoded = try await ExternalProgram.run("/usr/bin/zbarimg", ["--quiet", "--raw", png])
        #expect(decoded.text == "https://homeroom.lincoln.example/here/B2-EAST\n")

        let folder = homeroom.folder.appendingPathComponent("codes").path
        let all = try await homeroom.run(["qr", "--config", config, "--all", folder])
        #expect(all.status == 0, "\(all.errors)")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(files.count == 16 && files.contains("C1-GYM.png") && !files.contains("B1-STAIRS.png"))
        let gym = try await ExternalProgram.run("/usr/bin/zbarimg", ["--quiet", "--raw", folder + "/C1-GYM.png"])
        #expect(gym.text == "https://homeroom.lincoln.example/here/C1-GYM\n")
        let svg = try await homeroom.run([
            "qr", "--config", config, "C1-GYM", "--format", "svg", "--out", folder + "/gym.svg",
        ])
        #expect(svg.status == 0)
        #expect(try String(contentsOfFile: folder + "/gym.svg", encoding: .utf8).contains(">C1&#45;GYM</text>"))

        let unknown = try await homeroom.run(["qr", "--config", config, "B2-EST"])
        #expect(
            unknown.status == 1
                && unknown.errors.hasPrefix(
                    "no checkpoint B2-EST on the map — the checkpoints with codes are A1-ENTRANCE")
        )
        let both = try await homeroom.run(["qr", "--config", config, "B2-EAST", "--all", folder])
        #expect(both.status != 0 && both.errors.contains("name one checkpoint, or --all FOLDER"))
    }
}
