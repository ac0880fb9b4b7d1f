/// The one person who sees a private message: a message's `privateMessageViewer`, a User named
/// `users/NUMBER` (https://developers.google.com/workspace/chat/api/reference/rest/v1/spaces.messages —
/// "Resource: Message", `privateMessageViewer`; https://developers.google.com/workspace/chat/private-messages —
/// "Send a private message"). Google Chat shows such a message in the space, in place, to that person
/// alone, marked "Only visible to you".
struct GoogleChatViewer: Encodable, Sendable, Equatable {
    /// `users/NUMBER`.
    let name: String

    /// The viewer `users/NUMBER`.
    init(number: String) {
        name = "users/\(number)"
    }
}
