import Foundation
import HomeroomCore

extension CorePlugin {
    /// The capability of the console's page of people and roles.
    static let rolesCapability = "admin.roles"
    /// What the audit log records as the channel of a change made in the web console.
    static let webChannel = "web"

    /// `/console/people`: who holds which role, by grant or by the configuration, and forms that
    /// grant and revoke roles, set PINs and end PIN lockouts. Each change is audited as made by
    /// the signed-in person through the web, in the transaction that makes it.
    var peoplePage: ConsolePage {
        ConsolePage(
            "people", capability: Self.rolesCapability, title: { words in words("People and roles") },
            show: { request in try await showPeople(request) },
            change: { request in try await changePeople(request) })
    }

    /// The roles the page offers to grant: every role the configuration defines but `everyone`,
    /// which everyone holds already.
    private var grantableRoles: [String] {
        login.directory.policy.roles.keys.filter { $0 != AccessPolicy.everyoneRole }.sorted()
    }

    private func showPeople(_ request: ConsoleRequest) async throws -> ConsoleView {
        let words = request.words
        let directory = login.directory
        let configured = directory.policy.configuredRoles.sorted { $0.key < $1.key }
            .flatMap { user, roles in roles.sorted().map { (user: user.description, role: $0) } }
        // Roles held at one school are granted and listed with the command line (--school).
        let granted = try await directory.storedGrants().filter { $0.school == nil }
        let configuredRows: [[ConsoleCell]] = configured.map {
            [.text($0.user), .text($0.role), .text(words("Set in the configuration, not here."))]
        }
        let grantedRows: [[ConsoleCell]] = granted.map { grant in
            [
                .text(grant.user), .text(grant.role),
                .form(
                    ConsoleForm(
                        action: "revoke", hidden: ["identity": grant.user, "role": grant.role],
                        submit: words("Revoke"), isDestructive: true)),
            ]
        }
        let rows = configuredRows + grantedRows
        var blocks: [ConsoleBlock] = [
            .heading(words("Roles")),
            rows.isEmpty
                ? .paragraph(words("Nobody holds a role yet."))
                : .table(
                    ConsoleTable(
                        caption: words("Who holds which role"),
                        columns: [words("Identity"), words("Role"), words("Revoke")], rows: rows)),
            .form(
                ConsoleForm(
                    action: "grant",
                    fields: [
                        identityField(words),
                        ConsoleField(
                            "role", label: words("Role"), kind: .choice(grantableRoles.map { (value: $0, label: $0) })),
                    ], submit: words("Grant"))),
            .heading(words("PINs")),
            .form(
                ConsoleForm(
                    action: "pin",
                    fields: [
                        identityField(words),
                        ConsoleField(
                            "pin", label: words("New PIN"), kind: .secret,
                            hint: words.plural(
                                "{count} or more digits.", "{count} or more digits.",
                                count: login.policy.minimumPINLength)),
                    ], submit: words("Set PIN"))),
            .heading(words("Locked out")),
        ]
        let lockouts = try await login.lockouts()
        if lockouts.isEmpty {
            blocks.append(.paragraph(words("Nobody is locked out of PIN logins.")))
        } else {
            blocks.append(
                .table(
                    ConsoleTable(
                        caption: words("Locked out of PIN logins"),
                        columns: [words("Identity"), words("Locked until"), words("Unlock")],
                        rows: lockouts.map { lockout in
                            [
                                .text(lockout.user), .moment(lockout.until, words, at: request.school),
                                .form(
                                    ConsoleForm(
                                        action: "unlock", hidden: ["identity": lockout.user], submit: words("Unlock"))),
                            ]
                        })))
        }
        return ConsoleView(blocks)
    }

    private func identityField(_ words: Words) -> ConsoleField {
        ConsoleField("identity", label: words("Identity"), hint: words("Written adapter:id, like slack:T1:U2."))
    }

