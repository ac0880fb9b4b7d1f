import Foundation
import HomeroomCore
import SQLKit

/// Circles, their members, invitations and posts (tables described in ``EventStore``), each of
/// the storage's scope: two schools may each have a circle of the same name. Only
/// ``forget(_:on:)`` reaches every scope, since a person is forgotten everywhere.
struct CircleStore: Sendable {
    let storage: PluginStorage

    /// The column rows keep their scope in.
    private static let scope = PluginStorage.scopeColumn

    /// This storage's scope, to bind in a query.
    private var scope: SQLBind { SQLBind(storage.scope) }

    func circle(_ name: String) async throws -> Circle? {
        let table = storage.table("circles")
        let scope = scope
        return try await storage.read { db in
            try await db.select().columns("name", "owner", "open").from(table).where(Self.scope, .equal, scope)
                .where("name", .equal, name).first().flatMap(Self.circle(in:))
        }
    }

    /// Every circle, by name, with its number of members.
    func all() async throws -> [(circle: Circle, members: Int)] {
        let circles = storage.table("circles")
        let members = storage.table("members")
        let scope = scope
        return try await storage.read { db in
            let counts = try await db.select().column("circle").column(
                SQLFunction("COUNT", args: SQLLiteral.all), as: "n"
            )
            .from(members).where(Self.scope, .equal, scope).groupBy("circle").all()
            .reduce(into: [String: Int]()) {
                $0[try $1.decode(column: "circle", as: String.self)] = try $1.decode(column: "n", as: Int.self)
            }
            return try await db.select().columns("name", "owner", "open").from(circles).where(Self.scope, .equal, scope)
                .orderBy("name").all().compactMap(Self.circle(in:)).map { ($0, counts[$0.name] ?? 0) }
        }
    }

    /// The circles `user` belongs to, by name.
    func circles(of user: UserID) async throws -> [String] {
        let table = storage.table("members")
        let scope = scope
        return try await storage.read { db in
            try await db.select().column("circle").from(table).where(Self.scope, .equal, scope)
                .where("user_id", .equal, user.description).orderBy("circle").all().map {
                    try $0.decode(column: "circle", as: String.self)
                }
        }
    }

    func members(of circle: String) async throws -> [UserID] {
        let table = storage.table("members")
        let scope = scope
        return try await storage.read { db in
            try await db.select().column("user_id").from(table).where(Self.scope, .equal, scope)
                .where("circle", .equal, circle).orderBy("joined_at").all().compactMap {
                    UserID(try $0.decode(column: "user_id", as: String.self))
                }
        }
    }

    func isMember(_ user: UserID, of circle: String) async throws -> Bool {
        let table = storage.table("members")
        let scope = scope
        return try await storage.read { db in
            try await db.select().column("user_id").from(table).where(Self.scope, .equal, scope)
                .where("circle", .equal, circle).where("user_id", .equal, user.description).first() != nil
        }
    }

    func isInvited(_ user: UserID, to circle: String) async throws -> Bool {
        let table = storage.table("invitations")
        let scope = scope
        return try await storage.read { db in
            try await db.select().column("user_id").from(table).where(Self.scope, .equal, scope)
                .where("circle", .equal, circle).where("user_id", .equal, user.description).first() != nil
        }
    }

    /// Creates `circle` with its owner as the first member; false when the name is taken.
    func create(_ circle: Circle, at now: Date, audit: AuditEntry) async throws -> Bool {
        let circles = storage.table("circles")
        let members = storage.table("members")
        let scope = scope
        return try await storage.write { db in
            let taken = try await db.select().column("name").from(circles).where(Self.scope, .equal, scope)
                .where("name", .equal, circle.name).first()
            guard taken == nil else { return false }
            try await db.insert(into: circles).columns(Self.scope, "name", "owner", "open", "created_at")
                .values(
                    scope, SQLBind(circle.name), SQLBind(circle.owner.description), SQLBind(circle.isOpen ? 1 : 0),
                    SQLBind(EventStore.seconds(now))
                ).run()
            try await db.insert(into: members).columns(Self.scope, "circle", "user_id", "joined_at")
                .values(
                    scope, SQLBind(circle.name), SQLBind(circle.owner.description), SQLBind(EventStore.seconds(now))
                ).run()
            try await storage.audit.insert(audit, into: db)
            return true
        }
    }

