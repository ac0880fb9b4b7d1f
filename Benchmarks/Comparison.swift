import Foundation

/// `HomeroomBenchmarks --compare BEFORE AFTER`: two files of `--json` lines (from two commits, or
/// two machines), figure by figure: both values, the change, and both ratios to their floors,
/// which are what compare across machines.
func compareRuns(before: String, after: String) throws {
    func figures(in path: String) throws -> [Figure] {
        let decoder = JSONDecoder()
        return try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").compactMap { line in
            // A figure that could not be measured has a null value: it is left out.
            line.first == "{" ? try? decoder.decode(Figure.self, from: Data(line.utf8)) : nil
        }
    }
    let old = try figures(in: before)
    let new = try figures(in: after)
    let oldByName = Dictionary(old.map { ($0.name, $0) }, uniquingKeysWith: { _, last in last })
    let names = old.map(\.name) + new.map(\.name).filter { oldByName[$0] == nil }
    let newByName = Dictionary(new.map { ($0.name, $0) }, uniquingKeysWith: { _, last in last })
    func column(_ text: String, _ width: Int) -> String { text.padding(toLength: max(width, text.count), withPad: " ", startingAt: 0) }
    print(column("figure", 36) + column("unit", 7) + column("before", 10) + column("after", 10) + column("change", 9)
        + column("ratio before", 14) + "ratio after")
    var seen = Set<String>()
    for name in names where seen.insert(name).inserted {
        let a = oldByName[name]
        let b = newByName[name]
        let change = a.flatMap { a in b.map { b in a.value != 0 ? String(format: "%+.0f%%", 100 * (b.value / a.value - 1)) : "" } } ?? ""
        print(
            column(name, 36) + column((b ?? a)?.unit ?? "", 7) + column(a.map { Figure.format($0.value) } ?? "—", 10)
                + column(b.map { Figure.format($0.value) } ?? "—", 10) + column(change, 9)
                + column(a?.ratio.map(Figure.format) ?? "—", 14) + (b?.ratio.map(Figure.format) ?? "—")
                + (b?.met == false ? "   goal NOT MET" : ""))
    }
}
