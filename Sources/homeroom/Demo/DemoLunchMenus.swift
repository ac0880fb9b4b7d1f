import CivilDates
import Foundation
import HomeroomCore
import HomeroomRuntime
import Lunch

/// The demo's lunch menus: a CSV file in the demo's folder, as a school exports it, with a menu
/// for each school day of this week and the next, imported as `homeroom import lunch` does.
enum DemoLunchMenus {
    /// The file's name in the demo's folder.
    static let fileName = "lunch-menus.csv"

    /// The menus, one a school day in turn: specials, vegetables (`;` between items), fries.
    private static let menus: [(specials: String, vegetables: String, fries: String)] = [
        ("Chicken tenders; Veggie burger", "Green beans; Apple slices", "yes"),
        ("Beef tacos; Bean and cheese burrito", "Corn; Salsa; Orange wedges", "no"),
        ("Spaghetti with meatballs; Pasta primavera", "Caesar salad; Garlic bread", "no"),
        ("Cheese pizza; Pepperoni pizza", "Carrot sticks; Grapes", "yes"),
        ("Fish sandwich; Grilled cheese", "Tomato soup; Broccoli", "yes"),
        ("Turkey and gravy; Cornbread", "Mashed potatoes; Peas", "no"),
        ("Teriyaki chicken bowl; Tofu stir-fry", "Steamed rice; Edamame", "no"),
        ("Cheeseburger; Black bean burger", "Side salad; Pear", "yes"),
        ("Chicken noodle soup; Chili", "Crackers; Celery sticks", "no"),
        ("Breakfast for lunch: pancakes; Scrambled eggs", "Hash browns; Berries", "no"),
    ]

    /// Writes the file for this week and the next and imports it.
    static func load(into folder: URL, today: LocalDate, runtime: BotRuntime) async throws {
        let monday = today.mondayOfWeek
        let school = runtime.configuration.school
        let days = (0..<14).map { monday.adding(days: $0) }.filter { school.isSchoolDay($0) }
        let rows = zip(days, menus).map { date, menu in "\(date.iso),\(menu.specials),\(menu.vegetables),\(menu.fries)"
        }
        let file = folder.appendingPathComponent(fileName)
        let csv = (["date,specials,vegetables,fries"] + rows).joined(separator: "\n") + "\n"
        try csv.write(to: file, atomically: true, encoding: .utf8)
        do {
            _ = try await LunchImporter.importMenus(
                Data(csv.utf8), named: fileName, into: runtime.storage(for: LunchPlugin.id),
                by: DemoAdmin.id, at: runtime.clock.now)
        } catch let error as LunchImportError {
            throw UserFacingError(error.description)
        }
    }
}
