import Foundation
import HomeroomTestbed
import HomeroomTesting
import Testing

/// The page in a real browser: headless Chromium at a phone's 360×740, driven through the
/// DevTools protocol by `Scripts/chromium-page-check.py` (the form is filled and Go pressed as a
/// person would).
@Suite struct HerePageBrowserTests {
    static let chromium = "/usr/bin/chromium"
    static let script = Corpus.packageRoot.appendingPathComponent("Scripts/chromium-page-check.py").path

    struct Check: Decodable {
        struct Page: Decodable {
            let url: String
            let text: String
            let scrollWidth: Int
            let viewportWidth: Int
            let screenshot: String
        }
        let pages: [Page]
    }

    @Test(.enabled(if: ExternalProgram.isInstalled(chromium), "chromium (Debian chromium) is not installed"))
    func thePageReadsAt360PixelsAndTheFormRoundTripWorks() async throws {
        try await PageServer.with { server in
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("here-page-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let screenshot = folder.appendingPathComponent("here.png").path
            let result = try await ExternalProgram.run(
                "/usr/bin/python3",
                [Self.script, server.baseURL + "/here/A1-ENTRANCE", screenshot, "building=B", "room=201"])
            #expect(result.status == 0, "\(result.errors)")
            let check = try JSONDecoder().decode(Check.self, from: result.output)
            try #require(check.pages.count == 2)
            let (first, second) = (check.pages[0], check.pages[1])
            #expect(first.viewportWidth == 360 && first.scrollWidth <= 360, "nothing sticks out sideways at 360 px")
            #expect(first.text.contains("You are at A1-ENTRANCE") && first.text.contains("Where to?"))
            #expect(second.url.hasSuffix("/here/A1-ENTRANCE?building=B&room=201"))
            #expect(second.text.contains("B-201 (Chemistry lab) from A1-ENTRANCE: 136 m, about 2 min"))
            #expect(second.text.contains("Take the east stairs up to floor 2."))
            #expect(second.text.contains("Scan another code on the way for fresh directions."))
            #expect(second.scrollWidth <= 360)
            for page in check.pages {
                let png = try Data(contentsOf: URL(fileURLWithPath: page.screenshot))
                try #require(png.starts(with: [0x89, 0x50, 0x4E, 0x47]) && png.count > 5_000, "a real screenshot")
                let width = png[16..<20].reduce(0) { $0 << 8 | Int($1) }
                #expect(width == 360)
            }
            if let keep = ProcessInfo.processInfo.environment["HOMEROOM_KEEP_SCREENSHOTS"] {
                for page in check.pages {
                    let target = URL(fileURLWithPath: keep).appendingPathComponent(
                        URL(fileURLWithPath: page.screenshot).lastPathComponent)
                    try? FileManager.default.removeItem(at: target)
                    try FileManager.default.copyItem(atPath: page.screenshot, toPath: target.path)
                }
            }
        }
    }
}