    private func changePeople(_ request: ConsoleRequest) async throws -> [ConsoleNotice] {
        let words = request.words
        let directory = login.directory
        let actor = request.caller.user
        let user = try identity(in: request)
        let values: KeyValuePairs<String, String> = ["user": "\(user)", "role": request.form["role", default: ""]]
        let action = request.form["action"]
        let role = ["grant", "revoke"].contains(action) ? request.form["role", default: ""] : nil
        if action == "grant", request.caller.identities.contains(user) {
            throw UserFacingError(words("You cannot grant a role to yourself."))
        }
        if let role, role != "", !grantableRoles.contains(role), action == "grant" {
            throw UserFacingError(words("There is no role {role}.", values))
        }
        guard try await caller(request.caller, mayManage: user, role: role) else {
            throw UserFacingError(words("You can change only roles, PINs and people that your own roles cover."))
        }
        switch action {
        case "grant":
            let role = request.form["role", default: ""]
            guard grantableRoles.contains(role) else {
                throw UserFacingError(words("There is no role {role}.", values))
            }
            let added = try await directory.grant(role, to: user, by: actor, channel: Self.webChannel)
            return [
                ConsoleNotice(
                    added ? words("{user} now holds {role}.", values) : words("{user} already holds {role}.", values))
            ]
        case "revoke":
            let role = request.form["role", default: ""]
            guard try await keepsRolesPage(request.caller, revoking: role, from: user) else {
                throw UserFacingError(words("You cannot revoke your own last role that lets you change roles."))
            }
            let removed = try await directory.revoke(role, from: user, by: actor, channel: Self.webChannel)
            return [
                ConsoleNotice(
                    removed
                        ? words("{user} no longer holds {role}.", values) : words("{user} did not hold {role}.", values)
                )
            ]
        case "pin":
            do {
                try await login.setPIN(
                    request.form["pin", default: ""].trimmingCharacters(in: .whitespaces), for: user, by: actor,
                    channel: Self.webChannel)
            } catch is PinLogin.UnacceptablePIN {
                throw UserFacingError(
                    words.plural(
                        "A PIN is {count} or more digits, and nothing else.",
                        "A PIN is {count} or more digits, and nothing else.", count: login.policy.minimumPINLength))
            }
            return [ConsoleNotice(words("PIN set for {user}.", values))]
        case "unlock":
            let unlocked = try await login.unlock(user, by: actor, channel: Self.webChannel)
            return [
                ConsoleNotice(
                    unlocked
                        ? words("{user} can log in with a PIN again.", values)
                        : words("{user} was not locked out.", values))
            ]
        default:
            throw UserFacingError(words("This form is not known here."))
        }
    }

    /// The identity a form names, as `adapter:id`; a short refusal when it is not one.
    private func identity(in request: ConsoleRequest) throws -> UserID {
        let text = request.form["identity", default: ""].trimmingCharacters(in: .whitespaces)
        guard let user = UserID(text) else {
            let words = request.words
            throw UserFacingError(words("Write the identity as adapter:id, like slack:T1:U2."))
        }
        return user
    }

    /// False when taking `role` from `user` would leave `caller` (when `user` is one of their
    /// identities) without this page: no other role of theirs, granted or configured, carries
    /// its capability.
    private func keepsRolesPage(_ caller: Caller, revoking role: String, from user: UserID) async throws -> Bool {
        guard caller.identities.contains(user) else { return true }
        let policy = login.directory.policy
        let own = Set(caller.identities.map(\.description))
        let kept =
            try await login.directory.storedGrants()
            .filter { $0.school == nil && own.contains($0.user) && ($0.user, $0.role) != (user.description, role) }
            .map(\.role)
            + caller.identities.flatMap { policy.configuredRoles[$0] ?? [] }
        return policy.capabilities(holding: kept, rolesInForce: true).allows(Self.rolesCapability)
    }
}
