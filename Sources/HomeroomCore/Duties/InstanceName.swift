import Foundation

/// How an instance names itself in the roster and in `homeroom status`.
package enum InstanceName {
    /// `host:pid:xxxx`: the host and process an admin can find, and four random hex digits so a
    /// restarted process with a reused pid is another instance.
    package static func make() -> String {
        let host = ProcessInfo.processInfo.hostName.split(separator: ".").first.map(String.init) ?? "host"
        let suffix = String(UInt16.random(in: .min ... .max), radix: 16)
        return "\(host):\(ProcessInfo.processInfo.processIdentifier):\(suffix)"
    }
}
