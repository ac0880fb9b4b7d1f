import Foundation

extension URL {
    /// The address as chat and logs may show it: scheme, host and port, and `/…` in place of the path,
    /// query, fragment and any user name or password: `https://calendar.google.com/…`.
    ///
    /// Calendar feed addresses are often secret (Google's "secret address in iCal format" carries a
    /// token in its path), so whatever names a configured feed outside the configuration and the
    /// database shows this form.
    public var redacted: String {
        guard let scheme, let host, !host.isEmpty else { return "(an address)" }
        let shownHost = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        let portSuffix = port.map { ":\($0)" } ?? ""
        let hidesSomething = !(path.isEmpty || path == "/") || query != nil || fragment != nil
        return "\(scheme.lowercased())://\(shownHost)\(portSuffix)/\(hidesSomething ? "…" : "")"
    }
}
