import Foundation
import HomeroomCore
import OneRoster

/// A made-up school district as a OneRoster bulk export, the same for the same parameters on every
/// run: a district org with its schools, teachers, students in grades 9–12 with their guardians
/// (families of one to a few siblings, so some guardians have two or more students, now and then at
/// two schools), classes with a teacher each, and enrollments. Guardians have an email address, a
/// number for text messages in the fictional 555-01xx range (written several ways), or both.
///
/// ``export()`` gives the records as the reader should read them back; ``files()`` and
/// ``write(to:)`` give the CSV files of a 1.1 export (role and orgs in `users.csv`) or a 1.2 one
/// (`roles.csv`).
public struct OneRosterSampleDistrict: Sendable {
    /// The schools under the district org.
    public var schools: Int
    /// The students, spread over the schools.
    public var students: Int
    /// The guardians, two to a family where there are enough.
    public var guardians: Int
    /// The teachers at each school.
    public var teachersPerSchool: Int
    /// The classes at each school, each for one grade.
    public var classesPerSchool: Int
    /// The classes each student is enrolled in.
    public var classesPerStudent: Int
    /// The grades the students are in.
    public var grades: ClosedRange<Int>
    /// The OneRoster version of the files.
    public var version: RosterVersion
    /// The seed all choices follow.
    public var seed: UInt64

    /// A district of the given size; the defaults make 2 schools, 1,000 students and 1,500 guardians.
    public init(
        schools: Int = 2, students: Int = 1_000, guardians: Int = 1_500, teachersPerSchool: Int = 12,
        classesPerSchool: Int = 24, classesPerStudent: Int = 4, grades: ClosedRange<Int> = 9...12,
        version: RosterVersion = .v1p1, seed: UInt64 = 1
    ) {
        self.schools = max(1, schools)
        self.students = max(0, students)
        self.guardians = max(0, guardians)
        self.teachersPerSchool = max(1, teachersPerSchool)
        self.classesPerSchool = max(1, classesPerSchool)
        self.classesPerStudent = max(0, classesPerStudent)
        self.grades = grades
        self.version = version
        self.seed = seed
    }

    private static let givenNames = [
        "Ada", "Ben", "Carmen", "Dev", "Elif", "Farah", "Gus", "Hana", "Ivan", "Jun", "Kofi", "Lena", "Mateo", "Nia",
        "Omar", "Priya", "Quinn", "Rosa", "Sami", "Tova", "Uma", "Vik", "Wren", "Xiu", "Yara", "Zeke",
    ]
    private static let familyNames = [
        "Abara", "Berg", "Castillo", "Dubois", "Eze", "Fischer", "Garcia", "Haddad", "Ito", "Jensen", "Kowalski",
        "Lindqvist", "Moreau", "Nguyen", "O'Brien", "Patel", "Quispe", "Rossi", "Singh", "Tanaka", "Umar", "Varga",
    ]
    private static let subjects = ["Algebra", "Biology", "Chemistry", "English", "History", "Spanish", "Art", "Music"]

