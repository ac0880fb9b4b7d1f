/// The result of `getUpdates` (https://core.telegram.org/bots/api#getupdates): "An Array of Update
/// objects". An update the bot cannot read is skipped, not the batch: its number still counts when
/// it can be read, so that it is confirmed and not fetched again forever.
package struct TelegramUpdateBatch: Decodable, Sendable {
    /// The most updates read of one batch: `getUpdates` is asked for at most this many ("limit …
    /// Values between 1-100 are accepted").
    package static let maximumUpdates = 100

    /// The updates read, in order.
    package let updates: [TelegramUpdate]
    /// The highest update number in the batch, read or not.
    package let lastUpdateID: Int64?

    package init(updates: [TelegramUpdate]) {
        self.updates = updates
        lastUpdateID = updates.map(\.updateID).max()
    }

    package init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        var updates: [TelegramUpdate] = []
        var last: Int64?
        while !container.isAtEnd, updates.count < Self.maximumUpdates {
            let element = try container.decode(Element.self)
            if let id = element.updateID { last = max(last ?? id, id) }
            if let update = element.update { updates.append(update) }
        }
        self.updates = updates
        lastUpdateID = last
    }

    /// One element, read as an update if it is one, else for its number alone.
    private struct Element: Decodable {
        let update: TelegramUpdate?
        let updateID: Int64?

        enum CodingKeys: String, CodingKey { case updateID = "update_id" }

        init(from decoder: any Decoder) throws {
            update = try? TelegramUpdate(from: decoder)
            updateID = try? decoder.container(keyedBy: CodingKeys.self).decode(Int64.self, forKey: .updateID)
        }
    }
}