    /// Invites `user` (again, if already invited) and, in the same transaction, queues `notice`
    /// to them in a direct message, said in their language (else the language of `school`).
    func invite(
        _ user: UserID, to circle: String, by inviter: UserID, at now: Date, school: SchoolCalendar,
        notice: @escaping @Sendable (Words) -> String
    ) async throws {
        let table = storage.table("invitations")
        let scope = scope
        try await storage.write { db in
            let words = try await recipientWords(user, school: school, on: db)
            // The scope is in the key: another school's circle of the same name is another circle.
            try await storage.notifications.enqueue(
                adapter: user.adapter, target: .user(user), lines: [notice(words)],
                idempotencyKey: "circle-invite:\(storage.scope):\(circle):\(user):\(EventStore.seconds(now))", due: now,
                into: db)
            try await db.delete(from: table).where(Self.scope, .equal, scope).where("circle", .equal, circle)
                .where("user_id", .equal, user.description).run()
            try await db.insert(into: table).columns(Self.scope, "circle", "user_id", "invited_by", "invited_at")
                .values(
                    scope, SQLBind(circle), SQLBind(user.description), SQLBind(inviter.description),
                    SQLBind(EventStore.seconds(now))
                ).run()
        }
    }

    /// Adds `user` to `circle`, using up an invitation if there was one.
    func join(_ user: UserID, _ circle: String, at now: Date) async throws {
        let members = storage.table("members")
        let invitations = storage.table("invitations")
        let scope = scope
        try await storage.write { db in
            try await db.delete(from: invitations).where(Self.scope, .equal, scope).where("circle", .equal, circle)
                .where("user_id", .equal, user.description).run()
            try await db.delete(from: members).where(Self.scope, .equal, scope).where("circle", .equal, circle)
                .where("user_id", .equal, user.description).run()
            try await db.insert(into: members).columns(Self.scope, "circle", "user_id", "joined_at")
                .values(scope, SQLBind(circle), SQLBind(user.description), SQLBind(EventStore.seconds(now))).run()
        }
    }

    /// Takes `user` out of `circle`; false when they were not in it.
    func remove(_ user: UserID, from circle: String, audit: AuditEntry?) async throws -> Bool {
        let members = storage.table("members")
        let scope = scope
        return try await storage.write { db in
            let present =
                try await db.select().column("user_id").from(members).where(Self.scope, .equal, scope)
                .where("circle", .equal, circle).where("user_id", .equal, user.description).first() != nil
            guard present else { return false }
            try await db.delete(from: members).where(Self.scope, .equal, scope).where("circle", .equal, circle)
                .where("user_id", .equal, user.description).run()
            if let audit { try await storage.audit.insert(audit, into: db) }
            return true
        }
    }

    /// Makes `user` (a member) the owner of `circle`.
    func handOver(_ circle: String, to user: UserID, audit: AuditEntry) async throws {
        let circles = storage.table("circles")
        let scope = scope
        try await storage.write { db in
            try await db.update(circles).set("owner", to: SQLBind(user.description)).where(Self.scope, .equal, scope)
                .where("name", .equal, circle).run()
            try await storage.audit.insert(audit, into: db)
        }
    }

    /// Deletes `circle` with its members, invitations and events (its last member left).
    func delete(_ circle: String) async throws {
        let tables = ["circles", "members", "invitations", "events"].map(storage.table)
        let scope = scope
        try await storage.write { db in
            try await db.delete(from: tables[0]).where(Self.scope, .equal, scope).where("name", .equal, circle).run()
            for table in tables.dropFirst() {
                try await db.delete(from: table).where(Self.scope, .equal, scope).where("circle", .equal, circle).run()
            }
        }
    }

