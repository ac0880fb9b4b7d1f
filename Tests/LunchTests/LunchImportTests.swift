import CivilDates
import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomTesting
import Lunch
import Testing

@Suite struct LunchImportTests {
    func importMenus(_ text: String, named name: String, into bot: TestBot) async throws -> LunchImporter.Summary {
        try await LunchImporter.importMenus(
            Data(text.utf8), named: name, into: bot.runtime.storage(for: LunchPlugin.id), by: AuditEntry.commandLine,
            at: bot.clock.now)
    }

    @Test(arguments: TemporaryDatabase.availableBackends)
    func csvWithHeaderQuotesAndBlankLines(backend: DatabaseBackend) async throws {
        try await withLunchBot(backend: backend) { bot in
            let csv = """
                Date,Specials,Vegetables,Fries\r
                2026-11-23,"Chicken tacos; Veggie pizza","Green beans; Corn",yes\r
                \r
                11/24/2026,"Mac ""n"" cheese",Peas,no\r
                2026-11-25,,,\r

                """
            let summary = try await importMenus(csv, named: "menus.csv", into: bot)
            #expect(summary.menus == 2)
            #expect(summary.daysWithoutLunch == 1)
            #expect(summary.range == LocalDate(iso: "2026-11-23")!...LocalDate(iso: "2026-11-25")!)
            try await bot.expect(
                "/lunch", contains: "Specials: Chicken tacos, Veggie pizza", "Vegetables: Green beans, Corn",
                "Fries: yes")
            try await bot.expect("/lunch tomorrow", contains: #"Mac "n" cheese"#, "Fries: no")
            let audit = try await AuditLog.recent(1, in: bot.runtime.database)
            #expect(audit.first?.action == "lunch.import")
            #expect(audit.first?.actor == AuditEntry.commandLine)
        }
    }

    @Test func csvWithoutHeaderAndColumnsInAnotherOrder() throws {
        let plain = try LunchImporter.parse(Data("2026-11-23,Soup,Carrots,y\n".utf8), named: "a.csv")
        #expect(
            plain == [
                .init(
                    date: LocalDate(iso: "2026-11-23")!,
                    menu: LunchMenu(
                        date: LocalDate(iso: "2026-11-23")!, specials: ["Soup"], vegetables: ["Carrots"], fries: true))
            ])
        let reordered = try LunchImporter.parse(Data("fries,date,specials\nno,2026-11-23,Soup\n".utf8), named: "b.csv")
        #expect(reordered.first?.menu?.specials == ["Soup"])
        #expect(reordered.first?.menu?.fries == false)
    }

