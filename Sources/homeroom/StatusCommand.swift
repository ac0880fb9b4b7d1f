import ArgumentParser
import Foundation
import HomeroomCore
import HomeroomStorage
import Logging

/// `homeroom status`: the instances on the configured database, the duties each holds and those
/// held by nobody (PostgreSQL); on an SQLite file, whether a `serve` runs on it.
struct StatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "List the instances serving the configured database, their duties and when they were last seen.",
        discussion: """
            On PostgreSQL, each duty (a chat connection, a scheduled job, an adapter's outbox delivery) is \
            held by one instance at a time. An SQLite file is served by one instance, which holds every duty.
            """)

    @OptionGroup var options: RuntimeOptions

    @Flag(help: "Print JSON instead of text.")
    var json = false

    /// What `--json` prints on SQLite.
    private struct SoleInstance: Encodable {
        let backend = "sqlite"
        let database: String
        let serving: Bool
        let pid: Int32?
    }

    /// What `--json` prints on PostgreSQL.
    private struct SharedInstances: Encodable {
        let backend = "postgres"
        let instances: [RosterReport.Instance]
        let duties: [RosterReport.Lease]
        let unheld: [String]
    }

    func run() async throws {
        let settings = try options.resolvedConfiguration()
        switch settings.storage {
        case .sqlite(let path):
            let holder = ServeLock.holder(ofDatabase: path)
            if json {
                let pid: Int32? = if case .serve(let pid) = holder { pid } else { nil }
                try printJSON(SoleInstance(database: path, serving: holder != .nobody, pid: pid))
            } else {
                print(Self.describe(sqlite: path, holder: holder))
            }
        case .postgres:
            var logger = Logger(label: "homeroom")
            logger.logLevel = .warning
            let report: RosterReport
            do {
                let database = try await settings.storage.open(logger: logger)
                do {
                    report = try await RosterReport.read(from: database)
                } catch {
                    await database.close()
                    throw error
                }
                await database.close()
            } catch {
                printError("homeroom: cannot read the instances from \(settings.storage): \(error)")
                throw ExitCode(1)
            }
            if json {
                try printJSON(
                    SharedInstances(instances: report.instances, duties: report.duties, unheld: report.unheld))
            } else {
                print(Self.describe(report, on: settings.storage))
            }
        }
    }

    /// The text form on SQLite.
    static func describe(sqlite path: String, holder: ServeLock.Holder) -> String {
        let serving =
            switch holder {
            case .nobody: "no homeroom serve is running on it"
            case .serve(let pid): "a homeroom serve\(pid.map { " (pid \($0))" } ?? "") is serving it"
            }
        return "SQLite file \(path): one instance, which holds every duty; \(serving)"
    }

    /// The text form on PostgreSQL.
    static func describe(_ report: RosterReport, on storage: StorageLocation) -> String {
        let count = report.instances.count
        var lines = ["\(storage): \(count) instance\(count == 1 ? "" : "s")"]
        for instance in report.instances {
            lines.append(
                "\(instance.id)  host \(instance.host), pid \(instance.pid), version \(instance.version), "
                    + "started \(instance.startedAt.formatted(.iso8601)), "
                    + "last seen \(String(format: "%.0f", instance.lastSeenSecondsAgo)) s ago")
            lines += dutyLines(report.duties(of: instance.id))
        }
        for holder in report.unlistedHolders {
            lines.append("\(holder)  (not in the instance list)")
            lines += dutyLines(report.duties(of: holder))
        }
        lines.append(
            "Held by nobody: " + (report.unheld.isEmpty ? "no duty" : report.unheld.joined(separator: ", ")))
        return lines.joined(separator: "\n")
    }

    private static func dutyLines(_ leases: [RosterReport.Lease]) -> [String] {
        guard !leases.isEmpty else { return ["  no duties"] }
        return leases.map {
            "  \($0.duty) (token \($0.token), \(String(format: "%.1f", $0.expiresInSeconds)) s left)"
        }
    }

    private func printJSON(_ value: some Encodable) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        print(String(decoding: try encoder.encode(value), as: UTF8.self))
    }
}
