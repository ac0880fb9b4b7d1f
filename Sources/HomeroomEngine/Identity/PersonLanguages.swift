import Foundation
import HomeroomCore
import SQLKit

/// The language each person chose (`/me language es`), kept under their home identity so that
/// every identity they link shares it, and whether Homeroom has offered them their language.
///
/// Read with the person's roles (``AccessDirectory``), so choosing one is in force at the next
/// message on every instance.
package enum PersonLanguages {
    static let table = "core_person_languages"

    static let migration = Migration(11, "each person's language, and whether it was offered") { context in
        try await context.database.create(table: table)
            .column("person", type: .text, .primaryKey(autoIncrement: false))
            .column("language", type: .text)
            .column("offered", type: .text)
            .column("updated_at", type: .bigint, .notNull).run()
    }

    /// What is stored for a person.
    package struct Stored: Sendable, Equatable {
        /// The language they chose, if any.
        package var language: Language?
        /// The language Homeroom last offered them, if it offered one.
        package var offered: Language?
    }

    /// What is stored for the person whose home identity is `person`.
    static func stored(for person: UserID, on db: any SQLDatabase) async throws -> Stored {
        guard
            let row = try await db.select().columns("language", "offered").from(table)
                .where("person", .equal, SQLBind(person.description)).first()
        else { return Stored() }
        return Stored(
            language: try row.decodeNil(column: "language")
                ? nil : Language(code: try row.decode(column: "language", as: String.self)),
            offered: try row.decodeNil(column: "offered")
                ? nil : Language(code: try row.decode(column: "offered", as: String.self)))
    }

    /// Stores `stored` for `person`, replacing what was there.
    static func store(_ stored: Stored, for person: UserID, at now: Date, on db: any SQLDatabase) async throws {
        try await db.delete(from: table).where("person", .equal, SQLBind(person.description)).run()
        guard stored.language != nil || stored.offered != nil else { return }
        try await db.insert(into: table).columns("person", "language", "offered", "updated_at")
            .values(
                SQLBind(person.description), SQLBind(stored.language?.code), SQLBind(stored.offered?.code),
                SQLBind(Int64(now.timeIntervalSince1970))
            ).run()
    }

    /// Deletes what is stored for `person` (`/me forget`).
    static func forget(_ person: UserID, on db: any SQLDatabase) async throws {
        try await db.delete(from: table).where("person", .equal, SQLBind(person.description)).run()
    }

}
