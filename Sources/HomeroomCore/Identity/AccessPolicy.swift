import Foundation

/// The roles a school defines and who holds them by configuration.
public struct AccessPolicy: Sendable {
    /// Role name → the capabilities (and `-` anti-capabilities) it carries.
    public var roles: [String: CapabilitySet]
    /// Platform ids that hold roles by configuration (the config's `admins` list gives `admin`).
    public var configuredRoles: [UserID: Set<String>]

    /// The role everyone holds, without logging in; by default it carries nothing.
    public static let everyoneRole = "everyone"

    /// The built-in roles: `admin` may do everything.
    public static let builtInRoles: [String: CapabilitySet] = ["admin": CapabilitySet(grants: ["*"])]

    /// Creates a policy; the built-in roles are added unless `roles` redefines them.
    public init(roles: [String: CapabilitySet] = [:], configuredRoles: [UserID: Set<String>] = [:]) {
        self.roles = AccessPolicy.builtInRoles.merging(roles) { _, configured in configured }
        self.configuredRoles = configuredRoles
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
