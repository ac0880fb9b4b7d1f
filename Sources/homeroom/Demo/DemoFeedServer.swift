import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Serves the files of one folder (the demo's news feed and its article pages) on 127.0.0.1, so the
/// News plugin reads them over HTTP as it reads any school's feed; the demo's configuration lets
/// fetches reach that address. Only `GET /NAME.xml` and `GET /NAME.html` for files in the folder are
/// answered, one connection at a time, on a thread of its own.
final class DemoFeedServer: Sendable {
    /// The address it listens on.
    static let host = "127.0.0.1"
    /// The most a request's head may take.
    private static let maximumRequestBytes = 8192

    /// The port it listens on.
    let port: Int
    private let folder: URL
    private let listener: Int32

    /// Listens on `preferredPort` when it is free, otherwise on a port the system picks; throws when
    /// no socket can be opened.
    init(serving folder: URL, preferredPort: Int?) throws {
        self.folder = folder
        var bound: (socket: Int32, port: Int)?
        for port in [preferredPort, 0].compactMap({ $0 }) where bound == nil {
            bound = Self.bound(to: port)
        }
        guard let bound else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EADDRNOTAVAIL)
        }
        (listener, port) = bound
        Thread { [self] in acceptConnections() }.start()
    }

    /// The address of `name` in the folder.
    func address(of name: String) -> String { "http://\(Self.host):\(port)/\(name)" }

    /// Stops listening; the thread ends.
    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
    }

    private static func bound(to port: Int) -> (socket: Int32, port: Int)? {
        #if canImport(Glibc)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { return nil }
        var reuse: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(clamping: port)).bigEndian
        address.sin_addr = in_addr(s_addr: in_addr_t(0x7F00_0001).bigEndian)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let listening = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                bind(fd, generic, length) == 0 && listen(fd, 16) == 0
                    && getsockname(fd, generic, &length) == 0
            }
        }
        guard listening else {
            close(fd)
            return nil
        }
        return (fd, Int(UInt16(bigEndian: address.sin_port)))
    }

    private func acceptConnections() {
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else {
                if errno == EINTR { continue }
                close(listener)
                return
            }
            var timeout = timeval(tv_sec: 5, tv_usec: 0)
            setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            answer(connection)
            close(connection)
        }
    }

    /// Reads the request's head and sends the file it names, or 404.
    private func answer(_ connection: Int32) {
        var request: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 2048)
        while request.count < Self.maximumRequestBytes, !request.ends(with: Array("\r\n\r\n".utf8)) {
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { break }
            request += buffer[..<count]
        }
        let line = String(decoding: request.prefix { $0 != UInt8(ascii: "\r") }, as: UTF8.self)
        let parts = line.split(separator: " ")
        var status = "404 Not Found"
        var type = "text/plain; charset=utf-8"
        var body = Data("not found\n".utf8)
        if parts.count == 3, parts[0] == "GET", let name = Self.fileName(in: parts[1]),
            let contents = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path)
        {
            status = "200 OK"
            type = name.hasSuffix(".xml") ? "application/rss+xml; charset=utf-8" : "text/html; charset=utf-8"
            body = contents
        }
        let head =
            "HTTP/1.1 \(status)\r\nContent-Type: \(type)\r\nContent-Length: \(body.count)\r\n"
            + "Connection: close\r\n\r\n"
        deliver(Data(head.utf8) + body, to: connection)
    }

    /// `/news.xml` → `news.xml`: one name of lower-case letters, digits and `-`, ending `.xml` or
    /// `.html`; nil for anything else.
    private static func fileName(in path: Substring) -> String? {
        let name = path.dropFirst().prefix { $0 != "?" }
        guard path.first == "/", name.hasSuffix(".xml") || name.hasSuffix(".html"),
            name.dropLast(name.hasSuffix(".xml") ? 4 : 5).allSatisfy({
                ($0.isLowercase || $0.isNumber || $0 == "-") && $0.isASCII
            }), !name.hasPrefix(".")
        else { return nil }
        return String(name)
    }

    private func deliver(_ data: Data, to connection: Int32) {
        data.withUnsafeBytes { raw in
            guard var pointer = raw.baseAddress else { return }
            var left = raw.count
            while left > 0 {
                #if canImport(Glibc)
                    let sent = send(connection, pointer, left, Int32(MSG_NOSIGNAL))
                #else
                    let sent = send(connection, pointer, left, 0)
                #endif
                guard sent > 0 else { return }
                left -= sent
                pointer += sent
            }
        }
    }
}

extension Array where Element == UInt8 {
    fileprivate func ends(with suffix: [UInt8]) -> Bool {
        count >= suffix.count && self[(count - suffix.count)...].elementsEqual(suffix)
    }
}
