import CivilDates
import HomeroomCore
import Testing

@Suite struct DateExpressionTests {
    /// A Saturday.
    let today = LocalDate(iso: "2026-11-21")!

    @Test(arguments: [
        ("today", "2026-11-21"), ("tomorrow", "2026-11-22"), ("yesterday", "2026-11-20"), ("Friday", "2026-11-27"),
        ("fri", "2026-11-27"), ("saturday", "2026-11-21"), ("next saturday", "2026-11-28"), ("monday", "2026-11-23"),
        ("2026-12-03", "2026-12-03"), ("12/3", "2026-12-03"), ("12/3/2026", "2026-12-03"), ("1/5", "2027-01-05"),
        ("dec 3", "2026-12-03"), ("3 December", "2026-12-03"), ("Dec. 3rd", "2026-12-03"), ("november 1", "2026-11-01"),
        ("jan 2", "2027-01-02"), ("thurs", "2026-11-26"),
    ])
    func readsDates(text: String, expected: String) throws {
        #expect(try DateExpression.parse(text, today: today).iso == expected)
    }

    @Test(arguments: ["", "someday", "2026-02-30", "13/1", "feb 30", "tomorrow tomorrow", "f", "12/3/x"])
    func rejectsWhatIsNotADate(text: String) {
        #expect(throws: DateExpression.Unreadable.self) { try DateExpression.parse(text, today: today) }
    }

    @Test func readsADateAtTheStartOfLongerText() {
        let words = ["friday", "specials", "tacos"]
        let parsed = DateExpression.parse(prefixOf: words[...], today: today)
        #expect(parsed?.date.iso == "2026-11-27")
        #expect(parsed?.wordCount == 1)
    }
}
