import Foundation

/// How the office's web console is reached and how long a sign-in lasts (the `webConsole`
/// section of the configuration).
package struct WebConsoleSettings: Sendable, Equatable {
    /// False: no `/console` pages and no `/admin web` links.
    package var enabled: Bool
    /// Where browsers reach the webhook server, with no trailing slash: links are
    /// `publicURL/console/signin/TOKEN`. An `https` address makes the session cookie `Secure`.
    package var publicURL: String
    /// A session with no request for this long ends.
    package var idleLifetime: Duration
    /// A session ends this long after its sign-in, busy or not.
    package var maximumLifetime: Duration
    /// How long a link from `/admin web` may wait before it is used.
    package var linkLifetime: Duration
    /// False: no `/display` page for the hallway screens.
    package var display: Bool

    /// The settings.
    package init(
        enabled: Bool = true, publicURL: String = "http://127.0.0.1:8080", idleLifetime: Duration = .seconds(30 * 60),
        maximumLifetime: Duration = .seconds(12 * 3600), linkLifetime: Duration = .seconds(10 * 60),
        display: Bool = true
    ) {
        self.enabled = enabled
        var publicURL = publicURL
        while publicURL.hasSuffix("/") { publicURL.removeLast() }
        self.publicURL = publicURL
        self.idleLifetime = idleLifetime
        self.maximumLifetime = maximumLifetime
        self.linkLifetime = linkLifetime
        self.display = display
    }

    /// True when the console is reached over TLS, so its cookie must be `Secure`.
    package var isSecure: Bool { publicURL.lowercased().hasPrefix("https://") }
}
