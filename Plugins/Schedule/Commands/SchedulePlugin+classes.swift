import Foundation
import HomeroomCore

extension SchedulePlugin {
    var classesCommand: Command {
        Command(
            "classes", summary: "your classes by block, in bell order",
            examples: [.init("classes", "today's day with your classes", answerContains: "AP Chemistry")],
            subcommands: [gradeCommand, setClassCommand, clearClassCommand, offeredCommand]
        ) { context in
            let store = ScheduleStore(storage: context.storage)
            let user = context.caller.person
            guard let grade = try await store.grade(of: user) else {
                return Reply.privately("Tell me your grade first: \(context.typed("classes grade 10")).")
            }
            let classes = try await store.classes(of: user)
            guard !classes.isEmpty else {
                return Reply.privately(
                    "Grade \(grade), no classes yet. Add one: \(context.typed("classes set 3 \"AP Chemistry\"")); "
                        + "see what is offered: \(context.typed("classes offered")).")
            }
            let wave = try await store.wave(of: user)
            let today = try await day(context.today, context).seen(byWave: wave)
            var lines = ["Your classes (grade \(grade)):"]
            var shown = Set<Int>()
            for period in today.periods {
                guard let block = period.block, let course = classes[block], !shown.contains(block) else { continue }
                shown.insert(block)
                lines.append(
                    "\(ScheduleFormatter.range(period, context.school)) \(ScheduleFormatter.name(of: period, classes: classes)), \(course.teacher)"
                )
            }
            for block in classes.keys.sorted() where !shown.contains(block) {
                let course = classes[block]!
                lines.append("Block \(block) — \(course.listing)\(today.hasClasses ? " (not today)" : "")")
            }
            return Reply(lines: lines, visibility: .sender)
        }
    }

    var gradeCommand: Command {
        Command(
            "grade", summary: "your grade, which decides the courses you can pick", usage: "GRADE",
            examples: [.init("classes grade 10", "I am in grade 10", answerContains: "grade 10")]
        ) { context in
            guard context.arguments.count == 1 else { throw context.usageError() }
            let grade = context.arguments[0]
            let store = ScheduleStore(storage: context.storage)
            let grades = Set(try await store.catalog().map(\.grade))
            guard !grades.isEmpty else { return .error("No course catalog is loaded yet; ask an admin to import it.") }
            guard grades.contains(grade) else {
                return .error(
                    "No courses are listed for grade \(grade). Grades: \(grades.sorted().joined(separator: ", ")).")
            }
            try await store.setGrade(grade, for: context.caller.person)
            viewers.forget(context.caller.person)
            return Reply.privately(
                "OK, grade \(grade). Now pick your classes: \(context.typed("classes set 3 \"AP Chemistry\"")).")
        }
    }

    var setClassCommand: Command {
        Command(
            "set", summary: "the course you take in a block, from what your grade offers", usage: "BLOCK COURSE",
            examples: [
                .init(
                    "classes set 3 \"AP Chemistry\"", "block 3 is AP Chemistry", answerContains: "Block 3: AP Chemistry"
                )
            ]
        ) { context in
            guard context.arguments.count >= 2, let block = Int(context.arguments[0]) else {
                throw context.usageError()
            }
            let wanted = context.arguments.dropFirst().joined(separator: " ")
            let store = ScheduleStore(storage: context.storage)
            guard let grade = try await store.grade(of: context.caller.person) else {
                return .error("Tell me your grade first: \(context.typed("classes grade 10")).")
            }
            let offered = try await store.catalog(grade: grade)
            let inBlock = offered.filter { $0.block == block }
            guard !inBlock.isEmpty else {
                let blocks = Set(offered.map(\.block)).sorted().map(String.init).joined(separator: ", ")
                return .error("Grade \(grade) has no block \(block). Blocks: \(blocks).")
            }
            guard let course = inBlock.first(where: { Course.key($0.name) == Course.key(wanted) }) else {
                return .error(
                    "\"\(wanted)\" is not offered in block \(block) for grade \(grade). Choose one of: "
                        + inBlock.map(\.listing).joined(separator: "; ") + ".")
            }
            try await store.setClass(course, for: context.caller.person)
            viewers.forget(context.caller.person)
            return Reply.privately("Block \(block): \(course.listing).")
        }
    }

    var clearClassCommand: Command {
        Command(
            "clear", summary: "forget one block's class, or all of them", usage: "[BLOCK]",
            examples: [.init("classes clear 3", "no class in block 3", answerContains: "Cleared")]
        ) { context in
            var block: Int?
            if let word = context.arguments.first {
                guard let number = Int(word), context.arguments.count == 1 else { throw context.usageError() }
                block = number
            }
            let removed = try await ScheduleStore(storage: context.storage).clearClasses(
                of: context.caller.person, block: block)
            viewers.forget(context.caller.person)
            return removed == 0
                ? .error("There was nothing to clear.")
                : Reply.privately("Cleared \(removed) class\(removed == 1 ? "" : "es").")
        }
    }

    var offeredCommand: Command {
        Command(
            "offered", summary: "the courses your grade offers, by block", usage: "[BLOCK]",
            examples: [
                .init("classes offered 3", "what grade-mates can take in block 3", answerContains: "AP Chemistry")
            ]
        ) { context in
            let store = ScheduleStore(storage: context.storage)
            guard let grade = try await store.grade(of: context.caller.person) else {
                return .error("Tell me your grade first: \(context.typed("classes grade 10")).")
            }
            let block = context.arguments.first.flatMap { Int($0) }
            let courses = try await store.catalog(grade: grade).filter { block == nil || $0.block == block }
            guard !courses.isEmpty else { return .error("Nothing is offered there for grade \(grade).") }
            var lines: [String] = []
            for (number, group) in Dictionary(grouping: courses, by: \.block).sorted(by: { $0.key < $1.key }) {
                lines.append("Block \(number): \(group.map(\.listing).joined(separator: "; "))")
            }
            return Reply(lines: lines, visibility: .sender)
        }
    }
}
