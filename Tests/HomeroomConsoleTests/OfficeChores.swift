import Foundation

/// A week's chores in the office, as ``ConsoleSchool``'s office worker does them in a browser on
/// Monday, November 23, 2026: sign in from the chat's link, set Tuesday's specials, import the
/// next week from a CSV and try a CSV with a bad row, add a dish with the keyboard, make Friday a
/// minimum day, look at the people, the audit log, the campus codes and the health page, and
/// sign out. Every page is looked at by ``PageCheck``.
struct OfficeChores {
    /// Tuesday, whose specials are set in its cell.
    static let tuesday = "2026-11-24"
    static let tuesdaySpecials = ["Chicken tacos", "Veggie pizza"]
    /// Friday, made a minimum day.
    static let friday = "2026-11-27"
    /// The dish added with the keyboard alone.
    static let keyboardDish = "Fruit cup"
    /// The week the good CSV fills, and its specials by day.
    static let csvWeek = "2026-11-30"
    static let csvSpecials = [
        ("2026-11-30", "Turkey chili"), ("2026-12-01", "Lasagna"), ("2026-12-02", "Tomato soup"),
        ("2026-12-03", "Chicken curry"), ("2026-12-04", "Fish sticks"),
    ]
    /// The dish of the bad CSV's good row, which must never be saved.
    static let refusedDish = "Mystery meat"

    /// A week in the lunch importer's CSV.
    static let goodCSV =
        "date,specials,vegetables,fries\n"
        + csvSpecials.map { "\($0.0),\($0.1),Green beans,yes\n" }.joined()
    /// A file with a good row and a bad date on line 3.
    static let badCSV = "date,specials,vegetables,fries\n2026-11-30,\(refusedDish),,yes\n2026-12-32,Nope,,no\n"

    /// The form of the lunch grid's cell for `field` on `date`.
    static func cell(_ date: String, _ field: String) -> String {
        #"form:has(input[name="date"][value="\#(date)"]):has([name="\#(field)"])"#
    }

    /// The menu's link to `page`.
    static func menu(_ page: String) -> String { #"nav a[href="/console/\#(page)"]"# }

    /// What the grid's text boxes hold, one a line (a page's text leaves them out).
    static let cellValues = "Array.from(document.querySelectorAll('textarea'), t => t.value).join('\\n')"

    static let importForm = #"form:has(input[type="file"])"#
    static let button = #"button[type="submit"]"#

    /// The scenario, from the sign-in link `link` on the console at `base`; the CSV files are
    /// written to `folder`, and `pages` gathers the pages it looks at.
    static func scenario(base: String, link: String, folder: URL, pages: inout PageCheck) throws -> BrowserScenario {
        let good = folder.appendingPathComponent("week.csv")
        let bad = folder.appendingPathComponent("bad-row.csv")
        try Data(goodCSV.utf8).write(to: good)
        try Data(badCSV.utf8).write(to: bad)
        var s = BrowserScenario()
        // 1. The link from chat, then the Sign in button.
        s.eval("true", name: "browser ready")
        s.goto(base + link, name: "link")
        pages.look(at: "signin", in: &s)
        s.eval("true", name: "pressing sign in")
        s.click("main form " + button, name: "signed in")
        s.waitText("Choose what to look after.", name: "menu of pages")
        s.cookies(name: "cookies")
        pages.look(at: "home", in: &s)
        // 2. Tuesday's specials, in its cell.
        s.click(menu("lunch"), name: "lunch")
        s.fill(cell(tuesday, "specials") + " textarea", tuesdaySpecials.joined(separator: "\n"))
        s.click(cell(tuesday, "specials") + " " + button)
        s.waitText("Saved the menu for Tuesday, November 24", name: "specials saved")
        s.waitText(tuesdaySpecials[1], name: "specials shown")
        pages.look(at: "lunch", in: &s)
        // 3. A week from a CSV, then a CSV with a bad row, on the week it would change.
        s.upload(importForm + #" input[type="file"]"#, good.path)
        s.click(importForm + " " + button)
        s.waitText("imported 5 menus and 0 days without lunch", name: "import report")
        s.click(#"a[href="/console/lunch?week=\#(csvWeek)"]"#, name: "next week")
        s.eval(cellValues, name: "imported week")
        s.upload(importForm + #" input[type="file"]"#, bad.path)
        s.click(importForm + " " + button)
        s.waitText(#"line 3: "2026-12-32" is not a date like 2026-12-03"#, name: "bad row report")
        s.snapshot(name: "after the bad row")
        s.eval(cellValues, name: "week after the bad row")
        pages.look(at: "lunch-rejected", in: &s)
        // 7. The keyboard: the skip link first, then the menu; the skip link into the page; Enter submits.
        s.goto(base + "/console/lunch", name: "keyboard")
        s.press("Tab", name: "tab 1")
        s.press("Tab", name: "tab 2")
        s.eval("document.activeElement.closest('nav') !== null", name: "tab 2 in the menu")
        s.press("Shift+Tab")
        s.press("Enter")
        s.press("Tab", name: "tab after skip")
        s.eval("document.activeElement.closest('main') !== null", name: "skipped into the page")
        s.fill(#"form:has(input[name="_action"][value="add"]) input[name="dish"]"#, keyboardDish)
        s.press("Enter", navigates: true, name: "enter")
        s.waitText("\(keyboardDish) is now listed every day.", name: "enter report")
        // 4. Friday becomes a minimum day.
        s.click(menu("bells"), name: "bells")
        s.fill(#"form:has(input[name="date"][value="\#(friday)"]) select"#, "minimum day")
        s.click(#"form:has(input[name="date"][value="\#(friday)"]) "# + button)
        s.waitText(#"Friday, November 27 now runs the "minimum day" schedule."#, name: "bells report")
        pages.look(at: "bells", in: &s)
        // 5. People, the audit log filtered to lunch, the campus codes, health.
        s.click(menu("people"), name: "people")
        pages.look(at: "people", in: &s)
        s.click(menu("audit"), name: "audit")
        s.fill(#"main form input[name="action"]:not([type="hidden"])"#, "lunch")
        s.click("main form " + button, name: "audit filtered")
        s.snapshot(name: "audit filtered page")
        s.goto(base + "/console/audit?action=lunch", name: "audit by address")
        s.waitText("lunch.import", name: "lunch entries")
        s.snapshot(name: "audit by address page")
        pages.look(at: "audit", in: &s)
        s.click(menu("campus"), name: "campus")
        pages.look(at: "campus", in: &s)
        s.click(menu("health"), name: "health")
        pages.look(at: "health", in: &s)
        s.click("form.signout " + button, name: "signed out")
        s.waitText("To sign in, send", name: "signed-out page")
        return s
    }
}
