import HomeroomCore

/// Where feed alerts go, as written in the settings: `console:#staff` (a channel of an adapter) or
/// `slack:U024BE7LH` (a user, in a direct message).
struct AlertTarget: Sendable, Equatable {
    var adapter: String
    var target: DeliveryTarget

    init(parsing text: String) throws(UserFacingError) {
        guard let colon = text.firstIndex(of: ":"), colon != text.startIndex, text.index(after: colon) != text.endIndex
        else {
            throw UserFacingError(
                "feedAlerts entry \"\(text)\" must be ADAPTER:#channel or ADAPTER:USER (console:#staff)")
        }
        adapter = String(text[..<colon])
        let rest = String(text[text.index(after: colon)...])
        target = rest.hasPrefix("#") ? .channel(rest) : .user(UserID(adapter: adapter, id: rest))
    }
}
