import Foundation
import HomeroomCore
import SQLKit

/// Imports the course catalog from CSV — `grade,block,course,teacher,room`, a header row optional —
/// all or nothing: every row is checked first, then the catalog is replaced in one transaction
/// with one audit entry.
public enum CourseCatalogImporter {
    /// What an import did.
    public struct Summary: Equatable, Sendable {
        /// Courses in the catalog now.
        public let courses: Int
        /// The grades they are for.
        public let grades: [String]
    }

    /// A row that cannot be imported, or a file that cannot be read.
    public struct Problem: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    /// The largest catalog file, in bytes.
    public static let maximumFileBytes = 5_000_000
    /// The most courses one catalog may list.
    public static let maximumCourses = 5_000
    /// The longest field (a grade, a course name, a teacher, a room), in characters.
    public static let maximumFieldLength = 200

    /// Reads `text` and replaces the catalog with it.
    public static func importCatalog(
        _ text: String, named name: String, into storage: PluginStorage, by actor: UserID, at now: Date
    ) async throws -> Summary {
        let courses = try parse(text, named: name)
        let store = ScheduleStore(storage: storage)
        let summary = Summary(courses: courses.count, grades: Array(Set(courses.map(\.grade))).sorted())
        let audit = AuditEntry(
            at: now, actor: actor, action: "schedule.catalog.import",
            detail: "\(name): \(summary.courses) courses for grades \(summary.grades.joined(separator: ", "))")
        try await storage.write { db in
            try await store.replaceCatalog(courses, on: db)
            try await storage.audit.insert(audit, into: db)
        }
        return summary
    }

    /// The courses of a catalog file, checked; the first problem is thrown with its line. A file
    /// past the limits above, or holding a NUL character, is refused.
    package static func parse(_ text: String, named name: String) throws(Problem) -> [Course] {
        guard text.utf8.count <= maximumFileBytes else {
            throw Problem(
                description:
                    "\(name): the file has \(text.utf8.count) bytes; a catalog may have at most \(maximumFileBytes)")
        }
        if let nul = text.utf8.firstIndex(of: 0) {
            let line = text.utf8[..<nul].count { $0 == UInt8(ascii: "\n") } + 1
            throw Problem(description: "\(name):\(line): a NUL character; the file is not CSV text")
        }
        let records: [CSVReader.Record]
        do { records = try CSVReader.records(in: text) } catch {
            throw Problem(description: "\(name):\(error.line): a quoted field is never closed")
        }
        var rows = records[...]
        let header = ["grade", "block", "course", "teacher", "room"]
        if let first = rows.first, first.fields.map({ $0.trimmingCharacters(in: .whitespaces).lowercased() }) == header
        {
            rows = rows.dropFirst()
        }
        guard !rows.isEmpty else {
            throw Problem(description: "\(name): no courses (expected grade,block,course,teacher,room)")
        }
        guard rows.count <= maximumCourses else {
            throw Problem(description: "\(name): \(rows.count) courses; a catalog may have at most \(maximumCourses)")
        }
        var courses: [Course] = []
        var seen = Set<String>()
        for record in rows {
            let fields = record.fields.map { $0.trimmingCharacters(in: .whitespaces) }
            let place = "\(name):\(record.line)"
            guard fields.count == 5 else {
                throw Problem(
                    description: "\(place): expected 5 fields (grade,block,course,teacher,room), found \(fields.count)")
            }
            if let long = fields.firstIndex(where: { $0.count > maximumFieldLength }) {
                throw Problem(
                    description: "\(place): \(header[long]) is longer than \(maximumFieldLength) characters")
            }
            guard !fields[0].isEmpty else { throw Problem(description: "\(place): the grade is empty") }
            guard let block = Int(fields[1]), (0...20).contains(block) else {
                throw Problem(description: "\(place): block \"\(fields[1].prefix(40))\" is not a number from 0 to 20")
            }
            guard !fields[2].isEmpty else { throw Problem(description: "\(place): the course name is empty") }
            let key = "\(fields[0])|\(block)|\(Course.key(fields[2]))"
            guard seen.insert(key).inserted else {
                throw Problem(
                    description: "\(place): \(fields[2]) is listed twice for grade \(fields[0]), block \(block)")
            }
            courses.append(Course(grade: fields[0], block: block, name: fields[2], teacher: fields[3], room: fields[4]))
        }
        return courses
    }
}