    /// The district's records, as reading ``files()`` gives them back.
    public func export() -> RosterExport {
        var random = SeededRandom(seed: seed)
        let district = RosterOrg(sourcedId: "org-district", name: "Sample Unified School District", type: "district")
        let schoolOrgs = (1...schools).map {
            RosterOrg(
                sourcedId: "org-school-\($0)", name: "Sample High School \($0)", type: "school",
                identifier: "SCH\($0)", parentSourcedId: district.sourcedId)
        }
        var users: [RosterUser] = []
        var classes: [RosterClass] = []
        var enrollments: [RosterEnrollment] = []
        let gradeNames = grades.map { $0 < 10 ? "0\($0)" : "\($0)" }
        for (index, school) in schoolOrgs.enumerated() {
            let teachers = (1...teachersPerSchool).map { number in
                let given = Self.givenNames.randomElement(using: &random)!
                let family = Self.familyNames.randomElement(using: &random)!
                return RosterUser(
                    sourcedId: "t-\(index + 1)-\(number)", role: .teacher, orgSourcedIds: [school.sourcedId],
                    username: "t\(index + 1)x\(number)", givenName: given, familyName: family,
                    email: "t\(index + 1)x\(number)@district.example", grades: gradeNames)
            }
            users += teachers
            for number in 1...classesPerSchool {
                let subject = Self.subjects[number % Self.subjects.count]
                let grade = gradeNames[number % gradeNames.count]
                let sourcedId = "c-\(index + 1)-\(number)"
                classes.append(
                    RosterClass(
                        sourcedId: sourcedId, title: "\(subject) \(grade), section \(number)", grades: [grade],
                        courseSourcedId: "course-\(subject.lowercased())-\(grade)",
                        classCode: "\(subject.prefix(3))-\(number)",
                        classType: "scheduled", location: "Room \(100 + number)", schoolSourcedId: school.sourcedId,
                        termSourcedIds: ["term-2026"], subjects: [subject], periods: ["\(number % 7 + 1)"]))
                enrollments.append(
                    RosterEnrollment(
                        sourcedId: "e-\(sourcedId)-teacher", classSourcedId: sourcedId,
                        schoolSourcedId: school.sourcedId,
                        userSourcedId: teachers[number % teachers.count].sourcedId, role: .teacher, primary: true))
            }
        }
        let (studentUsers, guardianUsers) = families(gradeNames: gradeNames, using: &random)
        for student in studentUsers {
            let school = student.orgSourcedIds[0]
            let own = classes.filter { $0.schoolSourcedId == school && $0.grades == student.grades }
            let choices = own.isEmpty ? classes.filter { $0.schoolSourcedId == school } : own
            for taken in choices.shuffled(using: &random).prefix(classesPerStudent) {
                enrollments.append(
                    RosterEnrollment(
                        sourcedId: "e-\(taken.sourcedId)-\(student.sourcedId)", classSourcedId: taken.sourcedId,
                        schoolSourcedId: school, userSourcedId: student.sourcedId, role: .student,
                        beginDate: "2026-08-24", endDate: "2027-06-11"))
            }
        }
        var modes = Dictionary(uniqueKeysWithValues: RosterFile.allCases.map { ($0, RosterFileMode.absent) })
        modes[.manifest] = nil
        for file in [RosterFile.orgs, .users, .classes, .enrollments] { modes[file] = .bulk }
        if version == .v1p2 { modes[.roles] = .bulk }
        return RosterExport(
            version: version, modes: modes, orgs: [district] + schoolOrgs, users: users + studentUsers + guardianUsers,
            classes: classes, enrollments: enrollments)
    }

