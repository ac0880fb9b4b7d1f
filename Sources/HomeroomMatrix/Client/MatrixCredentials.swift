/// Who the bot is on its homeserver: the result of a login (or of `whoami` on a configured token).
package struct MatrixCredentials: Sendable, Codable, Equatable {
    /// The bot's Matrix id.
    package var userID: String
    /// The device the token belongs to; transaction ids are deduplicated per device.
    package var deviceID: String?
    /// The access token.
    package var accessToken: String

    /// Credentials.
    package init(userID: String, deviceID: String?, accessToken: String) {
        self.userID = userID
        self.deviceID = deviceID
        self.accessToken = accessToken
    }
}
