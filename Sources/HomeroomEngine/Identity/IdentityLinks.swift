import Crypto
import Foundation
import HomeroomCore
import SQLKit

/// One person across chat platforms: identities joined with a one-time code.
///
/// A person is known by their *home* identity, the one where `/link` was typed first: their
/// settings are kept under it and direct messages go to it. Every other identity joined to them
/// has a row in `core_identity_links` naming the home identity; an identity without a row is a
/// person of its own. Codes live in `core_link_codes`, as SHA-256 digests, for ``codeLifetime``;
/// redeeming one deletes it.
package struct IdentityLinks: HomeIdentities {
    /// What redeeming a code came to.
    package enum Redemption: Equatable, Sendable {
        /// Joined: the identity now belongs to the person whose home identity is given.
        case linked(home: UserID)
        /// No such code, or it expired.
        case unknownCode
        /// The code was made by this identity (or its own person).
        case sameIdentity
        /// The person already has an identity on this adapter.
        case adapterTaken(UserID)
        /// The identity already belongs to a person with other identities.
        case alreadyLinked([UserID])
    }

    static let linksTable = "core_identity_links"
    static let codesTable = "core_link_codes"

    static let migration = Migration(4, "linked identities and their one-time codes") { context in
        try await context.database.create(table: linksTable)
            .column("identity", type: .text, .primaryKey(autoIncrement: false))
            .column("home", type: .text, .notNull).column("linked_at", type: .bigint, .notNull).run()
        try await context.database.create(index: "core_identity_links_home").on(linksTable).column("home").run()
        try await context.database.create(table: codesTable)
            .column("digest", type: .text, .primaryKey(autoIncrement: false))
            .column("identity", type: .text, .notNull).column("expires_at", type: .bigint, .notNull).run()
    }

    /// How long a code may be redeemed.
    package static let codeLifetime: TimeInterval = 10 * 60
    /// The letters a code is made of: no 0/O, 1/I/L or U, which read alike or spell words.
    static let codeAlphabet = Array("23456789ABCDEFGHJKMNPQRSTVWXYZ")
    /// Letters in a code: 30⁸ ≈ 6.6 × 10¹¹ codes, against a handful of tries a minute.
    static let codeLength = 8

    let database: any Database

    /// Creates the links over `database`.
    package init(database: any Database) {
        self.database = database
    }

    /// The home identity of the person `identity` belongs to (itself when it is not linked).
    package func home(of identity: UserID) async throws -> UserID {
        try await database.read { try await Self.home(of: identity, on: $0) }
    }

    /// A new one-time code for `identity`, replacing any code it had; audited.
    package func issueCode(for identity: UserID, at now: Date, audit: AuditEntry) async throws -> String {
        var generator = SystemRandomNumberGenerator()
        let code = String((0..<Self.codeLength).map { _ in Self.codeAlphabet.randomElement(using: &generator)! })
        try await database.write { db in
            try await db.delete(from: Self.codesTable).where("identity", .equal, SQLBind(identity.description)).run()
            try await db.delete(from: Self.codesTable)
                .where("expires_at", .lessThanOrEqual, SQLBind(Int64(now.timeIntervalSince1970))).run()
            try await db.insert(into: Self.codesTable).columns("digest", "identity", "expires_at")
                .values(
                    SQLBind(Self.digest(of: code)), SQLBind(identity.description),
                    SQLBind(Int64(now.addingTimeInterval(Self.codeLifetime).timeIntervalSince1970))
                ).run()
            try await AuditLog.insert(audit, into: db)
        }
        return code
    }

    /// Joins `identity` to the person who was given `code`, when the code is valid and nothing
    /// stands in the way; a joined identity's own settings are put aside until it is unlinked.
    /// The code is used up by a successful join only; every attempt is audited.
    package func redeem(_ code: String, by identity: UserID, at now: Date, audit: AuditEntry) async throws -> Redemption
    {
        let digest = Self.digest(of: Self.normalized(code))
        return try await database.write { db in
            let row = try await db.select().columns("identity", "expires_at").from(Self.codesTable)
                .where("digest", .equal, SQLBind(digest)).first()
            let outcome: Redemption
            if let row, try row.decode(column: "expires_at", as: Int64.self) > Int64(now.timeIntervalSince1970),
                let issuer = UserID(try row.decode(column: "identity", as: String.self))
            {
                outcome = try await Self.join(identity, toPersonOf: issuer, at: now, on: db)
                if case .linked = outcome {
                    try await db.delete(from: Self.codesTable).where("digest", .equal, SQLBind(digest)).run()
                }
            } else {
                outcome = .unknownCode
            }
            let result =
                switch outcome {
                case .linked(let home): "joined \(home)"
                case .unknownCode: "refused: wrong or expired code"
                case .sameIdentity: "refused: the code is this person's own"
                case .adapterTaken(let other): "refused: \(other) is already linked"
                case .alreadyLinked: "refused: already linked elsewhere"
                }
            try await AuditLog.insert(
                AuditEntry(
                    at: audit.at, actor: audit.actor, action: audit.action, detail: "\(audit.detail): \(result)",
                    channel: audit.channel), into: db)
            return outcome
        }
    }

    /// Splits the identity on `adapter` off the person whose home is `home`; returns it, or nil
    /// when the person has none there. When the home itself leaves, it keeps the settings and
    /// the longest-linked of the others becomes the home of the rest.
    package func unlink(adapter: String, fromHome home: UserID, audit: AuditEntry) async throws -> UserID? {
        try await database.write { db in
            let identities = try await Self.identities(ofHome: home, on: db)
            guard identities.count > 1, let leaving = identities.first(where: { $0.adapter == adapter }) else {
                return nil
            }
            try await db.delete(from: Self.linksTable).where("identity", .equal, SQLBind(leaving.description)).run()
            if leaving == home, let newHome = identities.dropFirst().first {
                try await db.delete(from: Self.linksTable).where("identity", .equal, SQLBind(newHome.description)).run()
                try await db.update(Self.linksTable).set("home", to: SQLBind(newHome.description))
                    .where("home", .equal, SQLBind(home.description)).run()
            }
            try await AuditLog.insert(audit, into: db)
            return leaving
        }
    }

    /// Deletes the links and codes of every identity of the person whose home is `home`, inside
    /// the caller's transaction (`/me forget`). The links the school's roster made (to a home
    /// `roster:…`) stay: the next import would make them again, and the school office changes them.
    static func forget(home: UserID, identities: [UserID], on db: any SQLDatabase) async throws {
        let kept = Set(try await RosterBook.contactIdentities(of: home, on: db).map(\.description))
        let joined = try await Self.identities(ofHome: home, on: db).dropFirst()
        let leaving = (joined + identities).filter { !kept.contains($0.description) }
        try await db.deleteRows(naming: leaving, from: linksTable, column: "identity")
        try await db.deleteRows(naming: identities, from: codesTable, column: "identity")
    }

    static func home(of identity: UserID, on db: any SQLDatabase) async throws -> UserID {
        try await db.select().column("home").from(linksTable).where("identity", .equal, SQLBind(identity.description))
            .first().flatMap { UserID(try $0.decode(column: "home", as: String.self)) } ?? identity
    }

    static func identities(ofHome home: UserID, on db: any SQLDatabase) async throws -> [UserID] {
        let joined = try await db.select().column("identity").from(linksTable)
            .where("home", .equal, SQLBind(home.description)).orderBy("linked_at").orderBy("identity").all()
            .compactMap { UserID(try $0.decode(column: "identity", as: String.self)) }
        return [home] + joined
    }

    private static func join(_ identity: UserID, toPersonOf issuer: UserID, at now: Date, on db: any SQLDatabase)
        async throws -> Redemption
    {
        let home = try await home(of: issuer, on: db)
        let theirs = try await identities(ofHome: home, on: db)
        guard !theirs.contains(identity) else { return .sameIdentity }
        let mine = try await identities(ofHome: try await self.home(of: identity, on: db), on: db)
        guard mine.count == 1 else { return .alreadyLinked(mine) }
        if let taken = theirs.first(where: { $0.adapter == identity.adapter }) { return .adapterTaken(taken) }
        try await db.insert(into: linksTable).columns("identity", "home", "linked_at")
            .values(
                SQLBind(identity.description), SQLBind(home.description), SQLBind(Int64(now.timeIntervalSince1970))
            ).run()
        return .linked(home: home)
    }

    /// A typed code without spaces or dashes, in capitals.
    static func normalized(_ code: String) -> String {
        code.uppercased().filter { $0 != "-" && $0 != " " }
    }

    static func digest(of code: String) -> String {
        SHA256.hash(data: Data(code.utf8)).map { String(format: "%02x", $0) }.joined()
    }
}
