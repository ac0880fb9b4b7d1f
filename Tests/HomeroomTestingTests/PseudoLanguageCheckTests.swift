import HomeroomCore
import HomeroomTesting
import Testing

/// What the pseudo-language check finds in an answer line: English that skipped the catalogs, and
/// sentences glued from pieces.
@Suite struct PseudoLanguageCheckTests {
    @Test(arguments: [
        "⟦Ĺüñçĥ ƒöŕ ⟪Monday⟫:···⟧",
        "⟦Ĺüñçĥ ⟪Mon⟫: ⟧⟪Chicken tacos⟫ · ⟪Green beans⟫",
        "⟦Šþéçíàĺš:···⟧ ⟪Tacos⟫, ⟪Pizza⟫",
        "⟦ƒŕíéš·⟧ · ⟦ñö šçĥööĺ···⟧ | ⟦À⟧",
        "⟪⟦ñéšţéđ⟧ and ⟪values⟫⟫ — 12:05 · 3/4 · 🎉",
        "⟦Ĺüñçĥ — ⟧ ⟦ñéẋţ⟧",
    ])
    func aLineSaidThroughCatalogsPasses(line: String) {
        #expect(PseudoLanguageCheck.problem(in: line) == nil)
    }

    @Test(arguments: [
        ("Lunch for ⟪Monday⟫", "English outside the catalogs"),
        ("⟦Ĺüñçĥ·⟧ (more: /more)", "English outside the catalogs"),
        ("⟦Ĺüñçĥ·⟧ ⟦ƒöŕ·⟧ ⟪Monday⟫", "two sentences glued side by side"),
        ("⟦Ĺüñçĥ·⟧⟦ƒöŕ·⟧", "two sentences glued side by side"),
        ("⟪x⟫ not wrapped", "English outside the catalogs"),
        ("時間 ⟦ƒöŕ·⟧", "English outside the catalogs"),
    ])
    func englishOrGluedPiecesAreFound(line: String, problem: String) throws {
        let found = try #require(PseudoLanguageCheck.problem(in: line))
        #expect(found.hasPrefix(problem), "\(found)")
    }
}
