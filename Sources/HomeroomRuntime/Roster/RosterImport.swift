import Foundation
import HomeroomCore
import HomeroomEngine
import OneRoster

/// `homeroom import oneroster FOLDER|ZIP`: a OneRoster export read into the roster Homeroom keeps
/// (``RosterBook``), in one transaction. Each org is matched to a configured school (by id, name
/// or alias; in a district of one, every org is the school); each user becomes a roster person
/// with their contacts, guardians and parents linked to their students; classes and enrollments
/// follow. A bulk file replaces its part, a delta file changes it row by row, and an absent file
/// leaves it as it is, so a second import of the same export changes nothing.
package enum RosterImport {
    /// What an import did, and what it skipped.
    package struct Outcome: Sendable {
        /// The roster after it.
        package let summary: RosterBook.Summary
        /// Each row or value skipped, and each org or contact left out, one short line each.
        package let problems: [String]
        /// How many problems the reader counted past those it kept.
        package let problemsLeftOut: Int
    }

    /// The longest e-mail address kept (RFC 5321's path limit).
    static let maximumEmailLength = 254

    /// Imports `export` into the roster of `runtime`'s database, audited as `actor`'s.
    package static func run(_ export: RosterExport, on runtime: BotRuntime, actor: UserID) async throws -> Outcome {
        let (update, mapped) = update(from: export, district: runtime.dispatcher.district)
        let roster = RosterBook(database: runtime.database)
        let people: [RosterPerson] =
            switch update.people {
            case .replaced(let people), .changed(let people, _): people
            case .unchanged: []
            }
        let now = runtime.clock.now
        let summary = try await roster.apply(
            update, at: now,
            audit: AuditEntry(
                at: now, actor: actor, action: "roster.import",
                detail: "OneRoster \(export.version): \(people.count) people, \(export.classes.count) classes, "
                    + "\(export.enrollments.count) enrollments"))
        return Outcome(
            summary: summary, problems: export.problems.map(\.description) + mapped + summary.unlinkedContacts,
            problemsLeftOut: export.problemsLeftOut)
    }

    /// The change `export` makes, and the problems met making it (orgs no school matches,
    /// addresses that are not e-mail addresses).
    package static func update(from export: RosterExport, district: District) -> (RosterUpdate, problems: [String]) {
        var problems: [String] = []
        var schools: [String: String] = [:]
        for org in export.orgs where org.status == .active {
            if district.schools.count == 1 {
                schools[org.sourcedId] = district.defaultSchool.id
            } else if let school = district.school(id: org.identifier ?? "") ?? district.school(idOrName: org.name)
                ?? district.school(id: org.sourcedId)
            {
                schools[org.sourcedId] = school.id
            } else if org.type.lowercased() == "school" {
                problems.append("orgs.csv: the school \"\(org.name)\" (\(org.sourcedId)) is none of this district's")
            }
        }
        func school(of orgs: [String]) -> String? {
            for org in orgs {
                if let id = schools[org] ?? district.school(id: org)?.id { return id }
            }
            return district.schools.count == 1 ? district.defaultSchool.id : nil
        }
        let users = export.users.filter { $0.status == .active }.map { user in
            RosterPerson(
                sourcedID: user.sourcedId, role: role(user.role), school: school(of: user.orgSourcedIds),
                givenName: user.preferredGivenName ?? user.givenName, familyName: user.familyName,
                grade: user.role == .student ? user.grades.first : nil,
                email: email(user.email, of: user.sourcedId, problems: &problems),
                sms: user.sms, phone: user.phone,
                agents: user.agentSourcedIds)
        }
        let classes = export.classes.filter { $0.status == .active }.map { item in
            RosterBook.Class(
                sourcedID: item.sourcedId, school: school(of: [item.schoolSourcedId]), title: item.title,
                code: item.classCode, periods: item.periods)
        }
        let enrollments = export.enrollments.filter { $0.status == .active }.map { item in
            RosterBook.Enrollment(
                sourcedID: item.sourcedId, classID: item.classSourcedId, personID: item.userSourcedId,
                role: item.role.description)
        }
        let update = RosterUpdate(
            people: part(users, mode: export.mode(of: .users), deleted: export.users.removed(\.sourcedId)),
            classes: part(classes, mode: export.mode(of: .classes), deleted: export.classes.removed(\.sourcedId)),
            enrollments: part(
                enrollments, mode: export.mode(of: .enrollments), deleted: export.enrollments.removed(\.sourcedId)))
        return (update, problems)
    }

    private static func part<Row>(_ rows: [Row], mode: RosterFileMode, deleted: [String]) -> RosterUpdate.Part<Row> {
        switch mode {
        case .bulk: .replaced(rows)
        case .delta: .changed(rows, deleting: deleted)
        case .absent: .unchanged
        }
    }

    private static func role(_ role: RosterRole?) -> RosterPerson.Role {
        switch role {
        case .student: .student
        case .teacher: .teacher
        case .parent, .guardian, .relative: .guardian
        case .administrator: .administrator
        case .aide: .aide
        case .other, nil: .other
        }
    }

    /// `text` when it reads as an e-mail address (one `@` with something on each side, no spaces,
    /// at most 254 characters), trimmed; otherwise nil, and a problem naming the user.
    private static func email(_ text: String?, of user: String, problems: inout [String]) -> String? {
        guard let trimmed = text?.trimmingCharacters(in: .whitespaces), !trimmed.isEmpty else { return nil }
        let parts = trimmed.split(separator: "@", omittingEmptySubsequences: false)
        guard trimmed.utf8.count <= maximumEmailLength, parts.count == 2, !parts[0].isEmpty, parts[1].contains("."),
            !trimmed.contains(where: { $0.isWhitespace || $0.isNewline })
        else {
            problems.append("users.csv: the e-mail address of \(user) is not one; it is left out")
            return nil
        }
        return trimmed
    }
}

extension Array {
    /// The ids of the rows a delta export removes.
    fileprivate func removed(_ id: KeyPath<Element, String>) -> [String] where Element: RosterStatusHolding {
        filter { $0.status == .toBeDeleted }.map { $0[keyPath: id] }
    }
}

/// A OneRoster row with a status.
private protocol RosterStatusHolding {
    var status: RosterStatus { get }
}

extension RosterUser: RosterStatusHolding {}
extension OneRoster.RosterClass: RosterStatusHolding {}
extension OneRoster.RosterEnrollment: RosterStatusHolding {}
