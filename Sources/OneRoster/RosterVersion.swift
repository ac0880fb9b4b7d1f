/// The OneRoster version of an export, from `oneroster.version` in its manifest.
public enum RosterVersion: String, Equatable, Sendable {
    /// OneRoster 1.1: each user's role and orgs in `users.csv`.
    case v1p1 = "1.1"
    /// OneRoster 1.2: roles in `roles.csv`, one row per user and org.
    case v1p2 = "1.2"
}
