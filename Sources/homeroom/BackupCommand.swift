import ArgumentParser
import Foundation
import HomeroomRuntime
import HomeroomStorage

struct BackupCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Write a consistent copy of the SQLite database, safe while the service runs.",
        discussion: "For PostgreSQL, use pg_dump.")
    @OptionGroup var options: RuntimeOptions
    @Argument(help: "Where to write the copy; the file must not exist yet.") var path: String

    func run() async throws {
        guard !FileManager.default.fileExists(atPath: path) else {
            printError("\(path) already exists; choose a new file name")
            throw ExitCode(1)
        }
        let runtime = try await options.startRuntime(quietest: .warning)
        guard let store = runtime.database as? SQLiteStore else {
            await runtime.close()
            printError("the data is in PostgreSQL: back it up with pg_dump")
            throw ExitCode(1)
        }
        do {
            try await store.backup(to: path)
        } catch {
            await runtime.close()
            printError("backup failed: \(error)")
            throw ExitCode(1)
        }
        await runtime.close()
        print("backed up \(store.path) to \(path)")
    }
}
