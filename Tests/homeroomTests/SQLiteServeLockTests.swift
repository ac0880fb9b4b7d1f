import Foundation
import HomeroomTesting
import Testing

/// One SQLite file serves one instance: a second `homeroom serve` on it refuses to start.
@Suite struct SQLiteServeLockTests {
    @Test func aSecondServeOnTheSameFileRefusesToStartInOneLine() async throws {
        let homeroom = try HomeroomProcess()
        defer { homeroom.remove() }
        let config = try homeroom.writeConfig(#", "console": {"enabled": false}, "webhooks": {"port": 0}"#)
        let database = "\(homeroom.folder.path)/data/homeroom.sqlite"
        let first = try RunningHomeroom(homeroom, ["serve", "--config", config])
        defer { if first.process.isRunning { kill(first.process.processIdentifier, SIGKILL) } }
        try await first.waitFor("Homeroom is serving")
        let pid = first.process.processIdentifier

        let second = try await homeroom.run(["serve", "--config", config])
        #expect(second.status == 1)
        #expect(
            second.errors
                == "homeroom: another homeroom serve (pid \(pid)) is using \(database); "
                + "one SQLite file serves one instance (use PostgreSQL for several)\n")
        #expect(!second.output.contains("Homeroom is serving"), "\(second.output)")
        let lockFile = database + ".lock"
        let mode = try FileManager.default.attributesOfItem(atPath: lockFile)[.posixPermissions] as? Int
        #expect(mode == 0o600)

        // One-shot commands still work beside the running serve.
        let say = try await homeroom.run(["say", "--config", config, "/help"])
        #expect(say.status == 0, "\(say.errors)")
        #expect(!say.output.isEmpty)
        let backup = try await homeroom.run(["backup", "--config", config, "\(homeroom.folder.path)/copy.sqlite"])
        #expect(backup.status == 0, "\(backup.errors)")

        let status = try await homeroom.run(["status", "--config", config])
        #expect(status.status == 0, "\(status.errors)")
        #expect(
            status.output
                == "SQLite file \(database): one instance, which holds every duty; "
                + "a homeroom serve (pid \(pid)) is serving it\n")
        let json = try await homeroom.run(["status", "--config", config, "--json"])
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any], "\(json.output)")
        #expect(object["backend"] as? String == "sqlite")
        #expect(object["serving"] as? Bool == true)
        #expect(object["pid"] as? Int == Int(pid))

        kill(pid, SIGTERM)
        #expect(try await first.waitForExit() == 0)
        let after = try await homeroom.run(["status", "--config", config])
        #expect(after.output.hasSuffix("; no homeroom serve is running on it\n"), "\(after.output)")

        // The lock went with the process: the next serve starts.
        let third = try RunningHomeroom(homeroom, ["serve", "--config", config])
        defer { if third.process.isRunning { kill(third.process.processIdentifier, SIGKILL) } }
        try await third.waitFor("Homeroom is serving")
        kill(third.process.processIdentifier, SIGTERM)
        #expect(try await third.waitForExit() == 0)
    }
}
