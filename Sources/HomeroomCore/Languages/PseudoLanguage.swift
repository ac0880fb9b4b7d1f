/// The pseudo-language's sentences: English lengthened by about a third, its letters accented and
/// the whole bracketed, placeholders kept (`⟦Ĺüñçĥ ƒöŕ {date}:···⟧`). Text a reader sees that
/// is neither bracketed nor a marked value skipped the catalogs.
enum PseudoLanguage {
    /// Where a pseudo sentence starts and ends.
    static let open: Character = "⟦"
    static let close: Character = "⟧"

    /// The pseudo form of the catalog sentence `english`.
    static func render(_ english: String) -> String {
        var result = String(open)
        var inPlaceholder = false
        var letters = 0
        for character in english {
            if character == "{" { inPlaceholder = true }
            if !inPlaceholder, let accented = accents[character] {
                result.append(accented)
                letters += 1
            } else {
                result.append(character)
            }
            if character == "}" { inPlaceholder = false }
        }
        result += String(repeating: "·", count: (letters + 2) / 3)
        result.append(close)
        return result
    }

    private static let accents: [Character: Character] = {
        let plain = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
        let accented = Array("àƀçđéƒĝĥíĵķĺɱñöƥǫŕšţüṽŵẋýžÀƁÇĐÉƑĜĤÍĴĶĹṀÑÖƤǪŔŠŢÜṼŴẊÝŽ")
        return Dictionary(uniqueKeysWithValues: zip(plain, accented))
    }()
}
