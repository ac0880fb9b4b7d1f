import Foundation
import HomeroomCore
import SQLKit

/// The announcements (`core_announcements`): what was written, for whom, where each stands, and
/// how far its fan-out got, so that a stopped fan-out goes on where it was.
package struct AnnouncementBook: Sendable {
    let database: any Database

    /// The book kept in `database`.
    package init(database: any Database) {
        self.database = database
    }

    /// What a new announcement says and whom it is for.
    package struct Draft: Sendable {
        package var school: String?
        package var author: UserID
        package var text: String
        package var translations: [Language: String] = [:]
        package var audience: Audience
        package var isUrgent = false
        package var sendAt: Date?
        package var corrects: Int64?

        /// A draft of `text` by `author` for `audience`.
        package init(school: String?, author: UserID, text: String, audience: Audience) {
            self.school = school
            self.author = author
            self.text = text
            self.audience = audience
        }
    }

    /// Adds `draft` in `state`, with `audit`; returns it with its number.
    package func add(_ draft: Draft, state: Announcement.State, at now: Date, audit: AuditEntry) async throws
        -> Announcement
    {
        let translations = Dictionary(uniqueKeysWithValues: draft.translations.map { ($0.key.code, $0.value) })
        let encoded = String(decoding: try JSONEncoder().encode(translations), as: UTF8.self)
        let id = try await database.write { db in
            let row = try await db.insert(into: Self.table)
                .columns(
                    "school", "author", "body", "translations", "audience", "urgent", "send_at", "state",
                    "created_at", "corrects", "queued", "opted_out", "unreachable"
                )
                .values(
                    SQLBind(draft.school), SQLBind(draft.author.description), SQLBind(draft.text), SQLBind(encoded),
                    SQLBind(draft.audience.stored), SQLBind(draft.isUrgent ? 1 : 0),
                    SQLBind(draft.sendAt.map { Int64($0.timeIntervalSince1970) }), SQLBind(state.rawValue),
                    SQLBind(Int64(now.timeIntervalSince1970)), SQLBind(draft.corrects), SQLBind(0), SQLBind(0),
                    SQLBind(0)
                )
                .returning("id").first()
            try await AuditLog.insert(audit, into: db)
            return try row?.decode(column: "id", as: Int64.self) ?? 0
        }
        guard let added = try await announcement(id) else { throw AnnouncementMissing(id: id) }
        return added
    }

    /// Announcement `id`; nil when there is none.
    package func announcement(_ id: Int64) async throws -> Announcement? {
        try await database.read { db in
            try await db.select().column("*").from(Self.table).where("id", .equal, SQLBind(id)).first()
                .map(Self.announcement(from:))
        }
    }

    /// The latest `limit` announcements of `school` (every school's when nil), newest first.
    package func latest(_ limit: Int, school: String?) async throws -> [Announcement] {
        try await database.read { db in
            var query = db.select().column("*").from(Self.table)
            if let school { query = query.where("school", .equal, SQLBind(school)) }
            return try await query.orderBy("id", .descending).limit(limit).all().map(Self.announcement(from:))
        }
    }

    /// Moves announcement `id` from `from` to `to` (recording `approver`, when given) with
    /// `audit`; false when it was not in `from` any more (someone else moved it first).
    package func move(
        _ id: Int64, from: Announcement.State, to: Announcement.State, approvedBy approver: UserID? = nil,
        audit: AuditEntry
    ) async throws -> Bool {
        try await database.write { db in
            var update = db.update(Self.table).set("state", to: SQLBind(to.rawValue))
            if let approver { update = update.set("approved_by", to: SQLBind(approver.description)) }
            let moved = try await update.where("id", .equal, SQLBind(id))
                .where("state", .equal, SQLBind(from.rawValue)).returning("id").all()
            guard !moved.isEmpty else { return false }
            try await AuditLog.insert(audit, into: db)
            return true
        }
    }

    /// The announcements whose fan-out should run now: scheduled ones whose time came, and
    /// fan-outs no instance holds (their claim ran out: the instance stopped).
    package func due(at now: Date) async throws -> [Int64] {
        let stamp = Int64(now.timeIntervalSince1970)
        return try await database.read { db in
            try await db.select().column("id").from(Self.table)
                .where { group in
                    group.where { scheduled in
                        scheduled.where("state", .equal, SQLBind(Announcement.State.scheduled.rawValue))
                            .where { time in
                                time.where("send_at", .is, SQLLiteral.null)
                                    .orWhere("send_at", .lessThanOrEqual, SQLBind(stamp))
                            }
                    }
                    .orWhere { sending in
                        sending.where("state", .equal, SQLBind(Announcement.State.sending.rawValue))
                            .where { free in
                                free.where("claim_expires_at", .is, SQLLiteral.null)
                                    .orWhere("claim_expires_at", .lessThan, SQLBind(stamp))
                            }
                    }
                }
                .orderBy("id").limit(100).all().map { try $0.decode(column: "id", as: Int64.self) }
        }
    }

    static func announcement(from row: any SQLRow) throws -> Announcement {
        let translations =
            (try? JSONDecoder().decode(
                [String: String].self, from: Data(try row.decode(column: "translations", as: String.self).utf8))) ?? [:]
        return Announcement(
            id: try row.decode(column: "id", as: Int64.self),
            school: try row.decode(column: "school", as: String?.self),
            author: UserID(try row.decode(column: "author", as: String.self)) ?? UserID(adapter: "unknown", id: "?"),
            text: try row.decode(column: "body", as: String.self),
            translations: Dictionary(
                translations.compactMap { code, text in Language(code: code).map { ($0, text) } },
                uniquingKeysWith: { first, _ in first }),
            audience: Audience(stored: try row.decode(column: "audience", as: String.self)) ?? .channels([]),
            isUrgent: try row.decode(column: "urgent", as: Int64.self) != 0,
            sendAt: try row.decode(column: "send_at", as: Int64?.self).map { Date(timeIntervalSince1970: Double($0)) },
            state: Announcement.State(rawValue: try row.decode(column: "state", as: String.self)) ?? .cancelled,
            approvedBy: try row.decode(column: "approved_by", as: String?.self).flatMap(UserID.init),
            createdAt: Date(timeIntervalSince1970: Double(try row.decode(column: "created_at", as: Int64.self))),
            corrects: try row.decode(column: "corrects", as: Int64?.self))
    }
}

/// An announcement just written could not be read back.
struct AnnouncementMissing: Error, CustomStringConvertible {
    let id: Int64
    var description: String { "announcement \(id) was written but cannot be read back" }
}
