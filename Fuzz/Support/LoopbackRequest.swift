import Glibc

/// One keep-alive HTTP/1.1 connection to a server on 127.0.0.1, blocking: what a fuzz target needs
/// to send request after request to a real server without leaving a socket behind for each.
final class LoopbackConnection {
    let port: UInt16
    private var socket: Int32 = -1

    init(port: Int) {
        self.port = UInt16(port)
    }

    /// Sends `request` (a whole HTTP/1.1 request) and returns the answer's status code; nil when the
    /// server closed the connection without answering. A closed connection is opened again.
    func send(_ request: [UInt8]) -> Int? {
        for _ in 0..<2 {
            if socket < 0 { socket = Self.connect(port: port) }
            guard socket >= 0 else { return nil }
            if writeAll(request), let status = readResponse() { return status }
            close(socket)
            socket = -1
        }
        return nil
    }

    private static func connect(port: UInt16) -> Int32 {
        let descriptor = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return -1 }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(descriptor)
            return -1
        }
        return descriptor
    }

    private func writeAll(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes {
                Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }

    private var buffer: [UInt8] = []

    /// Reads one response (headers, then a body of Content-Length bytes or in chunks); its status.
    private func readResponse() -> Int? {
        buffer.removeAll(keepingCapacity: true)
        var headerEnd: Int?
        while headerEnd == nil {
            guard fill() else { return nil }
            headerEnd = buffer.indices.dropLast(3).first {
                buffer[$0] == 13 && buffer[$0 + 1] == 10 && buffer[$0 + 2] == 13 && buffer[$0 + 3] == 10
            }
        }
        let head = String(decoding: buffer[..<headerEnd!], as: UTF8.self).lowercased()
        let lines = head.split(separator: "\r\n")
        guard let statusLine = lines.first, statusLine.hasPrefix("http/1.1 "),
            let status = Int(statusLine.dropFirst(9).prefix(3))
        else { return nil }
        buffer = Array(buffer[(headerEnd! + 4)...])
        if let length = lines.lazy.compactMap({
            $0.hasPrefix("content-length:") ? Int($0.dropFirst(15).filter { $0 != " " }) : nil
        }).first {
            while buffer.count < length { guard fill() else { return nil } }
            return status
        }
        guard lines.contains(where: { $0.hasPrefix("transfer-encoding:") && $0.contains("chunked") }) else {
            // Neither a length nor chunks: the body ends when the server closes the connection.
            while fill() {}
            close(socket)
            socket = -1
            return status
        }
        // Chunks until the empty one and the blank line after it.
        while !(buffer.count >= 5 && Array(buffer.suffix(5)) == Array("0\r\n\r\n".utf8)) {
            guard fill() else { return nil }
        }
        return status
    }

    /// Appends what the socket has; false at the end of the connection or on an error.
    private func fill() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return false }
        buffer.append(contentsOf: chunk[..<count])
        return true
    }
}
