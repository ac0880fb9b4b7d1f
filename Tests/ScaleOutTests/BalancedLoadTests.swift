import Foundation
import HomeroomTestbed
import Testing

extension ScaleOutTests {
    /// Any instance answers webhooks: nginx in front of the three, loaded with `wrk` (JSON API
    /// posts with a bearer token), then one instance alone. Every answer must be 2xx and every
    /// instance must have served; the throughputs are printed for the report, never asserted (a
    /// figure of speed belongs in the benchmarks).
    @Suite(
        .enabled(
            if: NginxBalancer.isInstalled && WrkLoad.isInstalled, "needs nginx and wrk (Scripts/test installs them)"))
    struct BalancedLoadTests {
        static let body = #"{"user": "student", "text": "/lunch 2030-01-07"}"#
        static let seconds = 3

        @Test func nginxSpreadsAPILoadOverThreeInstancesAndEveryAnswerIsASuccess() async throws {
            try await ScaleOutSchool.withCluster { cluster, _ in
                let bases = try cluster.instances.map { try #require($0.baseURL) }
                let upstreams = bases.map { "127.0.0.1:\($0.port ?? 0)" }
                let nginx = try await NginxBalancer.start(upstreams: upstreams)
                do {
                    try await Self.load(cluster, bases: bases, upstreams: upstreams, nginx: nginx)
                    await nginx.stop()
                } catch {
                    print("scale-out: nginx's error log: \(nginx.errorLog)")
                    await nginx.stop()
                    throw error
                }
            }
        }

        static func load(_ cluster: HomeroomCluster, bases: [URL], upstreams: [String], nginx: NginxBalancer)
            async throws
        {
            let path = "api/v1/messages"
            var before: [Double] = []
            for base in bases { before.append(try await MessageAPI.commandsHandled(by: base)) }
            let balanced = try await WrkLoad.run(
                nginx.baseURL.appendingPathComponent(path), body: body, bearer: ScaleOutSchool.token, seconds: seconds)
            var served: [Double] = []
            for (index, base) in bases.enumerated() {
                served.append(try await MessageAPI.commandsHandled(by: base) - before[index])
            }
            let direct = try await WrkLoad.run(
                bases[0].appendingPathComponent(path), body: body, bearer: ScaleOutSchool.token, seconds: seconds)
            let names = cluster.instances.map(\.name)
            let perInstance = zip(names, served).map { "\($0.0) \(String(format: "%.0f", $0.1))" }.joined(
                separator: ", ")
            print(
                "scale-out: wrk \(seconds) s through nginx over \(names.count) instances: "
                    + "\(String(format: "%.0f", balanced.requestsPerSecond)) requests/s (\(balanced.requests) "
                    + "requests; commands per instance: \(perInstance)); against \(names[0]) alone: "
                    + "\(String(format: "%.0f", direct.requestsPerSecond)) requests/s (\(direct.requests) requests)")
            for result in [balanced, direct] {
                #expect(result.requests > 0)
                #expect(result.failures == 0, "\(result)")
                #expect(result.socketErrors == 0, "\(result)")
                #expect(result.statuses.values.reduce(0, +) == result.requests, "\(result)")
            }
            for (name, count) in zip(names, served) {
                #expect(count > 0, "\(name) served none of the balanced load")
            }
            #expect(Set(balanced.upstreams.keys) == Set(upstreams), "\(balanced.upstreams)")
        }
    }
}
