import Foundation

/// An IPv4 or IPv6 address as its bytes (4 or 16), read strictly (`inet_pton`: dotted quads only,
/// no `127.1` or `0x7f.0.0.1`) and written in the usual form.
package struct IPAddress: Hashable, Sendable, CustomStringConvertible {
    /// 4 bytes for IPv4, 16 for IPv6, in network order.
    package let bytes: [UInt8]

    /// True for IPv4.
    package var isIPv4: Bool { bytes.count == 4 }

    /// The address written as `192.0.2.1` or `2001:db8::1`; nil for anything else (a zone after
    /// `%` is ignored, brackets are not accepted).
    package init?(_ text: String) {
        let plain = text.split(separator: "%", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init)
        guard let plain, !plain.isEmpty, plain.utf8.count <= 64 else { return nil }
        var v4 = in_addr()
        if inet_pton(AF_INET, plain, &v4) == 1 {
            self.bytes = withUnsafeBytes(of: &v4) { Array($0) }
            return
        }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, plain, &v6) == 1 {
            self.bytes = withUnsafeBytes(of: &v6) { Array($0) }
            return
        }
        return nil
    }

    /// An address from its 4 or 16 bytes.
    package init?(bytes: [UInt8]) {
        guard bytes.count == 4 || bytes.count == 16 else { return nil }
        self.bytes = bytes
    }

    /// The IPv4 address an IPv6 address carries in its last four bytes.
    var embeddedIPv4: IPAddress { IPAddress(bytes: Array(bytes[12..<16]))! }

    /// The IPv4 address an IPv4-mapped IPv6 address (`::ffff:a.b.c.d`) stands for; on Linux a
    /// connection to it goes to that IPv4 address.
    var mappedIPv4: IPAddress? {
        guard bytes.count == 16, bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xff, bytes[11] == 0xff else {
            return nil
        }
        return embeddedIPv4
    }

    package var description: String {
        var output = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let family = isIPv4 ? AF_INET : AF_INET6
        let written = bytes.withUnsafeBytes { raw in
            inet_ntop(family, raw.baseAddress, &output, socklen_t(output.count))
        }
        guard written != nil else { return bytes.map(String.init).joined(separator: ".") }
        return output.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }
}
