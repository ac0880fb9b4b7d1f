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
            let words = context.words
            guard let grade = try await store.grade(of: user) else { return Reply.privately(gradeFirst(context)) }
            let classes = try await store.classes(of: user)
            guard !classes.isEmpty else {
                return Reply.privately(
                    words(
                        "Grade {grade}, no classes yet. Add one: {set}; see what is offered: {offered}.",
                        [
                            "grade": grade, "set": context.typed("classes set 3 \"AP Chemistry\""),
                            "offered": context.typed("classes offered"),
                        ]))
            }
            let wave = try await store.wave(of: user)
            let today = try await day(context.today, context).seen(byWave: wave)
            var lines = [words("Your classes (grade {grade}):", ["grade": grade])]
            var shown = Set<Int>()
            for period in today.periods {
                guard let block = period.block, let course = classes[block], !shown.contains(block) else { continue }
                shown.insert(block)
                lines.append(
                    words(
                        "{times} {period}, {teacher}",
                        [
                            "times": ScheduleFormatter.range(period, context.school, words),
                            "period": ScheduleFormatter.name(of: period, classes: classes, words),
                            "teacher": course.teacher,
                        ]))
            }
            for block in classes.keys.sorted() where !shown.contains(block) {
                let values: KeyValuePairs<String, String> = [
                    "block": words.number(block), "course": ScheduleFormatter.listing(of: classes[block]!, words),
                ]
                lines.append(
                    today.hasClasses
                        ? words("Block {block} — {course} (not today)", values)
                        : words("Block {block} — {course}", values))
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
            let words = context.words
            guard !grades.isEmpty else {
                return .error(words("No course catalog is loaded yet; ask an admin to import it."))
            }
            guard grades.contains(grade) else {
                return .error(
                    words(
                        "No courses are listed for grade {grade}. Grades: {grades}.",
                        ["grade": grade, "grades": words.items(grades.sorted())]))
            }
            try await store.setGrade(grade, for: context.caller.person)
            viewers.forget(context.caller.person)
            return Reply.privately(
                words(
                    "OK, grade {grade}. Now pick your classes: {command}.",
                    ["grade": grade, "command": context.typed("classes set 3 \"AP Chemistry\"")]))
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
            let words = context.words
            guard let grade = try await store.grade(of: context.caller.person) else {
                return .error(gradeFirst(context))
            }
            let offered = try await store.catalog(grade: grade)
            let inBlock = offered.filter { $0.block == block }
            guard !inBlock.isEmpty else {
                let blocks = Set(offered.map(\.block)).sorted().map(words.number)
                return .error(
                    words(
                        "Grade {grade} has no block {block}. Blocks: {blocks}.",
                        ["grade": grade, "block": words.number(block), "blocks": words.items(blocks)]))
            }
            guard let course = inBlock.first(where: { Course.key($0.name) == Course.key(wanted) }) else {
                return .error(
                    words(
                        "\"{course}\" is not offered in block {block} for grade {grade}. Choose one of: {courses}.",
                        [
                            "course": wanted, "block": words.number(block), "grade": grade,
                            "courses": ScheduleFormatter.series(
                                inBlock.map { ScheduleFormatter.listing(of: $0, words) }, words),
                        ]))
            }
            try await store.setClass(course, for: context.caller.person)
            viewers.forget(context.caller.person)
            return Reply.privately(
                words(
                    "Block {block}: {course}.",
                    ["block": words.number(block), "course": ScheduleFormatter.listing(of: course, words)]))
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
            let words = context.words
            return removed == 0
                ? .error(words("There was nothing to clear."))
                : Reply.privately(words.plural("Cleared {count} class.", "Cleared {count} classes.", count: removed))
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
            let words = context.words
            guard let grade = try await store.grade(of: context.caller.person) else {
                return .error(gradeFirst(context))
            }
            let block = context.arguments.first.flatMap { Int($0) }
            let courses = try await store.catalog(grade: grade).filter { block == nil || $0.block == block }
            guard !courses.isEmpty else {
                return .error(words("Nothing is offered there for grade {grade}.", ["grade": grade]))
            }
            var lines: [String] = []
            for (number, group) in Dictionary(grouping: courses, by: \.block).sorted(by: { $0.key < $1.key }) {
                lines.append(
                    words(
                        "Block {block}: {courses}",
                        [
                            "block": words.number(number),
                            "courses": ScheduleFormatter.series(
                                group.map { ScheduleFormatter.listing(of: $0, words) }, words),
                        ]))
            }
            return Reply(lines: lines, visibility: .sender)
        }
    }

    /// That a student tells their grade before anything about classes, and how.
    func gradeFirst(_ context: CommandContext) -> String {
        context.words("Tell me your grade first: {command}.", ["command": context.typed("classes grade 10")])
    }
}
