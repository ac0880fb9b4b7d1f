import Testing

@testable import HomeroomTexts

/// Answers cut into text pages: never over the segment limit, every page but the last ending
/// with the caller's note for the pages still to come, nothing lost or split inside a character.
@Suite struct TextPagesTests {
    static func more(_ remaining: Int) -> String { "Reply MORE for the rest (\(remaining) more)" }

    /// Checks the pages against `lines` and returns their contents (the pages without notes).
    @discardableResult
    static func checkPages(
        _ pages: TextPages, of lines: [String], maxSegments: Int = 3,
        note: (Int) -> String = TextPagesTests.more, sourceLocation: SourceLocation = #_sourceLocation
    ) -> [String] {
        checkPages(pages.pages, of: lines, maxSegments: maxSegments, note: note, sourceLocation: sourceLocation)
    }

    /// Checks `pages` against `lines` and returns their contents (the pages without notes).
    @discardableResult
    static func checkPages(
        _ pages: [String], of lines: [String], maxSegments: Int = 3,
        note: (Int) -> String = TextPagesTests.more, sourceLocation: SourceLocation = #_sourceLocation
    ) -> [String] {
        var contents: [String] = []
        for (index, page) in pages.enumerated() {
            #expect(
                SegmentCount(of: page).segments <= maxSegments, "page \(index): \(page)", sourceLocation: sourceLocation
            )
            if index < pages.count - 1 {
                let suffix = "\n" + note(pages.count - 1 - index)
                #expect(page.hasSuffix(suffix), "page \(index) lacks its note: \(page)", sourceLocation: sourceLocation)
                contents.append(String(page.dropLast(suffix.count)))
            } else {
                contents.append(page)
            }
            #expect(!contents[index].isEmpty, "page \(index) is only a note", sourceLocation: sourceLocation)
        }
        let withoutSpaces = { (text: String) in text.filter { !$0.isWhitespace } }
        #expect(
            withoutSpaces(contents.joined()) == withoutSpaces(lines.joined()), "text lost or changed",
            sourceLocation: sourceLocation)
        return contents
    }

    @Test func aShortAnswerIsOnePageWithoutANote() {
        let lines = ["Lunch today:", "Pizza {veggie}", "Salad"]
        let pages = TextPages(lines: lines, note: Self.more)
        #expect(pages.pages == ["Lunch today:\nPizza {veggie}\nSalad"])
    }

    @Test func anEmptyAnswerHasNoPages() {
        #expect(TextPages(lines: [], note: Self.more).pages.isEmpty)
        #expect(TextPages(lines: [""], note: Self.more).pages.isEmpty)
        #expect(TextPages(lines: ["  ", "\n", ""], note: Self.more).pages.isEmpty)
    }

    @Test func longGSM7AnswersAreCutAtLineBreaksWithCountedNotes() {
        let lines = (1...60).map { "Line \($0): pizza, salad and a drink of your choice" }
        let pages = TextPages(lines: lines, note: Self.more)
        #expect(pages.pages.count > 1)
        let contents = Self.checkPages(pages, of: lines)
        for content in contents {
            for line in content.split(separator: "\n") { #expect(lines.contains(String(line)), "\(line)") }
        }
        for page in pages.pages { #expect(SegmentCount(of: page).encoding == .gsm7) }
    }

    @Test func extensionCharactersAtPageBoundariesStayWithinTheLimit() {
        for offset in 0..<6 {
            let lines = [String(repeating: "a", count: offset) + String(repeating: "{€}", count: 400)]
            let pages = TextPages(lines: lines, maxSegments: 2, note: Self.more)
            #expect(pages.pages.count > 1)
            Self.checkPages(pages, of: lines, maxSegments: 2)
        }
    }

    @Test func wordsAreKeptWholeWhenALineIsTooLong() {
        let words = (1...300).map { "word\($0)" }
        let lines = [words.joined(separator: " ")]
        let pages = TextPages(lines: lines, note: Self.more)
        let contents = Self.checkPages(pages, of: lines)
        for content in contents {
            for word in content.split(separator: " ") { #expect(words.contains(String(word)), "\(word)") }
        }
    }

    @Test func chineseArabicAndVietnameseAnswersStayWithinTheLimit() {
        let answers = [
            [String(repeating: "今天的午餐是米饭和蔬菜。", count: 60)],
            Array(repeating: "وجبة الغداء اليوم هي الأرز والخضروات", count: 40),
            Array(repeating: "Bữa trưa hôm nay là cơm và rau", count: 40),
        ]
        for lines in answers {
            let pages = TextPages(lines: lines, note: Self.more)
            #expect(pages.pages.count > 1)
            Self.checkPages(pages, of: lines)
            #expect(SegmentCount(of: pages.pages[0]).encoding == .ucs2)
        }
    }

    @Test func emojiAndFamiliesAreNeverSplit() {
        let family = "👨‍👩‍👧‍👦"
        let lines = [String(repeating: "🍕" + family + "👍🏽", count: 200)]
        let pages = TextPages(lines: lines, maxSegments: 1, note: Self.more)
        let contents = Self.checkPages(pages, of: lines, maxSegments: 1)
        let families = contents.map { $0.filter { $0 == Character(family) }.count }.reduce(0, +)
        #expect(families == 200)
    }

    @Test func aSingleLongWordIsCutAnywhere() {
        let lines = [String(repeating: "x", count: 2000)]
        let pages = TextPages(lines: lines, note: Self.more)
        let contents = Self.checkPages(pages, of: lines)
        #expect(contents.map(\.count).reduce(0, +) == 2000)
        #expect(pages.pages.count == 5)
    }

    @Test func aVietnameseNoteMakesItsPageUCS2AndShorter() {
        let lines = (1...40).map { "Line \($0): pizza and salad" }
        let vietnamese = { (remaining: Int) in "Trả lời THÊM để xem tiếp (còn \(remaining) trang)" }
        let english = TextPages(lines: lines, note: Self.more)
        let translated = TextPages(lines: lines, note: vietnamese)
        let englishContents = Self.checkPages(english, of: lines)
        let translatedContents = Self.checkPages(translated, of: lines, note: vietnamese)
        #expect(SegmentCount(of: english.pages[0]).encoding == .gsm7)
        #expect(SegmentCount(of: translated.pages[0]).encoding == .ucs2)
        #expect(translatedContents[0].count < englishContents[0].count)
        #expect(translated.pages.count > english.pages.count)
    }

    @Test func aFixedNoteIsAddedToEveryPageButTheLast() {
        let lines = (1...30).map { "Item \($0) of the lunch menu" }
        let pages = TextPages(lines: lines, maxSegments: 1, note: "Reply MORE")
        #expect(pages.pages.count > 2)
        Self.checkPages(pages, of: lines, maxSegments: 1, note: { _ in "Reply MORE" })
        #expect(pages.pages.last?.hasSuffix("Reply MORE") == false)
    }

    @Test func notesThatGrowWithTheCountStillFitAndCountRight() {
        let lines = [String(repeating: "lunch is served ", count: 200)]
        let growing = { (remaining: Int) in "MORE " + String(repeating: "+", count: remaining) }
        Self.checkPages(
            TextPages(lines: lines, maxSegments: 1, note: growing), of: lines, maxSegments: 1, note: growing)
        let flipping = { (remaining: Int) in
            remaining.isMultiple(of: 2) ? "more" : "còn \(remaining) trang nữa, trả lời THÊM"
        }
        Self.checkPages(
            TextPages(lines: lines, maxSegments: 1, note: flipping), of: lines, maxSegments: 1, note: flipping)
    }

    @Test func aNoteThatLengthensPastACountStillFitsAndCountsRight() {
        let lines = [String(repeating: "lunch is served ", count: 200)]
        for threshold in [2, 10, 20] {
            let note = { (remaining: Int) in
                remaining >= threshold ? "còn \(remaining) trang nữa, trả lời THÊM" : "more"
            }
            let pages = TextPages(lines: lines, maxSegments: 1, note: note)
            #expect(pages.pages.count > 21)
            Self.checkPages(pages, of: lines, maxSegments: 1, note: note)
        }
    }

    @Test func cuttingBackToFrontGivesEachPageItsExactNote() {
        let lines = (1...80).map { "Line \($0): rice and vegetables" }
        let note = { (remaining: Int) in remaining >= 5 ? "còn \(remaining) trang nữa" : "more" }
        var cutter = PageCutter(
            pieces: PageCutter.pieces(of: lines, maxScalars: TextPages.maxInputScalars), maxSegments: 2, makeNote: note)
        let pages = cutter.render(cutter.cutBackToFront())
        #expect(pages.count > 5)
        let contents = Self.checkPages(pages, of: lines, maxSegments: 2, note: note)
        let words = Set(lines.flatMap { $0.split(separator: " ") })
        for content in contents {
            for word in content.split(whereSeparator: \.isWhitespace) { #expect(words.contains(word), "\(word)") }
        }
    }

    @Test func anOversizedNoteIsShortenedSoEveryPageCarriesTheAnswer() {
        let lines = (1...40).map { "Line \($0)" }
        let pages = TextPages(lines: lines, maxSegments: 1, note: { _ in String(repeating: "Ω", count: 5000) })
        #expect(pages.pages.count > 1)
        for page in pages.pages {
            #expect(SegmentCount(of: page).segments == 1)
            #expect(page.hasPrefix("Line "))
        }
    }

    @Test func segmentLimitsAreClamped() {
        let lines = [String(repeating: "a", count: 2000)]
        for page in TextPages(lines: lines, maxSegments: 0, note: "MORE").pages {
            #expect(SegmentCount(of: page).segments == 1)
        }
        let large = TextPages(lines: lines, maxSegments: 50, note: "MORE")
        #expect(large.pages.count == 2)
        for page in large.pages { #expect(SegmentCount(of: page).segments <= 10) }
    }

    @Test func inputBeyondTheBoundIsDropped() {
        let lines = Array(repeating: String(repeating: "b", count: 999), count: 30)
        let pages = TextPages(lines: lines, maxSegments: 10, note: "MORE")
        let content = pages.pages.map { $0.filter { $0 == "b" }.count }.reduce(0, +)
        #expect(content <= TextPages.maxInputScalars)
        #expect(content >= TextPages.maxInputScalars - 30)
    }

    @Test func aHugeGraphemeClusterIsCutBetweenScalars() {
        let lines = ["a" + String(repeating: "\u{301}", count: 500)]
        let pages = TextPages(lines: lines, maxSegments: 1, note: "MORE")
        #expect(pages.pages.count > 1)
        for page in pages.pages { #expect(SegmentCount(of: page).segments == 1) }
        let scalars = pages.pages.map { $0.unicodeScalars.filter { $0 == "\u{301}" }.count }.reduce(0, +)
        #expect(scalars == 500)
    }
}
