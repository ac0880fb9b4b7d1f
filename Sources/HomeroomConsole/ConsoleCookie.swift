import HomeroomEngine

/// The session cookie: its name, and how it is set and cleared.
enum ConsoleCookie {
    static let name = "homeroom_console"

    /// The `Set-Cookie` value keeping `value` for the console's paths: never readable by scripts
    /// (`HttpOnly`), never sent with a request another site starts (`SameSite=Strict`), and only
    /// over TLS when the console is reached over TLS (`Secure`). It lasts as long as the browser;
    /// the server ends the session when idle or old.
    static func setting(_ value: String, secure: Bool) -> String {
        "\(name)=\(value); Path=/console; HttpOnly; SameSite=Strict" + (secure ? "; Secure" : "")
    }

    /// The `Set-Cookie` value that deletes it.
    static func clearing(secure: Bool) -> String {
        "\(name)=; Path=/console; HttpOnly; SameSite=Strict; Max-Age=0" + (secure ? "; Secure" : "")
    }

    /// The cookie's value in a request's `Cookie` header.
    static func value(in header: String?) -> String? {
        guard let header else { return nil }
        for pair in header.split(separator: ";") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == name else { continue }
            return parts[1].trimmingCharacters(in: .whitespaces)
        }
        return nil
    }
}
