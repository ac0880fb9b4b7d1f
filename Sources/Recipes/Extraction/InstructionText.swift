/// The steps in a method given as one string: its lines, each with tags removed, or its HTML
/// paragraphs and list items when it is markup.
enum InstructionText {
    static func steps(_ text: String) -> [String] {
        let blocks = text.replacing(#/(?i)<\s*(br|/p|/li|/div|/h\d)\s*/?>/#, with: "\n")
        return blocks.split(whereSeparator: \.isNewline).map { SchemaText.normalize(String($0)) }.filter { !$0.isEmpty }
    }
}
