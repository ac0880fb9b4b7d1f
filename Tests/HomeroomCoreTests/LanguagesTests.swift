import CivilDates
import HomeroomCore
import Testing

/// Languages, their plural rules, the PO catalogs, and how `Words` fills sentences for each reader.
@Suite struct LanguagesTests {
    @Test(arguments: [
        ("es", "es"), ("ES", "es"), ("es-MX", "es"), ("es_US", "es"), ("Spanish", "es"), ("español", "es"),
        ("espanol", "es"), ("zh", "zh-Hans"), ("zh-Hans-CN", "zh-Hans"), ("中文", "zh-Hans"), ("chinese", "zh-Hans"),
        ("vi", "vi"), ("Tiếng Việt", "vi"), ("ar", "ar"), ("العربية", "ar"), ("arabic", "ar"), ("en-GB", "en"),
    ])
    func aLanguageIsFoundByCodeOrName(typed: String, code: String) {
        #expect(Language(typed)?.code == code)
    }

    @Test(arguments: ["klingon", "", "e", "fr", "qps-ploc", "zz-Hans"])
    func otherNamesAreNoLanguage(typed: String) {
        #expect(Language(typed) == nil)
    }

    @Test func acceptLanguagePicksTheHighestWeightedShippedLanguage() {
        #expect(Language.preferred(in: "fr-CA,fr;q=0.9,es;q=0.8,en;q=0.7") == .spanish)
        #expect(Language.preferred(in: "en;q=0.2, ar") == .arabic)
        #expect(Language.preferred(in: "vi;q=0.5, zh-CN;q=0.5") == .vietnamese)
        #expect(Language.preferred(in: "es;q=0, en;q=0.1") == .english)
        #expect(Language.preferred(in: "de, fr") == nil)
        #expect(Language.preferred(in: "es;q=nonsense;q=7") == nil)
    }

    @Test func arabicHasSixPluralForms() {
        let forms = [0, 1, 2, 3, 10, 11, 99, 100, 101, 102, 103, 111, 1000].map(PluralRule.arabic.form(for:))
        #expect(forms == [0, 1, 2, 3, 3, 4, 4, 5, 5, 5, 3, 4, 5])
        #expect(PluralRule.oneOther.form(for: 1) == 0)
        #expect(PluralRule.oneOther.form(for: 0) == 1)
        #expect(PluralRule.single.form(for: 7) == 0)
        #expect(PluralRule.oneOther.form(for: Int.min) == 1)
    }

