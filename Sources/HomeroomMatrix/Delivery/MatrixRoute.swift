import HomeroomCore
import HomeroomEngine

/// Which account delivers a notification, and to whom: the one routing rule, read by the sender
/// for each message and turned into SQL (``MatrixSettings/deliveryTargets(for:)``) for the
/// account's outbox worker, so that each row is taken by the worker of the account it names.
///
/// - `channel:school/!room:server` or `channel:school/#alias:server`: account `school`;
/// - `channel:!room:server`, `channel:#alias:server`: the first account;
/// - `user:matrix:@alice:server`: the account on alice's server, else the first.
package struct MatrixRoute: Sendable, Equatable {
    /// Whom a notification goes to.
    package enum Recipient: Sendable, Equatable {
        /// A room, by id.
        case room(String)
        /// A room, by alias (resolved before sending).
        case alias(String)
        /// A person, in the account's direct room with them.
        case person(String)
    }

    /// The account's name.
    package var account: String
    /// Whom.
    package var recipient: Recipient

    /// The route of `target`; a target that names no account or no Matrix id fails for good.
    package init(_ target: DeliveryTarget, settings: MatrixSettings) throws(DeliveryFailure) {
        guard let first = settings.accounts.first else {
            throw DeliveryFailure("no Matrix account is configured", isPermanent: true)
        }
        switch target {
        case .channel(let name):
            var (named, room) = (first.name, name)
            if !Self.namesRoomAlone(name), let slash = name.firstIndex(of: "/") {
                (named, room) = (String(name[..<slash]), String(name[name.index(after: slash)...]))
                guard settings.accounts.contains(where: { $0.name == named }) else {
                    throw DeliveryFailure("no Matrix account is named \(named)", isPermanent: true)
                }
            }
            account = named
            guard MatrixID.isRoomIDOrAlias(room) else {
                throw DeliveryFailure(
                    "\(room) is not a Matrix room id (!id:server) or alias (#name:server)", isPermanent: true)
            }
            recipient = room.hasPrefix("#") ? .alias(room) : .room(room)
        case .user(let user):
            guard user.adapter == "matrix", MatrixID.isUserID(user.id),
                let chosen = settings.account(forPerson: user.id)
            else {
                throw DeliveryFailure(
                    "\(user) is not a Matrix id such as matrix:@alice:school.example", isPermanent: true)
            }
            account = chosen.name
            recipient = .person(user.id)
        }
    }

    /// True for a room id or alias written without an account: account names hold neither `!` nor `#`.
    static func namesRoomAlone(_ name: String) -> Bool { name.hasPrefix("!") || name.hasPrefix("#") }
}

extension MatrixSettings {
    /// The outbox rows `account` delivers, as ``MatrixRoute`` routes them: channels naming it
    /// (`channel:school/`); for the first account also rooms named alone (`channel:!…`, `channel:#…`,
    /// and any other channel without a slash, to be refused with a reason); the people on its server
    /// (`user:matrix:@…` ending with `:school.example`), unless an earlier account is on that server;
    /// and for the first account the people on servers that no other account is on.
    package func deliveryTargets(for account: MatrixAccountSettings) -> OutboxTargets {
        let isFirst = account.name == accounts.first?.name
        let server = MatrixID.serverName(of: account.userID) ?? ""
        let servers = accounts.map { MatrixID.serverName(of: $0.userID) ?? "" }
        let own = accounts.firstIndex { $0.name == account.name } ?? 0
        var endings: [OutboxTargets.Ending] = []
        if !servers[..<own].contains(server) {
            if isFirst {
                let others = Set(servers.filter { $0 != server }).sorted().map { ":" + $0 }
                endings.append(.starting(with: "user:matrix:", endingWithNoneOf: others))
            } else {
                endings.append(.starting(with: "user:matrix:", endingWithOneOf: [":" + server]))
            }
        }
        return .matching(
            prefixes: ["channel:\(account.name)/"] + (isFirst ? ["channel:!", "channel:#"] : []),
            alsoChannelsWithoutSlash: isFirst, endings: endings)
    }
}
