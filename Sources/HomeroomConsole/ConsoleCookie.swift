import Foundation

/// The session cookie: its name, and how it is set, cleared and read.
///
/// Behind TLS it is `__Host-homeroom_console` with `Path=/`: browsers then take it only from this
/// very host over https, so a sibling subdomain cannot plant one. Over plain http (a school trying
/// it on one machine) it is `homeroom_console`, kept to `/console`.
enum ConsoleCookie {
    /// The cookie's name.
    static func name(secure: Bool) -> String { secure ? "__Host-homeroom_console" : "homeroom_console" }

    /// The `Set-Cookie` value keeping `value`: never readable by scripts (`HttpOnly`), never sent
    /// with a request another site starts (`SameSite=Strict`), and only over TLS when the console
    /// is reached over TLS (`Secure`). It lasts as long as the browser; the server ends the
    /// session when idle or old.
    static func setting(_ value: String, secure: Bool) -> String {
        "\(name(secure: secure))=\(value); \(attributes(secure: secure))"
    }

    /// The `Set-Cookie` value that deletes it.
    static func clearing(secure: Bool) -> String {
        "\(name(secure: secure))=; \(attributes(secure: secure)); Max-Age=0"
    }

    private static func attributes(secure: Bool) -> String {
        secure ? "Path=/; HttpOnly; SameSite=Strict; Secure" : "Path=/console; HttpOnly; SameSite=Strict"
    }

    /// The cookie's value in a request's `Cookie` header.
    static func value(in header: String?, secure: Bool) -> String? {
        guard let header else { return nil }
        let name = name(secure: secure)
        for pair in header.split(separator: ";") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == name else { continue }
            return parts[1].trimmingCharacters(in: .whitespaces)
        }
        return nil
    }
}
