import Foundation

/// One measured figure: its value, the reference it is compared with in the same run (the floor),
/// their ratio, and the goal. `HomeroomBenchmarks --json` prints each as one JSON line, so that two
/// runs compare with `HomeroomBenchmarks --compare BEFORE AFTER`.
struct Figure: Codable {
    /// A stable dotted name, e.g. `feeds.parse`.
    var name: String
    var value: Double
    /// `MB/s`, `req/s`, `ms`, `µs` or `MB`.
    var unit: String
    /// The reference measured in the same run, in the same unit, when there is one.
    var floor: Double?
    var goal: FigureGoal?

    init(_ name: String, _ value: Double, _ unit: String, floor: Double? = nil, goal: FigureGoal? = nil) {
        self.name = name
        self.value = value
        self.unit = unit
        self.floor = floor
        self.goal = goal
    }

    /// `value / floor`, when there is a floor.
    var ratio: Double? { floor.flatMap { $0 > 0 ? value / $0 : nil } }

    /// Whether the goal is met, or nil without a goal.
    var met: Bool? { goal?.isMet(by: self) }
}

/// What a figure should reach: at least or below a value, and at least a ratio of its floor.
struct FigureGoal: Codable {
    var atLeast: Double?
    var below: Double?
    var ratioAtLeast: Double?
    /// At most this ratio of the floor: a cost that must not grow past it (a district beside one school).
    var ratioBelow: Double?

    static func atLeast(_ value: Double, ratio: Double? = nil) -> FigureGoal {
        FigureGoal(atLeast: value, ratioAtLeast: ratio)
    }
    static func below(_ value: Double) -> FigureGoal { FigureGoal(below: value) }
    static func ratioAtLeast(_ ratio: Double) -> FigureGoal { FigureGoal(ratioAtLeast: ratio) }
    static func ratioBelow(_ ratio: Double) -> FigureGoal { FigureGoal(ratioBelow: ratio) }

    func isMet(by figure: Figure) -> Bool {
        if let atLeast, !(figure.value >= atLeast) { return false }
        if let below, !(figure.value < below) { return false }
        if let ratioAtLeast, !((figure.ratio ?? -1) >= ratioAtLeast) { return false }
        if let ratioBelow, !((figure.ratio ?? .infinity) < ratioBelow) { return false }
        return true
    }

    /// The goal in words, e.g. `≥ 50 MB/s, ratio ≥ 0.45`.
    func description(unit: String) -> String {
        var parts: [String] = []
        if let atLeast { parts.append("≥ \(Figure.format(atLeast)) \(unit)") }
        if let below { parts.append("< \(Figure.format(below)) \(unit)") }
        if let ratioAtLeast { parts.append("ratio ≥ \(Figure.format(ratioAtLeast))") }
        if let ratioBelow { parts.append("ratio < \(Figure.format(ratioBelow))") }
        return parts.joined(separator: ", ")
    }
}

extension Figure {
    static func format(_ value: Double) -> String {
        guard value.isFinite else { return "n/a" }
        let magnitude = abs(value)
        return String(
            format: magnitude >= 100 ? "%.0f" : magnitude >= 10 ? "%.1f" : magnitude >= 1 ? "%.2f" : "%.3f", value)
    }

    /// One line for people: name, value and unit, the floor and ratio, and the goal.
    var textLine: String {
        var line =
            "  \(name.padding(toLength: max(name.count, 34), withPad: " ", startingAt: 0)) \(Figure.format(value)) \(unit)"
        if let floor, let ratio {
            line += "   floor \(Figure.format(floor)) \(unit), ratio \(Figure.format(ratio))"
        }
        if let goal, let met {
            line += "   goal \(goal.description(unit: unit))  \(met ? "met" : "NOT MET")"
        }
        return line
    }
}

extension Figure {
    private enum Key: String, CodingKey { case name, value, unit, floor, ratio, goal, met }

    /// Every key is written, `null` when absent, so each line has the same shape.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(name, forKey: .name)
        // A figure that could not be measured (NaN) is written as null, never dropped.
        func finite(_ number: Double?) -> Double? { number.flatMap { $0.isFinite ? $0 : nil } }
        try container.encode(finite(value), forKey: .value)
        try container.encode(unit, forKey: .unit)
        try container.encode(finite(floor), forKey: .floor)
        try container.encode(finite(ratio), forKey: .ratio)
        try container.encode(goal, forKey: .goal)
        try container.encode(met, forKey: .met)
    }
}

/// Where figures and commentary go: lines for people, or one JSON line per figure with `--json`.
enum Report {
    /// True when the run was started with `--json`.
    static let json = CommandLine.arguments.contains("--json")

    /// Prints a figure: a text line, or its JSON line.
    static func figure(_ figure: Figure) {
        guard json else { return print(figure.textLine) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(figure) else { return }
        print(String(decoding: data, as: UTF8.self))
    }

    /// Prints commentary (a heading, a reference, a warning) for people; nothing with `--json`.
    static func say(_ text: String) {
        if !json { print(text) }
    }
}
