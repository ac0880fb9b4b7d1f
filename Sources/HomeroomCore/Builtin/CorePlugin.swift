/// The runtime's own commands: `/help`, `/login`, `/logout` and `/admin` (per-channel switches, the outbox).
///
/// They cannot be switched off per channel, and their tables (`core_…`) hold roles, logins, the
/// audit log and the channel switches.
public struct CorePlugin: Plugin {
    public static let id = "core"

    let login: PinLogin
    let switchboard: ChannelSwitchboard

    /// Creates the core commands over the runtime's login service and channel switches.
    public init(login: PinLogin, switchboard: ChannelSwitchboard) {
        self.login = login
        self.switchboard = switchboard
    }

    /// The core tables' migrations, which run before any plugin's.
    public static var schemaMigrations: [Migration] { CoreSchema.migrations }

    public var migrations: [Migration] { Self.schemaMigrations }

    public var jobs: [ScheduledJob] {
        [
            ScheduledJob("prune expired logins", schedule: try! CronSchedule("17 3 * * *")) { [login] context in
                let removed = try await login.pruneExpired()
                context.logger.debug("pruned \(removed) expired logins and failure counts")
            }
        ]
    }

    public var commands: [Command] {
        [HelpCommand.command, loginCommand, logoutCommand, adminCommand]
    }
}