    /// Students and guardians in families: each guardian in one family, each family with at least one
    /// student, the students beyond one per family spread at random (siblings).
    private func families(gradeNames: [String], using random: inout SeededRandom) -> (
        students: [RosterUser], guardians: [RosterUser]
    ) {
        let familyCount = guardians == 0 ? students : max(1, min(students, (guardians + 1) / 2))
        guard familyCount > 0 else { return ([], []) }
        let surnames = (0..<familyCount).map { _ in Self.familyNames.randomElement(using: &random)! }
        var childrenOf = [[Int]](repeating: [], count: familyCount)
        var students: [RosterUser] = []
        for number in 0..<self.students {
            let family = number < familyCount ? number : Int.random(in: 0..<familyCount, using: &random)
            childrenOf[family].append(number)
            let sameSchool = schools == 1 || Int.random(in: 0..<10, using: &random) > 0
            let school = sameSchool ? family % schools : Int.random(in: 0..<schools, using: &random)
            students.append(
                RosterUser(
                    sourcedId: "s-\(number + 1)", role: .student, orgSourcedIds: ["org-school-\(school + 1)"],
                    username: "s\(number + 1)", givenName: Self.givenNames.randomElement(using: &random)!,
                    familyName: surnames[family], identifier: "\(400_001 + number)",
                    grades: [gradeNames.randomElement(using: &random)!]))
        }
        var guardianUsers: [RosterUser] = []
        for number in 0..<guardians {
            let family = number % familyCount
            let children = childrenOf[family].map { students[$0] }
            var orgs: [String] = []
            for org in children.flatMap(\.orgSourcedIds) where !orgs.contains(org) { orgs.append(org) }
            let sourcedId = "g-\(number + 1)"
            for child in childrenOf[family] { students[child].agentSourcedIds.append(sourcedId) }
            let reach = Int.random(in: 0..<20, using: &random)
            guardianUsers.append(
                RosterUser(
                    sourcedId: sourcedId, role: Int.random(in: 0..<5, using: &random) == 0 ? .guardian : .parent,
                    orgSourcedIds: orgs, username: "g\(number + 1)",
                    givenName: Self.givenNames.randomElement(using: &random)!, familyName: surnames[family],
                    email: reach < 15 ? "guardian\(number + 1)@mail.example" : nil,
                    sms: reach >= 7 ? PhoneNumber(Self.fictionalNumber(number, using: &random)) : nil,
                    agentSourcedIds: children.map(\.sourcedId)))
        }
        return (students, guardianUsers)
    }

    /// A North American number in the 555-0100…555-0199 range set aside for fiction.
    private static func fictionalNumber(_ number: Int, using random: inout SeededRandom) -> String {
        let area =
            "\(Int.random(in: 2...9, using: &random))\(Int.random(in: 0...8, using: &random))\(Int.random(in: 0...9, using: &random))"
        return "+1\(area)55501\(number % 100 < 10 ? "0" : "")\(number % 100)"
    }

    /// `number` written one of the ways exports write numbers, chosen by its last digit.
    private static func written(_ number: PhoneNumber) -> String {
        let digits = Array(number.e164.dropFirst(2))
        guard number.e164.hasPrefix("+1"), digits.count == 10, let last = digits.last?.wholeNumberValue else {
            return number.e164
        }
        let (area, exchange, line) = (String(digits[0..<3]), String(digits[3..<6]), String(digits[6...]))
        switch last % 4 {
        case 0: return "+1 \(area) \(exchange) \(line)"
        case 1: return "(\(area)) \(exchange)-\(line)"
        case 2: return "\(area)-\(exchange)-\(line)"
        default: return number.e164
        }
    }

