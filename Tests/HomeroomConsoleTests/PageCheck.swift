import Foundation
import Testing

/// What every page of the console must pass in the browser, looked at as a scenario goes: at a
/// desk's 1280×800 and a phone's 360×740, a screenshot of each, nothing sticking out sideways on
/// the phone, and axe-core finding nothing serious or critical at either size.
struct PageCheck {
    /// A window size the pages are looked at in.
    struct Size {
        let width: Int
        let height: Int
        /// True to emulate a phone: touch, and the page's viewport meta tag.
        let mobile: Bool
    }

    static let desk = Size(width: 1280, height: 800, mobile: false)
    static let phone = Size(width: 360, height: 740, mobile: true)
    /// The hallway's screen.
    static let wall = Size(width: 1920, height: 1080, mobile: false)

    /// Where the screenshots are written.
    let folder: URL
    /// The pages looked at, in order.
    private(set) var pages: [String] = []

    /// Adds to `scenario` the steps that look at the page open now, named `page` (a file name):
    /// at each size a snapshot with a screenshot and an axe run, then back to the first size.
    mutating func look(at page: String, in scenario: inout BrowserScenario, sizes: [Size] = [desk, phone]) {
        pages.append(page)
        for size in sizes {
            scenario.setViewport(width: size.width, height: size.height, mobile: size.mobile)
            scenario.snapshot(name: Self.snapshot(page, size), screenshot: screenshot(page, size).path)
            scenario.eval(Self.stickingOut(size), name: Self.wide(page, size))
            if BrowserScenario.axeScript != nil { scenario.axe(name: Self.axe(page, size)) }
        }
        scenario.setViewport(width: sizes[0].width, height: sizes[0].height, mobile: sizes[0].mobile)
    }

    /// The first elements past the right edge of a window `size` wide, tag, class and right edge
    /// each, but for what a scroll region clips (the static content of a `.table-scroll`).
    private static func stickingOut(_ size: Size) -> String {
        """
        Array.from(document.querySelectorAll('body *')).filter(e => e.getBoundingClientRect().right > \(size.width) \
        && !(e.closest('.table-scroll') && getComputedStyle(e).position === 'static')).slice(0, 5) \
        .map(e => e.tagName.toLowerCase() + (e.className ? '.' + e.className : '') + ' to ' \
        + Math.round(e.getBoundingClientRect().right) + ' px').join(', ')
        """
    }

    /// Checks what the steps `look(at:in:)` added recorded in `outcome`, copies the screenshots
    /// to `HOMEROOM_KEEP_SCREENSHOTS` when it names a folder, and returns the axe findings below
    /// serious, one line each, for the report.
    func verify(_ outcome: BrowserOutcome, sizes: [Size] = [desk, phone]) throws -> [String] {
        var minor: [String] = []
        let keep = ProcessInfo.processInfo.environment["HOMEROOM_KEEP_SCREENSHOTS"]
        for page in pages {
            for size in sizes {
                let snapshot = try #require(outcome.step(Self.snapshot(page, size)), "\(page) at \(size.width)")
                #expect(snapshot.status == 200, "\(page) answered \(snapshot.status ?? 0)")
                #expect(snapshot.viewportWidth == size.width, "\(page): the viewport is \(snapshot.viewportWidth ?? 0)")
                #expect(
                    (snapshot.scrollWidth ?? .max) <= size.width,
                    """
                    \(page) at \(size.width) px is \(snapshot.scrollWidth ?? 0) px wide; sticking out: \
                    \(outcome.step(Self.wide(page, size))?.value?.string ?? "?")
                    """)
                let png = try Data(contentsOf: screenshot(page, size))
                try #require(png.starts(with: [0x89, 0x50, 0x4E, 0x47]) && png.count > 2_000, "a real screenshot")
                #expect(png[16..<20].reduce(0) { $0 << 8 | Int($1) } == size.width)
                if let keep {
                    let target = URL(fileURLWithPath: keep).appendingPathComponent(
                        screenshot(page, size).lastPathComponent)
                    try FileManager.default.createDirectory(
                        at: URL(fileURLWithPath: keep), withIntermediateDirectories: true)
                    try? FileManager.default.removeItem(at: target)
                    try FileManager.default.copyItem(at: screenshot(page, size), to: target)
                }
                guard BrowserScenario.axeScript != nil else { continue }
                let violations = try #require(outcome.step(Self.axe(page, size))?.violations)
                for violation in violations where violation.isSerious {
                    Issue.record("\(page) at \(size.width) px: \(violation.summary)")
                }
                minor += violations.filter { !$0.isSerious }.map { "\(page) at \(size.width) px: \($0.summary)" }
            }
        }
        return minor
    }

    /// The screenshot of `page` at `size`.
    func screenshot(_ page: String, _ size: Size) -> URL {
        folder.appendingPathComponent("console-\(page)-\(size.width)x\(size.height).png")
    }

    private static func snapshot(_ page: String, _ size: Size) -> String { "\(page) at \(size.width)" }
    private static func wide(_ page: String, _ size: Size) -> String { "\(page) wide at \(size.width)" }
    private static func axe(_ page: String, _ size: Size) -> String { "\(page) axe at \(size.width)" }
}
