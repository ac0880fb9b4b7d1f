/// Work that one instance at a time does when several share one PostgreSQL database
/// (DESIGN.md, Several instances): a chat connection, one plugin's scheduled job, the outbox
/// delivery of one adapter. Its ``name`` is the key of its lease.
package struct Duty: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The lease key: `irc:libera`, `job:news.poll feeds`, `delivery:slack`.
    package let name: String

    /// A duty named `name`.
    package init(_ name: String) {
        self.name = name
    }

    /// The connection of `adapter` to one of its servers or accounts (`irc:libera`).
    package static func connection(_ adapter: String, _ account: String) -> Duty {
        Duty("\(adapter):\(account)")
    }

    /// Running one plugin's scheduled job (`job:news.poll feeds`); feed polling is one of these.
    package static func job(plugin pluginID: String, name: String) -> Duty {
        Duty("job:\(pluginID).\(name)")
    }

    /// Delivering the outbox's notifications for `adapter` (`delivery:slack`).
    package static func delivery(_ adapter: String) -> Duty {
        Duty("delivery:\(adapter)")
    }

    package var description: String { name }

    package static func < (lhs: Duty, rhs: Duty) -> Bool { lhs.name < rhs.name }
}
