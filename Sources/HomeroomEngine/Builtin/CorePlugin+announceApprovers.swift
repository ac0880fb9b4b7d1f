import Foundation
import HomeroomCore
import SQLKit

extension CorePlugin {
    /// Asks everyone who may approve `announcement` (a role that allows `announce.approve`, held
    /// at the district or at its school, granted or configured), but its author, to approve it:
    /// a direct message each, in their language, through the outbox. Returns how many were asked.
    func askForApproval(of announcement: Announcement, _ context: CommandContext) async throws -> Int {
        let policy = login.directory.policy
        let roles = policy.roles.filter { $0.key != AccessPolicy.everyoneRole && $0.value.allows("announce.approve") }
            .map(\.key)
        guard !roles.isEmpty else { return 0 }
        let author = try await IdentityLinks(database: context.storage.database).home(of: announcement.author)
        let configured = policy.configuredRoles.filter { !$0.value.isDisjoint(with: roles) }.map(\.key)
        let audience = announcement.audience
        return try await context.storage.database.write { db in
            var approvers = Set(configured)
            let granted = try await db.select().column("identity").from(AccessDirectory.rolesTable)
                .where("role", .in, SQLBind.group(roles)).all()
            var schoolGranted: [any SQLRow] = []
            if let school = announcement.school {
                schoolGranted = try await db.select().column("identity").from(SchoolAssignments.rolesTable)
                    .where("role", .in, SQLBind.group(roles)).where("school", .equal, SQLBind(school)).all()
            }
            for row in granted + schoolGranted {
                if let identity = UserID(try row.decode(column: "identity", as: String.self)) {
                    approvers.insert(identity)
                }
            }
            var asked = 0
            for approver in approvers.sorted() {
                let home = try await IdentityLinks.home(of: approver, on: db)
                guard home != author else { continue }
                let language =
                    try await PersonLanguages.stored(for: home, on: db).language ?? context.services.school.language
                let words = Words(.engine, language)
                let lines =
                    [
                        words(
                            "Announcement {number} from {author} to {audience} waits for your approval:",
                            [
                                "number": String(announcement.id), "author": announcement.author.description,
                                "audience": Self.describe(audience, words),
                            ])
                    ] + announcement.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) + [
                        words(
                            "Approve it with {command}.",
                            ["command": context.typed("announce approve \(announcement.id)")])
                    ]
                if try await Outbox.enqueue(
                    adapter: approver.adapter, target: .user(approver), lines: lines,
                    idempotencyKey: "announce-approval:\(announcement.id):\(approver)", due: context.now, into: db)
                {
                    asked += 1
                }
            }
            return asked
        }
    }
}
