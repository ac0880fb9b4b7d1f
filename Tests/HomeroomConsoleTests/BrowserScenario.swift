import Foundation
import HomeroomRuntime
import HomeroomTestbed

/// What a person does in a browser, for `Scripts/chromium-scenario.py` to play in headless
/// Chromium: one browser with one profile for the whole scenario, so the session cookie set at
/// sign-in lasts from step to step. Each method adds a step (its docstring says what each does);
/// a step given a name is found in the outcome by it.
struct BrowserScenario {
    /// Where Debian installs Chromium; the browser tests run only where it is.
    static let chromium = "/usr/bin/chromium"
    /// True where the browser tests can run.
    static var isAvailable: Bool { ExternalProgram.isInstalled(chromium) }
    /// The script that plays the scenario.
    static let script = Corpus.packageRoot.appendingPathComponent("Scripts/chromium-scenario.py").path
    /// axe-core's `axe.min.js` (`HOMEROOM_AXE_SCRIPT`, which Scripts/test sets); nil when missing.
    static let axeScript = ProcessInfo.processInfo.environment["HOMEROOM_AXE_SCRIPT"].flatMap {
        FileManager.default.isReadableFile(atPath: $0) ? $0 : nil
    }

    /// The window's size at the start.
    var width = 1280
    var height = 800
    /// The steps, in order.
    private(set) var steps: [[String: JSONValue]] = []

    /// Adds a step doing `kind` with `fields`, named `name` when given.
    mutating func add(_ kind: String, _ fields: [String: JSONValue] = [:], name: String? = nil) {
        var step = fields
        step["do"] = .string(kind)
        if let name { step["name"] = .string(name) }
        steps.append(step)
    }

    /// Opens `url` and waits for it to load.
    mutating func goto(_ url: String, name: String? = nil) {
        add("goto", ["url": .string(url)], name: name)
    }

    /// Types `value` into the field `selector` finds (a select takes an option's value).
    mutating func fill(_ selector: String, _ value: String) {
        add("fill", ["selector": .string(selector), "value": .string(value)])
    }

    /// Chooses the file at `path` in the file input `selector` finds.
    mutating func upload(_ selector: String, _ path: String) {
        add("upload", ["selector": .string(selector), "path": .string(path)])
    }

    /// Clicks what `selector` finds; waits for the next page when it `navigates`.
    mutating func click(_ selector: String, navigates: Bool = true, name: String? = nil) {
        add("click", ["selector": .string(selector), "navigates": .bool(navigates)], name: name)
    }

    /// Presses `key` (Tab, Enter, Shift+Tab…) on whatever has the focus.
    mutating func press(_ key: String, navigates: Bool = false, name: String? = nil) {
        add("press", ["key": .string(key), "navigates": .bool(navigates)], name: name)
    }

    /// Waits up to `timeout` seconds until the page shows `text`.
    mutating func waitText(_ text: String, timeout: Double = 5, name: String? = nil) {
        add("waitText", ["text": .string(text), "timeout": .number(timeout)], name: name)
    }

    /// Records the page (its text, widths, status), with a screenshot at `screenshot` when given.
    mutating func snapshot(name: String, screenshot: String? = nil) {
        add("snapshot", screenshot.map { ["screenshot": .string($0)] } ?? [:], name: name)
    }

    /// Runs axe-core in the page.
    mutating func axe(name: String) {
        add("axe", name: name)
    }

    /// Records the value of a JavaScript `expression`.
    mutating func eval(_ expression: String, name: String) {
        add("eval", ["expression": .string(expression)], name: name)
    }

    /// Resizes the page; `mobile` also emulates a phone (touch, the viewport meta tag).
    mutating func setViewport(width: Int, height: Int, mobile: Bool = false) {
        add(
            "setViewport",
            ["width": .number(Double(width)), "height": .number(Double(height)), "mobile": .bool(mobile)])
    }

    /// Records the browser's cookies (never their values).
    mutating func cookies(name: String) {
        add("cookies", name: name)
    }

    /// Plays the scenario, its file kept in `folder`, and reads what the script printed.
    func play(in folder: URL) async throws -> BrowserOutcome {
        var scenario: [String: JSONValue] = [
            "width": .number(Double(width)), "height": .number(Double(height)),
            "steps": .array(steps.map(JSONValue.object)),
        ]
        if let axe = Self.axeScript { scenario["axe"] = .string(axe) }
        let file = folder.appendingPathComponent("scenario-\(UUID().uuidString).json")
        try JSONValue.object(scenario).encoded().write(to: file)
        let run = try await ExternalProgram.run("/usr/bin/python3", [Self.script, file.path])
        do {
            return try JSONDecoder().decode(BrowserOutcome.self, from: run.output)
        } catch {
            throw BrowserFailure("the scenario printed no outcome (status \(run.status)): \(run.errors) \(run.text)")
        }
    }
}

/// A browser run that could not be read.
struct BrowserFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