    @Test func aCatalogReadsContextsPluralsEscapesAndSkipsFuzzyAndEmptyEntries() throws {
        let catalog = try TranslationCatalog(
            parsing: #"""
                # Spanish
                msgid ""
                msgstr ""
                "Language: es\n"
                "Plural-Forms: nplurals=2; plural=(n != 1);\n"

                #: Plugins/Lunch/LunchPlugin+show.swift:1
                #, python-brace-format
                msgid "Lunch for {date}:"
                msgstr "Almuerzo del {date}:"

                msgctxt "door"
                msgid "Open"
                msgstr "Abierta"

                msgid "{count} story"
                msgid_plural "{count} stories"
                msgstr[0] "{count} noticia"
                msgstr[1] "{count} "
                "noticias"

                #, fuzzy
                msgid "Fries: yes"
                msgstr "Papas: sí"

                msgid "Fries: no"
                msgstr ""

                msgid "a \"quoted\"\tword\\"
                msgstr "una palabra \"citada\"\t\\"
                """#)
        #expect(catalog.language == "es")
        #expect(catalog.pluralForms == "nplurals=2; plural=(n != 1);")
        #expect(catalog.entry("Lunch for {date}:")?.forms == ["Almuerzo del {date}:"])
        #expect(catalog.entry(TranslationCatalog.key("Open", context: "door"))?.forms == ["Abierta"])
        #expect(catalog.entry("Open") == nil)
        #expect(catalog.entry("{count} story")?.forms == ["{count} noticia", "{count} noticias"])
        #expect(catalog.entry("{count} story")?.englishPlural == "{count} stories")
        #expect(catalog.entry("Fries: yes") == nil)
        #expect(catalog.entry("Fries: no") == nil)
        #expect(catalog.entry("a \"quoted\"\tword\\")?.forms == ["una palabra \"citada\"\t\\"])
        #expect(catalog.allEntries.count == 6)
    }

    @Test(arguments: [
        ("msgstr \"x\"", 1, "msgstr before msgid"),
        ("msgid \"a\"\nmsgstr \"b", 2, "a string must be in double quotes"),
        ("msgid \"a\"\nmsgstr \"b\\q\"", 2, "unknown escape \\q"),
        ("\"loose\"", 1, "a quoted line that continues nothing"),
        ("msgid \"a\"\nmsgstr[9] \"b\"", 2, "unknown keyword msgstr[9]"),
        ("msgid \"a\"\nmsgstr[1] \"b\"", 2, "plural forms must be numbered from 0 without gaps"),
        ("msgid \"a\"\nmsgstr \"say \"hi\"\"", 2, "a quote inside a string must be written \\\""),
        ("msgid", 1, "a keyword without a quoted string"),
    ])
    func aBrokenCatalogNamesItsLineAndProblem(text: String, line: Int, problem: String) {
        #expect(throws: TranslationCatalog.ReadError(line: line, problem: problem)) {
            try TranslationCatalog(parsing: text)
        }
    }

    @Test func aCatalogThatCannotBeReadLeavesItsLanguageEnglish() {
        let phrasebook = Phrasebook(
            "Broken", files: ["es": "msgid \"Hello\"\nmsgstr \"Hola", "vi": "msgid \"Hello\"\nmsgstr \"Xin chào\""])
        #expect(Words(phrasebook, .spanish)("Hello") == "Hello")
        #expect(phrasebook.problem(in: .spanish)?.line == 2)
        #expect(Words(phrasebook, .vietnamese)("Hello") == "Xin chào")
        #expect(phrasebook.problem(in: .vietnamese) == nil)
    }

    static let phrasebook = Phrasebook(
        "Test",
        files: [
            "es": """
            msgid "Lunch for {date}:"
            msgstr "Almuerzo del {date}:"

            msgid "{count} story"
            msgid_plural "{count} stories"
            msgstr[0] "{count} noticia"
            msgstr[1] "{count} noticias"
            """,
            "ar": """
            msgid "Room {room} is on the {floor} floor."
            msgstr "الغرفة {room} في الطابق {floor}."

            msgid "{count} story"
            msgid_plural "{count} stories"
            msgstr[0] "لا أخبار"
            msgstr[1] "خبر واحد"
            msgstr[2] "خبران"
            msgstr[3] "{count} أخبار"
            msgstr[4] "{count} خبرًا"
            msgstr[5] "{count} خبر"
            """,
        ])

    @Test func wordsTranslateFillAndCount() {
        let spanish = Words(Self.phrasebook, .spanish)
        #expect(
            spanish("Lunch for {date}:", ["date": spanish.date(LocalDate(year: 2026, month: 12, day: 7)!)])
                == "Almuerzo del lunes, 7 de diciembre:")
        #expect(spanish.plural("{count} story", "{count} stories", count: 1) == "1 noticia")
        #expect(spanish.plural("{count} story", "{count} stories", count: 1200) == "1,200 noticias")
        #expect(spanish("Not translated {x}", ["x": "y"]) == "Not translated y")
        let english = Words(Self.phrasebook, .english)
        #expect(english.plural("{count} story", "{count} stories", count: 1) == "1 story")
        #expect(english.plural("{count} story", "{count} stories", count: 2) == "2 stories")
        #expect(english("{unknown} stays", [:]) == "{unknown} stays")
    }

    @Test func arabicIsolatesEveryValueAndCountsInSixForms() {
        let arabic = Words(Self.phrasebook, .arabic)
        #expect(
            arabic("Room {room} is on the {floor} floor.", ["room": "B-201", "floor": "2"])
                == "الغرفة \u{2068}B-201\u{2069} في الطابق \u{2068}2\u{2069}.")
        #expect(arabic.plural("{count} story", "{count} stories", count: 2) == "خبران")
        #expect(arabic.plural("{count} story", "{count} stories", count: 5) == "\u{2068}5\u{2069} أخبار")
        #expect(arabic.plural("{count} story", "{count} stories", count: 11) == "\u{2068}11\u{2069} خبرًا")
    }

    @Test func thePseudoLanguageBracketsSentencesAndMarksValues() {
        let pseudo = Words(Self.phrasebook, .pseudo)
        #expect(pseudo("Lunch for {date}:", ["date": "Mon"]) == "⟦Ĺüñçĥ ƒöŕ ⟪Mon⟫:···⟧")
        #expect(pseudo.items(["Tacos", "Salad"]) == "⟪Tacos⟫, ⟪Salad⟫")
    }

    @Test func datesTimesNumbersAndListsFollowTheLocale() {
        let day = LocalDate(year: 2026, month: 12, day: 7)!
        let expected: [(Language, String, String, String, String)] = [
            (.english, "Monday, December 7", "8:05", "1,234", "a, b, and c"),
            (.spanish, "lunes, 7 de diciembre", "8:05\u{202F}a.m.", "1,234", "a, b y c"),
            (.chinese, "12月7日 星期一", "08:05", "1,234", "a、b和c"),
            (.vietnamese, "Thứ Hai, 7 tháng 12", "08:05", "1.234", "a, b và c"),
        ]
        for (language, date, time, number, list) in expected {
            let words = Words(.untranslated, language)
            #expect(words.date(day) == date, "\(language)")
            #expect(words.time(hour: 8, minute: 5) == time, "\(language)")
            #expect(words.number(1234) == number, "\(language)")
            #expect(words.list(["a", "b", "c"]) == list, "\(language)")
        }
        let arabic = Words(.untranslated, .arabic)
        #expect(arabic.date(day).contains("ديسمبر"))
        #expect(arabic.list(["a", "b"]).contains("\u{2068}a\u{2069}"))
    }
}