    @Test func badRowsAreReportedByLineAndNothingIsImported() async throws {
        try await withLunchBot { bot in
            try await bot.loginAsAdmin(admin)
            try await bot.expect("/lunch set specials Original", from: admin)
            let csv = """
                date,specials,vegetables,fries
                2026-11-23,Replaced,,yes
                2026-13-01,Nope,,yes
                2026-11-24,Fine,,perhaps
                2026-11-25,Too,many,fields,here
                2026-11-23,Again,,no
                """
            let error = await #expect(throws: LunchImportError.self) {
                try await importMenus(csv, named: "bad.csv", into: bot)
            }
            #expect(
                error?.problems == [
                    "line 3: \"2026-13-01\" is not a date like 2026-12-03",
                    "line 4: fries is yes or no, not \"perhaps\"",
                    "line 5: expected 4 fields, found 5",
                    "line 6: 2026-11-23 is also on line 2",
                ])
            bot.clock.advance(by: 120)
            try await bot.expect("/lunch", contains: "Specials: Original")
        }
    }

    @Test(arguments: [
        ("", "the file has no rows"),
        ("date,specials\n", "the file has a header but no days"),
        (
            "date,dessert\n2026-11-23,Cake\n",
            "line 1: unknown column \"dessert\" — the columns are date, specials, vegetables, fries"
        ),
        ("date,specials\n2026-11-23,\"Open\n", "line 2: a quoted field is never closed"),
    ])
    func malformedCSVFiles(text: String, problem: String) {
        let error = #expect(throws: LunchImportError.self) { try LunchImporter.parse(Data(text.utf8), named: "x.csv") }
        #expect(error?.problems == [problem])
    }

    @Test func quotedFieldsSpanningLinesKeepLineNumbersRight() throws {
        let csv = "date,specials\n2026-11-23,\"Soup\nof the day\"\nbad-date,X\n"
        let error = #expect(throws: LunchImportError.self) { try LunchImporter.parse(Data(csv.utf8), named: "x.csv") }
        #expect(error?.problems == ["line 4: \"bad-date\" is not a date like 2026-12-03"])
    }

    static let nutrislice = """
        {
          "start_date": "2026-11-23",
          "days": [
            {
              "date": "2026-11-23",
              "menu_items": [
                {"is_section_title": true, "text": "Entrees", "is_holiday": false},
                {"is_section_title": false, "text": "", "food": {"name": "Chicken Tacos", "food_category": "entree"}},
                {"is_section_title": false, "text": "Veggie Pizza", "category": "entree"},
                {"is_section_title": true, "text": "Vegetables"},
                {"is_section_title": false, "text": "", "food": {"name": "Green Beans"}},
                {"is_section_title": false, "text": "Seasoned Fries", "category": "side"},
                {"is_section_title": true, "text": "Milk"},
                {"is_section_title": false, "text": "1% Milk", "category": "milk"}
              ]
            },
            {"date": "2026-11-24", "menu_items": [{"is_holiday": true, "text": "No School - Thanksgiving Break"}]},
            {"date": "2026-11-25", "menu_items": []},
            {"date": "2026-11-26", "menu_items": [{"text": "Turkey & Gravy", "category": "entree"}]}
          ]
        }
        """

    @Test func menuServiceJSON() async throws {
        try await withLunchBot { bot in
            try await bot.loginAsAdmin(admin)
            try await bot.expect("/lunch set tomorrow specials Leftover", from: admin)
            let summary = try await importMenus(Self.nutrislice, named: "week.json", into: bot)
            #expect(summary.menus == 2)
            #expect(summary.daysWithoutLunch == 1)
            bot.clock.advance(by: 120)
            let today = try await bot.expect("/lunch")
            #expect(
                today.lines == [
                    "Lunch for Monday, November 23:", "Specials: Chicken Tacos, Veggie Pizza",
                    "Vegetables: Green Beans",
                    "Fries: yes",
                ])
            // The holiday removed the menu that was there.
            try await bot.expect(
                "/lunch tomorrow", contains: "Tuesday, November 24: no lunch menu is posted",
                "Next menu, Thursday, November 26")
            try await bot.expect("/lunch thursday", contains: "Fries: no")
        }
    }

    @Test func badJSONIsReportedByPlaceAndNothingIsImported() {
        let badDate =
            #"{"days": [{"date": "2026-11-23", "menu_items": [{"text": "Soup", "category": "entree"}]}, {"date": "Nov 24", "menu_items": []}, {"date": "2026-11-25", "menu_items": [3]}]}"#
        let error = #expect(throws: LunchImportError.self) {
            try LunchImporter.parse(Data(badDate.utf8), named: "m.json")
        }
        #expect(
            error?.problems == [
                "days[1].date: expected a date like 2026-12-03, found \"Nov 24\"",
                "days[2].menu_items[0]: expected an object",
            ])
        let broken = #expect(throws: LunchImportError.self) {
            try LunchImporter.parse(Data("{\"days\": [".utf8), named: "m.json")
        }
        #expect(broken?.problems.first?.hasPrefix("not valid JSON") == true)
        let wrongShape = #expect(throws: LunchImportError.self) {
            try LunchImporter.parse(Data("{\"menu\": []}".utf8), named: "m.json")
        }
        #expect(wrongShape?.problems == ["expected an object with a \"days\" list"])
    }

    @Test func aColumnPerLanguageTranslatesTheDishesForItsReaders() async throws {
        try await withLunchBot { bot in
            let csv = """
                date,specials,vegetables,fries,specials_es,vegetables_zh-Hans
                2026-11-23,Chicken tacos; Veggie pizza,Green beans,yes,Tacos de pollo; Pizza vegetariana,四季豆

                """
            _ = try await importMenus(csv, named: "menus.csv", into: bot)
            try await bot.expect("/me language es", from: "console:ana")
            try await bot.expect("/me language zh", from: "console:li")
            let spanish = try await bot.expect("/lunch", from: "console:ana")
            #expect(spanish.text.contains("Tacos de pollo, Pizza vegetariana"), "\(spanish.text)")
            #expect(spanish.text.contains("Green beans"))
            let chinese = try await bot.expect("/lunch", from: "console:li")
            #expect(chinese.text.contains("四季豆"))
            #expect(chinese.text.contains("Chicken tacos"))
            try await bot.expect("/lunch", from: "console:carl", contains: "Specials: Chicken tacos, Veggie pizza")
        }
    }

    @Test func aTranslationColumnThatDoesNotMatchItsDishesIsRefusedWithItsLine() async throws {
        try await withLunchBot { bot in
            let uneven = "date,specials,specials_es\n2026-11-23,Chicken tacos; Veggie pizza,Tacos de pollo\n"
            await #expect(throws: LunchImportError.self) { try await importMenus(uneven, named: "m.csv", into: bot) }
            do {
                _ = try await importMenus(uneven, named: "m.csv", into: bot)
            } catch let error as LunchImportError {
                #expect(error.description.contains("line 2"), "\(error)")
                #expect(error.description.contains("specials_es"), "\(error)")
            }
            let unknown = "date,specials,specials_xx\n2026-11-23,Chicken tacos,Taco\n"
            await #expect(throws: LunchImportError.self) { try await importMenus(unknown, named: "m.csv", into: bot) }
            try await bot.expect("/lunch", contains: "no lunch menu is posted")
        }
    }

}
