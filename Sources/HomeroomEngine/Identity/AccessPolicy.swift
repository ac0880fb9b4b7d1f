import Foundation
import HomeroomCore

/// The roles a school defines and who holds them by configuration.
package struct AccessPolicy: Sendable {
    /// Role name → the capabilities (and `-` anti-capabilities) it carries.
    package var roles: [String: CapabilitySet]
    /// Platform ids that hold roles by configuration (the config's `admins` list gives `admin`).
    package var configuredRoles: [UserID: Set<String>]
    /// Platform ids that hold roles at one school by configuration (a school's `admins`): id →
    /// school id → roles.
    package var configuredSchoolRoles: [UserID: [String: Set<String>]]

    /// The role everyone holds, without logging in; by default it carries nothing.
    package static let everyoneRole = "everyone"

    /// The built-in roles: `admin` may do everything.
    package static let builtInRoles: [String: CapabilitySet] = ["admin": CapabilitySet(grants: ["*"])]

    /// Creates a policy; the built-in roles are added unless `roles` redefines them.
    package init(
        roles: [String: CapabilitySet] = [:], configuredRoles: [UserID: Set<String>] = [:],
        configuredSchoolRoles: [UserID: [String: Set<String>]] = [:]
    ) {
        self.roles = AccessPolicy.builtInRoles.merging(roles) { _, configured in configured }
        self.configuredRoles = configuredRoles
        self.configuredSchoolRoles = configuredSchoolRoles
    }

    /// Why roles cannot be granted to `user`, or nil when they can. An IRC id made of a nick and
    /// host (`irc:libera:alice!~a@host`) is refused: anyone can take a nick, so only a services
    /// account the server vouches for (`irc:libera:alice`) may hold a role.
    package static func problemGranting(to user: UserID) -> String? {
        guard user.adapter == "irc", user.id.contains("!") || user.id.contains("@") else { return nil }
        let network = user.id.prefix { $0 != ":" }
        let nick = user.id.split(separator: ":", maxSplits: 1).last?.prefix { $0 != "!" } ?? ""
        return "\(user) is a nick, which anyone can take on IRC — grant the services account instead "
            + "(irc:\(network):ACCOUNT, e.g. irc:\(network):\(nick) if that is the account they log in to with SASL or NickServ)"
    }

    /// The capabilities in force for someone holding `roles`: grants only when `rolesInForce`
    /// (a verified id or a PIN login), denials always, and the `everyone` role's in any case.
    func capabilities(holding roleNames: some Sequence<String>, rolesInForce: Bool) -> CapabilitySet {
        var result = roles[AccessPolicy.everyoneRole] ?? .none
        for name in roleNames {
            guard let role = roles[name] else { continue }
            result.formUnion(rolesInForce ? role : CapabilitySet(denials: role.denials))
        }
        return result
    }
}
