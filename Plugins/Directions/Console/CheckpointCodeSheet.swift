import Campus
import HomeroomCore
import QRCodes

/// The checkpoints' QR codes as the console shows them: every code on one sheet to print, or one
/// code alone and large. Each encodes the address `homeroom qr` puts in it.
struct CheckpointCodeSheet {
    /// Pixels a module of a code on the sheet.
    static let sheetModuleSize = 10
    /// Pixels a module of a code shown alone.
    static let largeModuleSize = 24

    /// The imported campus.
    let campus: Campus
    /// The reader's words.
    let words: Words
    /// The address a checkpoint's code opens: ``DirectionsPlugin/pageAddress(of:)``.
    let address: (String) -> String

    /// What the sheet is for, the code of every checkpoint that has one, and links to each code alone.
    func everyCode() throws -> ConsoleView {
        let checkpoints = campus.checkpoints.filter(\.hasCode)
        return ConsoleView([
            .paragraph(
                words(
                    "Print this sheet and put each code on the wall at its checkpoint: a phone that scans it opens the directions from there."
                )),
            .codes(try checkpoints.map { try code(of: $0, moduleSize: Self.sheetModuleSize) }),
            .paragraph(words("To print one code again, choose its checkpoint:")),
            .links(checkpoints.map { ConsoleLink($0.id, to: "campus?checkpoint=\($0.id)") }),
        ])
    }

    /// The code of checkpoint `id` alone, or a line saying the map has no such checkpoint.
    func oneCode(_ id: String) throws -> ConsoleView {
        let back = ConsoleLink(words("Every checkpoint's code"), to: "campus")
        guard let index = campus.checkpoint(named: id) else {
            return ConsoleView([
                .paragraph(words("There is no checkpoint {checkpoint} on the campus map.", ["checkpoint": id])),
                .links([back]),
            ])
        }
        return ConsoleView([
            .codes([try code(of: campus.checkpoints[index], moduleSize: Self.largeModuleSize)]), .links([back]),
        ])
    }

    /// The checkpoint's code, labelled with its id and where it is; the label is printed by the
    /// console, so the picture carries none.
    private func code(of checkpoint: Checkpoint, moduleSize: Int) throws -> ConsoleCode {
        let content = address(checkpoint.id)
        return ConsoleCode(
            label: words(
                "{checkpoint} — {place}", ["checkpoint": checkpoint.id, "place": words.content(checkpoint.name)]),
            content: content, svg: try PrintableCode(encoding: content, label: "").svg(moduleSize: moduleSize))
    }
}
