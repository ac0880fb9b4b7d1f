import HomeroomCore

extension LunchPlugin {
    var setCommand: Command {
        Command(
            "set", summary: "change a day's menu; fields left out keep their value",
            usage: "[DATE] [specials \"A; B\"] [vegetables \"C; D\"] [fries yes|no]",
            examples: [
                .init(
                    "lunch set specials \"Chicken tacos; Veggie pizza\" fries yes", "today's specials and fries",
                    answerContains: "Specials: Chicken tacos, Veggie pizza"),
                .init(
                    "lunch set friday vegetables \"Green beans; Corn\"", "Friday's vegetables",
                    answerContains: "Vegetables: Green beans, Corn"),
            ],
            access: .restricted
        ) { context in
            let change = try LunchMenuChange(arguments: context.arguments, today: context.today, context.words)
            let store = LunchMenuStore(storage: context.storage)
            let (user, now, audit) = (context.caller.user, context.now, context.auditEntry("lunch.set", change.summary))
            let menu: LunchMenu = try await context.storage.write { db in
                let existing = try await store.menus(in: change.date...change.date, on: db)[change.date]
                let menu = change.applied(to: existing)
                try await store.save(menu, by: user, at: now, on: db)
                try await context.storage.markChanged(change.date, at: now, in: db)
                try await context.storage.audit.insert(audit, into: db)
                return menu
            }
            cache.invalidate()
            let words = context.words
            let day = words.date(change.date)
            return Reply(
                lines: [
                    context.school.isSchoolDay(change.date)
                        ? words("Saved the menu for {date}:", ["date": day])
                        : words("Saved the menu for {date} (not a school day):", ["date": day])
                ] + LunchMenuFormatter.lines(of: menu, always: [], words))
        }
    }

    var clearCommand: Command {
        Command(
            "clear", summary: "remove a day's menu", usage: "[DATE]",
            examples: [
                .init("lunch clear 2026-12-03", "no menu for December 3", answerContains: "Cleared the menu for")
            ], access: .restricted
        ) { context in
            let date = try context.dateArgument()
            let store = LunchMenuStore(storage: context.storage)
            let (storage, now) = (context.storage, context.now)
            let removed = try await context.auditedWrite("lunch.clear", date.iso) { db -> Bool? in
                guard try await store.delete(date, on: db) else { return nil }
                try await storage.markChanged(date, at: now, in: db)
                return true
            }
            cache.invalidate()
            let words = context.words
            return Reply(
                removed != nil
                    ? words("Cleared the menu for {date}.", ["date": words.date(date)])
                    : words("There was no menu for {date}.", ["date": words.date(date)]))
        }
    }
}
