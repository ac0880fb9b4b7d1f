import Foundation
import HomeroomCore
import SQLKit

extension RosterBook {
    /// The choice `person` (a home identity) made with `/me notify`; nil when none.
    package func notifyChoice(of person: UserID) async throws -> NotifyChoice? {
        try await database.read { db in
            try await db.select().column("via").from(Self.choicesTable)
                .where("person", .equal, SQLBind(person.description)).first()
                .flatMap { NotifyChoice(rawValue: try $0.decode(column: "via", as: String.self)) }
        }
    }

    /// Records that `person` wants notifications by `choice`, with `audit`.
    package func setNotifyChoice(_ choice: NotifyChoice, of person: UserID, at now: Date, audit: AuditEntry)
        async throws
    {
        try await database.write { db in
            try await db.insert(into: Self.choicesTable).columns("person", "via", "set_at")
                .values(
                    SQLBind(person.description), SQLBind(choice.rawValue), SQLBind(Int64(now.timeIntervalSince1970))
                )
                .onConflict(with: "person") { $0.set(excludedValueOf: "via").set(excludedValueOf: "set_at") }.run()
            try await AuditLog.insert(audit, into: db)
        }
    }

    /// Where a notice to each of `people` goes, one identity each, by their choices: each person
    /// once, and those the roster gives no contact left out.
    package func notifyTargets(of people: [RosterPerson]) async throws -> [(person: RosterPerson, target: UserID)] {
        let choices = try await database.read { db in
            var choices: [String: NotifyChoice] = [:]
            for batch in stride(from: 0, to: people.count, by: Self.batchSize) {
                let page = Array(people[batch..<min(batch + Self.batchSize, people.count)])
                choices.merge(try await Self.choices(of: page, on: db)) { first, _ in first }
            }
            return choices
        }
        return people.compactMap { person in
            NotifyChoice.target(of: person, choosing: choices[person.home.description]).map { (person, $0) }
        }
    }

    /// Where a notification to `identity` goes instead, when its person is in the roster and
    /// chose (with `/me notify`) a contact other than `identity`; nil to leave it as it is.
    package func chosenContact(for identity: UserID) async throws -> UserID? {
        let home = try await IdentityLinks(database: database).home(of: identity)
        guard let choice = try await notifyChoice(of: home), let person = try await person(home: home),
            let contact = choice.contact(of: person), contact != identity
        else { return nil }
        return contact
    }

    /// Deletes `person`'s notification choice, inside the `/me forget` transaction.
    static func forgetChoice(of person: UserID, on db: any SQLDatabase) async throws {
        try await db.deleteRows(naming: [person], from: choicesTable, column: "person")
    }
}
