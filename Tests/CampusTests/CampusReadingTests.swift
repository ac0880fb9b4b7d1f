import Campus
import JSONReading
import Testing

/// The quick paths of reading a campus file give what the general ones give.
@Suite struct CampusReadingTests {
    /// Numbers read from their digits agree with reading the text as a `Double`, whether they take
    /// the exact path (up to 15 digits, no exponent) or not.
    @Test(arguments: [
        "0", "-0", "7", "-12", "0.1", "0.3", "12.5", "-3.75", "1.05", "4999.99", "0.000001", "123456789012345",
        "12345678901234.5", "1234567890123456", "0.1234567890123456", "9007199254740993", "1e2", "2.5E-3", "-1e+300",
        "1e400", "5000.000000000001",
    ])
    func aNumberReadsAsItsText(text: String) throws {
        let json = try LocatedJSON.parse(Array(text.utf8), limits: JSONLimits())
        guard case .number(let number) = json.value else {
            Issue.record("\(text) did not read as a number")
            return
        }
        let expected = try #require(Double(text))
        #expect(number == expected && number.sign == expected.sign, "\(text) read as \(number)")
    }

    /// Strings without escapes are taken whole; with escapes, piece by piece: the same text.
    @Test func stringsWithAndWithoutEscapesRead() throws {
        let text = #"["Café B-201", "Caf\u00e9 B-201", "a\"b\\c", "\ud83c\udf4e", ""]"#
        let json = try LocatedJSON.parse(Array(text.utf8), limits: JSONLimits())
        guard case .array(let elements) = json.value else {
            Issue.record("not a list")
            return
        }
        let texts = elements.map { element -> String? in
            if case .string(let text) = element.value { text } else { nil }
        }
        #expect(texts == ["Café B-201", "Café B-201", "a\"b\\c", "🍎", ""])
    }

    /// Lookup keys keep letters and digits of any script, upper-cased; ASCII names take a quicker path.
    @Test func lookupKeysKeepLettersAndDigits() {
        #expect(Campus.key("b-201") == "B201")
        #expect(Campus.key("  chem lab #2 ") == "CHEMLAB2")
        #expect(Campus.key("Café 1") == "CAFÉ1")
        #expect(Campus.key("Straße-3") == "STRASSE3")
        #expect(Campus.key("-_.") == "")
        #expect(Campus.key("b-201"[...]) == "B201")
    }

}
