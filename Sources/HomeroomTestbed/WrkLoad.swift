import Foundation

/// A load of JSON POSTs from `wrk` (Debian's package; `Scripts/test` installs it when it is
/// missing), bounded in time, against a loopback address. A Lua script sends the body with a
/// bearer token and tallies every response's status and the upstream that answered (nginx's
/// ``NginxBalancer/upstreamHeader``), so a test can tell that all of them were 2xx.
public enum WrkLoad {
    /// Where Debian installs it.
    public static let executable = "/usr/bin/wrk"
    /// True when wrk is installed.
    public static var isInstalled: Bool { FileManager.default.isExecutableFile(atPath: executable) }

    /// What one run measured.
    public struct Result: Sendable, CustomStringConvertible {
        /// Requests answered.
        public let requests: Int
        /// Requests answered per second, as wrk reports it.
        public let requestsPerSecond: Double
        /// Responses by HTTP status.
        public let statuses: [Int: Int]
        /// Responses by the upstream that answered (`direct` without a balancer).
        public let upstreams: [String: Int]
        /// Connect, read, write and timeout errors, and responses wrk could not parse.
        public let socketErrors: Int
        /// wrk's own report.
        public let report: String

        /// Responses with a status other than 2xx.
        public var failures: Int { statuses.filter { !(200..<300).contains($0.key) }.values.reduce(0, +) }

        public var description: String {
            "\(requests) requests, \(String(format: "%.0f", requestsPerSecond)) requests/s, statuses \(statuses), "
                + "socket errors \(socketErrors), upstreams \(upstreams)"
        }
    }

    /// Runs wrk for `seconds` with `connections` connections on `threads` threads, each request a
    /// POST of `body` (JSON) to `url` with `Authorization: Bearer token`.
    public static func run(
        _ url: URL, body: String, bearer token: String, seconds: Int = 3, connections: Int = 16, threads: Int = 2
    ) async throws -> Result {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("homeroom-wrk-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("post.lua")
        try luaScript(body: body, token: token).write(to: script, atomically: true, encoding: .utf8)
        let result = try await ExternalProgram.run(
            executable,
            [
                "-t", String(threads), "-c", String(connections), "-d", "\(seconds)s", "--timeout", "10s", "-s",
                script.path, url.absoluteString,
            ])
        guard result.status == 0 else {
            throw WrkError.failed(status: result.status, said: result.errors + result.text)
        }
        return try parse(result.text)
    }

    /// Reads the counts the script prints after wrk's report (`requests N`, `status CODE N`,
    /// `upstream NAME N`, `errors N`) and wrk's `Requests/sec:` line.
    static func parse(_ report: String) throws -> Result {
        var requests: Int?
        var perSecond: Double?
        var statuses: [Int: Int] = [:]
        var upstreams: [String: Int] = [:]
        var errors = 0
        for line in report.split(separator: "\n") {
            let words = line.split(separator: " ", omittingEmptySubsequences: true)
            if words.first == "Requests/sec:", words.count == 2 { perSecond = Double(words[1]) }
            guard words.count >= 2, let count = Int(words[words.count - 1]) else { continue }
            switch (words[0], words.count) {
            case ("requests", 2): requests = count
            case ("errors", 2): errors = count
            case ("status", 3): if let status = Int(words[1]) { statuses[status, default: 0] += count }
            case ("upstream", 3): upstreams[String(words[1]), default: 0] += count
            default: break
            }
        }
        guard let requests, let perSecond else { throw WrkError.unreadable(report) }
        return Result(
            requests: requests, requestsPerSecond: perSecond, statuses: statuses, upstreams: upstreams,
            socketErrors: errors, report: report)
    }

    /// The script: the request, a tally per thread in `response`, and the sums printed in `done`.
    static func luaScript(body: String, token: String) -> String {
        """
        wrk.method = "POST"
        wrk.body = \(luaString(body))
        wrk.headers["Content-Type"] = "application/json"
        wrk.headers["Authorization"] = \(luaString("Bearer " + token))

        local threads = {}

        function setup(thread)
            table.insert(threads, thread)
        end

        function init(args)
            statuses = {}
            upstreams = {}
        end

        function response(status, headers, body)
            statuses[status] = (statuses[status] or 0) + 1
            local upstream = "direct"
            for name, value in pairs(headers) do
                if string.lower(name) == "\(NginxBalancer.upstreamHeader.lowercased())" then upstream = value end
            end
            upstreams[upstream] = (upstreams[upstream] or 0) + 1
        end

        function done(summary, latency, requests)
            local statusTotals = {}
            local upstreamTotals = {}
            for _, thread in ipairs(threads) do
                for status, count in pairs(thread:get("statuses")) do
                    statusTotals[status] = (statusTotals[status] or 0) + count
                end
                for upstream, count in pairs(thread:get("upstreams")) do
                    upstreamTotals[upstream] = (upstreamTotals[upstream] or 0) + count
                end
            end
            io.write("requests ", summary.requests, "\\n")
            local e = summary.errors
            io.write("errors ", e.connect + e.read + e.write + e.timeout, "\\n")
            for status, count in pairs(statusTotals) do io.write("status ", status, " ", count, "\\n") end
            for upstream, count in pairs(upstreamTotals) do io.write("upstream ", upstream, " ", count, "\\n") end
        end

        """
    }

    /// `text` as a Lua string literal.
    private static func luaString(_ text: String) -> String {
        var literal = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": literal += "\\\\"
            case "\"": literal += "\\\""
            case "\n": literal += "\\n"
            default: literal.unicodeScalars.append(scalar)
            }
        }
        return literal + "\""
    }

    /// wrk failed, or printed what could not be read.
    public enum WrkError: Error, CustomStringConvertible {
        case failed(status: Int32, said: String)
        case unreadable(String)

        public var description: String {
            switch self {
            case .failed(let status, let said): "wrk ended with \(status): \(said.suffix(1000))"
            case .unreadable(let report): "wrk's report could not be read: \(report.suffix(1000))"
            }
        }
    }
}