    /// Takes the person known by `identities` out of every circle on `db` (inside `/me forget`'s
    /// transaction), in every scope: their memberships, invitations and posts go; a circle they
    /// own passes to its longest-standing other member, or is deleted with its events when there
    /// is none.
    func forget(_ identities: [UserID], on db: any SQLDatabase) async throws {
        let names = identities.map(\.description)
        let (circles, members) = (storage.table("circles"), storage.table("members"))
        let owned = try await db.select().columns(Self.scope, "name").from(circles)
            .where("owner", .in, SQLBind.group(names)).all()
            .map {
                (
                    scope: try $0.decode(column: Self.scope, as: String.self),
                    name: try $0.decode(column: "name", as: String.self)
                )
            }
        for circle in owned {
            let scope = SQLBind(circle.scope)
            let heir = try await db.select().column("user_id").from(members).where(Self.scope, .equal, scope)
                .where("circle", .equal, circle.name).where("user_id", .notIn, SQLBind.group(names))
                .orderBy("joined_at").first()
                .map { try $0.decode(column: "user_id", as: String.self) }
            if let heir {
                try await db.update(circles).set("owner", to: SQLBind(heir)).where(Self.scope, .equal, scope)
                    .where("name", .equal, circle.name).run()
            } else {
                try await db.delete(from: circles).where(Self.scope, .equal, scope).where("name", .equal, circle.name)
                    .run()
                for table in ["members", "invitations", "events", "posts"].map(storage.table) {
                    try await db.delete(from: table).where(Self.scope, .equal, scope)
                        .where("circle", .equal, circle.name).run()
                }
            }
        }
        try await db.delete(from: members).where("user_id", .in, SQLBind.group(names)).run()
        try await db.delete(from: storage.table("invitations")).where("user_id", .in, SQLBind.group(names)).run()
        try await db.delete(from: storage.table("posts")).where("author", .in, SQLBind.group(names)).run()
    }

    /// Records a post and, in the same transaction, queues it for every member but the author,
    /// each on the adapter they use Homeroom on, in a direct message in their language (else the
    /// language of `school`). Returns how many it went to.
    func post(_ text: String, to circle: String, by author: UserID, at now: Date, school: SchoolCalendar) async throws
        -> Int
    {
        let posts = storage.table("posts")
        let recipients = try await members(of: circle).filter { $0 != author }
        let name = author.id.split(separator: ":").last.map(String.init) ?? author.id
        let scope = scope
        return try await storage.write { db in
            let rows = try await db.insert(into: posts).columns(Self.scope, "circle", "author", "text", "posted_at")
                .values(
                    scope, SQLBind(circle), SQLBind(author.description), SQLBind(text), SQLBind(EventStore.seconds(now))
                )
                .returning("id").all()
            let post = try rows[0].decode(column: "id", as: Int64.self)
            for member in recipients {
                let words = try await recipientWords(member, school: school, on: db)
                let line = words("[{circle}] {author}: {text}", ["circle": circle, "author": name, "text": text])
                try await storage.notifications.enqueue(
                    adapter: member.adapter, target: .user(member), lines: [line],
                    idempotencyKey: "circle-post:\(post):\(member)", due: now, into: db)
            }
            return recipients.count
        }
    }

    /// What `user` reads a notification in: the events plugin's words in their chosen language,
    /// else in the language of `school`.
    private func recipientWords(_ user: UserID, school: SchoolCalendar, on db: any SQLDatabase) async throws -> Words {
        let language = try await storage.notifications.language(of: .user(user), adapter: user.adapter, on: db)
        return Words(EventsPlugin.catalogs, language ?? school.language)
    }

    private static func circle(in row: any SQLRow) throws -> Circle? {
        guard let owner = UserID(try row.decode(column: "owner", as: String.self)) else { return nil }
        return Circle(
            name: try row.decode(column: "name", as: String.self), owner: owner,
            isOpen: try row.decode(column: "open", as: Int.self) != 0)
    }
}
