import HomeroomCore
import SQLKit

extension Outbox {
    /// The language chosen for `target`: a person's (`/me language`, under their home identity),
    /// or a channel's (`/channel language`); nil when none was.
    public func language(of target: DeliveryTarget, adapter: String, on db: any SQLDatabase) async throws
        -> Language?
    {
        try await Self.language(of: target, adapter: adapter, on: db)
    }

    /// The language chosen for `target`, as ``language(of:adapter:on:)`` reads it, for code that
    /// queues into the table without an outbox at hand.
    static func language(of target: DeliveryTarget, adapter: String, on db: any SQLDatabase) async throws
        -> Language?
    {
        switch target {
        case .user(let user):
            let home = try await IdentityLinks.home(of: user, on: db)
            return try await PersonLanguages.stored(for: home, on: db).language
        case .channel(let channel):
            return try await ChannelSwitchboard.language(adapter: adapter, channel: channel, on: db)
        }
    }
}