    /// The export's CSV files by name: `manifest.csv`, `orgs.csv`, `users.csv`, `classes.csv`,
    /// `enrollments.csv` and, for 1.2, `roles.csv`.
    public func files() -> [String: [UInt8]] {
        let export = export()
        let manifest: [[String]] =
            [["manifest.version", "1.0"], ["oneroster.version", version.rawValue]]
            + RosterFile.allCases.filter { $0 != .manifest }.map {
                ["file.\($0.rawValue.dropLast(4))", export.mode(of: $0).rawValue]
            } + [["source.systemName", "Homeroom sample district"]]
        var files: [String: [UInt8]] = [
            RosterFile.manifest.rawValue: Self.csv(["propertyName", "value"], manifest),
            RosterFile.orgs.rawValue: Self.csv(
                ["sourcedId", "status", "dateLastModified", "name", "type", "identifier", "parentSourcedId"],
                export.orgs.map {
                    [$0.sourcedId, "", "", $0.name, $0.type, $0.identifier ?? "", $0.parentSourcedId ?? ""]
                }),
            RosterFile.classes.rawValue: Self.csv(
                [
                    "sourcedId", "status", "dateLastModified", "title", "grades", "courseSourcedId", "classCode",
                    "classType", "location", "schoolSourcedId", "termSourcedIds", "subjects", "subjectCodes", "periods",
                ],
                export.classes.map {
                    [
                        $0.sourcedId, "", "", $0.title, $0.grades.joined(separator: ","), $0.courseSourcedId ?? "",
                        $0.classCode ?? "", $0.classType ?? "", $0.location ?? "", $0.schoolSourcedId,
                        $0.termSourcedIds.joined(separator: ","), $0.subjects.joined(separator: ","),
                        $0.subjectCodes.joined(separator: ","), $0.periods.joined(separator: ","),
                    ]
                }),
            RosterFile.enrollments.rawValue: Self.csv(
                [
                    "sourcedId", "status", "dateLastModified", "classSourcedId", "schoolSourcedId", "userSourcedId",
                    "role",
                    "primary", "beginDate", "endDate",
                ],
                export.enrollments.map {
                    [
                        $0.sourcedId, "", "", $0.classSourcedId, $0.schoolSourcedId, $0.userSourcedId, "\($0.role)",
                        $0.primary ? "true" : "false", $0.beginDate ?? "", $0.endDate ?? "",
                    ]
                }),
        ]
        files[RosterFile.users.rawValue] = usersFile(export.users)
        if version == .v1p2 {
            var rows: [[String]] = []
            for user in export.users {
                for (index, org) in user.orgSourcedIds.enumerated() {
                    rows.append([
                        "r-\(user.sourcedId)-\(index + 1)", "", "", user.sourcedId,
                        index == 0 ? "primary" : "secondary",
                        user.role.map { "\($0)" } ?? "", "", "", org, "",
                    ])
                }
            }
            files[RosterFile.roles.rawValue] = Self.csv(
                [
                    "sourcedId", "status", "dateLastModified", "userSourcedId", "roleType", "role", "beginDate",
                    "endDate",
                    "orgSourcedId", "userProfileSourcedId",
                ], rows)
        }
        return files
    }

    /// `users.csv` in the columns of the version: 1.1 with `orgSourcedIds` and `role`, 1.2 without
    /// them and with `userMasterIdentifier` and `preferredGivenName`.
    private func usersFile(_ users: [RosterUser]) -> [UInt8] {
        let shared = [
            "username", "userIds", "givenName", "familyName", "middleName", "identifier", "email", "sms", "phone",
            "agentSourcedIds", "grades", "password",
        ]
        let header =
            version == .v1p1
            ? ["sourcedId", "status", "dateLastModified", "enabledUser", "orgSourcedIds", "role"] + shared
            : ["sourcedId", "status", "dateLastModified", "enabledUser"] + shared + [
                "userMasterIdentifier", "preferredGivenName",
            ]
        return Self.csv(
            header,
            users.map { user in
                let start = [user.sourcedId, "", "", user.enabled ? "true" : "false"]
                let own =
                    version == .v1p1
                    ? [user.orgSourcedIds.joined(separator: ","), user.role.map { "\($0)" } ?? ""] : []
                let rest = [
                    user.username ?? "", "", user.givenName, user.familyName, user.middleName ?? "",
                    user.identifier ?? "",
                    user.email ?? "", user.sms.map(Self.written) ?? "", user.phone.map(Self.written) ?? "",
                    user.agentSourcedIds.joined(separator: ","), user.grades.joined(separator: ","), "",
                ]
                return start + own + rest + (version == .v1p1 ? [] : ["", user.preferredGivenName ?? ""])
            })
    }

    /// Writes ``files()`` into `folder`, creating it when needed.
    public func write(to folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, bytes) in files() { try Data(bytes).write(to: folder.appendingPathComponent(name)) }
    }

    /// RFC 4180 text: fields quoted when they hold a comma, a quote or a line break; CRLF line ends.
    private static func csv(_ header: [String], _ rows: [[String]]) -> [UInt8] {
        func field(_ text: String) -> String {
            text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" })
                ? "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : text
        }
        let lines = ([header] + rows).map { $0.map(field).joined(separator: ",") + "\r\n" }
        return Array(lines.joined().utf8)
    }
}
