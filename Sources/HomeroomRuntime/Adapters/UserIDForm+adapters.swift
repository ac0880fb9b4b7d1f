import HomeroomCore

extension UserIDForm {
    /// The user-id forms of the adapters Homeroom runs: IRC ids start with the network
    /// (`irc:NETWORK:NICK`), so a bare name typed on IRC is on the asker's network; the console's,
    /// the webhook platforms', the JSON API's, Matrix's (`matrix:@alice:school.example`), text
    /// messages' (`sms:+15551230000`), WhatsApp's, Telegram's and e-mail's are read as typed.
    package static let homeroomAdapters: [UserIDForm] = [
        UserIDForm(adapter: "irc", sharedParts: 1), UserIDForm(adapter: "console"), UserIDForm(adapter: "slack"),
        UserIDForm(adapter: "mattermost"), UserIDForm(adapter: "discord"), UserIDForm(adapter: "teams"),
        UserIDForm(adapter: "googlechat"), UserIDForm(adapter: "api"), UserIDForm(adapter: "matrix", idSigil: "@"),
        UserIDForm(adapter: "sms"), UserIDForm(adapter: "whatsapp"), UserIDForm(adapter: "telegram"),
        UserIDForm(adapter: "email"),
    ]
}
