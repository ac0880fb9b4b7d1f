import Foundation
import HomeroomTesting

/// Several ``HomeroomInstance``s sharing one database, as a district runs them: each with its own
/// configuration file and port, started together and stopped together, also when a test fails.
public struct HomeroomCluster: Sendable {
    /// The instances, named A, B, C….
    public let instances: [HomeroomInstance]

    /// Starts `count` instances (the configuration of the one at each index made by `configuration`),
    /// waits until every one listens, runs `body`, and stops them all (SIGTERM, then SIGKILL), also
    /// when `body` throws; their folders are removed.
    public static func with<Value: Sendable>(
        count: Int = 3, configuration: (Int) -> String, environment: [String: String] = [:],
        _ body: (HomeroomCluster) async throws -> Value
    ) async throws -> Value {
        var instances: [HomeroomInstance] = []
        for index in 0..<count {
            let name = String(UnicodeScalar(UInt8(65 + index % 26)))
            do {
                instances.append(
                    try HomeroomInstance(name: name, configuration: configuration(index), environment: environment))
            } catch {
                await HomeroomCluster(instances: instances).remove()
                throw error
            }
        }
        let cluster = HomeroomCluster(instances: instances)
        do {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for instance in instances { group.addTask { try await instance.start() } }
                try await group.waitForAll()
            }
            let value = try await body(cluster)
            await cluster.remove()
            return value
        } catch {
            await cluster.remove()
            throw error
        }
    }

    /// Stops every instance at once and removes their folders.
    public func remove() async {
        await withTaskGroup(of: Void.self) { group in
            for instance in instances { group.addTask { await instance.remove() } }
        }
    }

    /// The running instances that hold `duty` (`irc:school`, `delivery:slack`), as each one's
    /// detailed `/healthz` says; an instance that does not answer (paused) is not counted.
    public func holders(of duty: String) async -> [HomeroomInstance] {
        await withTaskGroup(of: HomeroomInstance?.self) { group in
            for instance in instances {
                group.addTask { (try? await instance.heldDuties())?[duty] != nil ? instance : nil }
            }
            var holders: [HomeroomInstance] = []
            for await holder in group { if let holder { holders.append(holder) } }
            return holders.sorted { $0.name < $1.name }
        }
    }

    /// The one running instance that holds `duty`, or nil when none (or, for a moment, two) say so.
    public func holder(of duty: String) async -> HomeroomInstance? {
        let holders = await holders(of: duty)
        return holders.count == 1 ? holders[0] : nil
    }

    /// Waits (up to `timeout`) until one running instance holds `duty`, and returns it.
    public func waitForHolder(
        of duty: String, timeout: Duration = .seconds(30), fileID: String = #fileID, line: Int = #line
    ) async throws -> HomeroomInstance {
        var holders: [HomeroomInstance] = []
        try await eventually(
            "one instance holding the duty \(duty) (held by: \(holders.map(\.name)))", within: timeout,
            every: .milliseconds(100), fileID: fileID, line: line
        ) {
            holders = await self.holders(of: duty)
            return holders.count == 1
        }
        return holders[0]
    }
}
