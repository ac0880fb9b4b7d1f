import HomeroomCore
import HomeroomEngine
import HomeroomWebhooks
import Logging

/// The JSON API's channels kept from before a client's channels were its own: subscriptions and
/// channel switches of `#lobby` rather than `kiosk:#lobby`, which no message names any more. At
/// start-up, with one API client, they are that client's and are renamed; with several, nobody
/// can tell whose they are, and one line names them.
package struct APIUnownedChannels {
    let clients: Set<String>
    let database: any Database
    let logger: Logger

    package init(settings: APISettings, database: any Database, logger: Logger) {
        clients = Set(settings.clients.keys)
        self.database = database
        self.logger = logger
    }

    /// True when `channel` names no configured client before its first `:`.
    private static func isUnowned(_ channel: String, clients: Set<String>) -> Bool {
        guard let colon = channel.firstIndex(of: ":") else { return true }
        return !clients.contains(String(channel[..<colon]))
    }

    /// Renames the unowned channels to the sole client's, or logs them when there are several
    /// clients; a database error is logged, and the server starts all the same.
    package func adopt() async {
        guard !clients.isEmpty else { return }
        let adapter = WebhookPlatform.api.rawValue
        let renaming = StoredChannelRenaming(database: database)
        let clients = clients
        do {
            if clients.count == 1, let client = clients.first {
                let renamed = try await renaming.rename(adapter: adapter) { channel in
                    Self.isUnowned(channel, clients: clients)
                        ? APINotificationSender.channel(channel, of: client) : nil
                }
                if renamed > 0 {
                    logger.notice(
                        "\(renamed) API channel subscriptions and switches that named no client are now \(client)'s")
                }
                return
            }
            let unowned = try await renaming.channels(of: adapter) { Self.isUnowned($0, clients: clients) }
            guard !unowned.isEmpty else { return }
            let named = clients.sorted().joined(separator: ", ")
            let line =
                "API channels \(unowned.joined(separator: ", ")) have subscriptions or switches that name no client; "
                + "with several clients (\(named)) they apply to none: subscribe or switch them again from their client"
            logger.warning("\(line)")
        } catch {
            logger.error("the API channels that name no client were not looked at: \(error)")
        }
    }
}
