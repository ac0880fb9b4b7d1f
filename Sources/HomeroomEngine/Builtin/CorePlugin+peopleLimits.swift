import HomeroomCore

/// What a holder of `admin.roles` may do to others on the people page: no more than their own
/// roles allow, so that the page never makes anyone more powerful than the person using it.
extension CorePlugin {
    /// True when `caller`'s capabilities cover every capability `role` carries (`*` only by a
    /// caller who holds `*` with nothing denied).
    func caller(_ caller: Caller, covers role: String) -> Bool {
        guard let capabilities = login.directory.policy.roles[role] else { return false }
        return capabilities.grants.allSatisfy { pattern in
            if pattern == "*" {
                return caller.capabilities.grants.contains("*") && caller.capabilities.denials.isEmpty
            }
            return caller.may(pattern.hasSuffix(".*") ? String(pattern.dropLast(2)) : pattern)
        }
    }

    /// True when `caller` may grant, revoke, set the PIN of or unlock `user` with `role` (nil for a
    /// PIN or an unlock): never their own grant, and only roles, and people, their own roles cover.
    func caller(_ caller: Caller, mayManage user: UserID, role: String?) async throws -> Bool {
        if let role, !self.caller(caller, covers: role) { return false }
        let held = try await login.directory.roles(of: user)
        return held.allSatisfy { self.caller(caller, covers: $0) }
    }
}
