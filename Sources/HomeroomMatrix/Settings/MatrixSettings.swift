import Foundation
import HomeroomCore

/// The `matrix` section of the configuration: the bot accounts to run, each on its homeserver.
public struct MatrixSettings: Sendable, Decodable {
    /// One entry per bot account; empty: no Matrix.
    public var accounts: [MatrixAccountSettings] = []

    enum CodingKeys: String, CodingKey, CaseIterable { case accounts }

    /// No accounts: Matrix is off.
    public init() {}

    /// Reads the section; unknown keys, and two accounts of one name or one Matrix id, are refused.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        accounts = try container.decode(.accounts, or: accounts)
        var names: Set<String> = []
        var users: Set<String> = []
        for account in accounts {
            guard names.insert(account.name).inserted else {
                throw container.invalid(.accounts, "two accounts are named \(account.name)")
            }
            guard users.insert(account.userID.lowercased()).inserted else {
                throw container.invalid(.accounts, "two accounts log in as \(account.userID)")
            }
        }
    }

    /// The account that delivers notifications to `person` (`@alice:school.example`): the one on
    /// the same server, else the first.
    package func account(forPerson person: String) -> MatrixAccountSettings? {
        let server = MatrixID.serverName(of: person)
        return accounts.first { MatrixID.serverName(of: $0.userID) == server } ?? accounts.first
    }
}
