/// A course of the catalog: what a grade can take in a block.
package struct Course: Sendable, Equatable {
    var grade: String
    var block: Int
    var name: String
    var teacher: String
    var room: String

    /// How courses are matched: case and spacing do not matter.
    static func key(_ name: String) -> String {
        name.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
    }
}
