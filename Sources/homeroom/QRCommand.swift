import ArgumentParser
import Campus
import Directions
import Foundation
import HomeroomCore
import HomeroomRuntime
import QRCodes

struct QRCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "qr",
        abstract: "Make printable QR codes for checkpoints: each opens <publicURL>/here/<checkpoint> on a phone.",
        discussion: """
            The public URL is plugins.directions.publicURL in the configuration; the checkpoint's id is printed \
            under each code. Examples:
              homeroom qr B2-EAST                 writes B2-EAST.png
              homeroom qr B2-EAST --format svg --out hall.svg
              homeroom qr --all codes/            one file per checkpoint that has a code
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case png, svg
    }

    @OptionGroup var options: RuntimeOptions
    @Argument(help: "The checkpoint's id.") var checkpoint: String?
    @Option(help: "png or svg.") var format: Format = .png
    @Option(help: "The file to write (default: CHECKPOINT.png or .svg).") var out: String?
    @Option(help: "Write one file per checkpoint with a code into this folder.") var all: String?
    @Option(help: "Pixels per QR module in PNG files.") var moduleSize = 10

    func validate() throws {
        guard (checkpoint == nil) != (all == nil) else {
            throw ValidationError("name one checkpoint, or --all FOLDER for every checkpoint with a code")
        }
        if all != nil, out != nil { throw ValidationError("--out names one file; with --all the folder is given") }
        guard (2...40).contains(moduleSize) else { throw ValidationError("--module-size must be 2 to 40") }
    }

    func run() async throws {
        let resolved = try options.resolvedConfiguration()
        let plugin: DirectionsPlugin
        do {
            plugin = try DirectionsPlugin(
                settings: resolved.decodeSection(
                    resolved.configuration.plugins[DirectionsPlugin.id], key: "plugins.directions",
                    as: DirectionsPlugin.Settings.self))
        } catch let error as ConfigurationError {
            printError(error.description)
            throw ExitCode(2)
        } catch let error as UserFacingError {
            printError("plugins.directions: \(error.message)")
            throw ExitCode(2)
        }
        let runtime = try await options.startRuntime(quietest: .warning)
        let stored = try await CampusImporter.storedCampus(in: runtime.storage(for: DirectionsPlugin.id))
        await runtime.close()
        guard let campus = stored else {
            printError("no campus map yet — import one first: homeroom import campus FILE")
            throw ExitCode(1)
        }
        let chosen: [(id: String, file: URL)]
        if let checkpoint {
            guard let index = campus.checkpoint(named: checkpoint) else {
                let ids = campus.checkpoints.filter(\.hasCode).map(\.id)
                printError(
                    "no checkpoint \(checkpoint) on the map — the checkpoints with codes are "
                        + ids.prefix(12).joined(separator: ", ") + (ids.count > 12 ? ", …" : ""))
                throw ExitCode(1)
            }
            let id = campus.checkpoints[index].id
            chosen = [(id, URL(fileURLWithPath: out ?? "\(id).\(format.rawValue)"))]
        } else {
            let folder = URL(fileURLWithPath: all!, isDirectory: true)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            chosen = campus.checkpoints.filter(\.hasCode).map {
                ($0.id, folder.appendingPathComponent("\($0.id).\(format.rawValue)"))
            }
        }
        for (id, file) in chosen {
            let address = plugin.pageAddress(of: id)
            let code = try PrintableCode(encoding: address, label: id)
            let bytes = format == .png ? code.png(moduleSize: moduleSize) : Array(code.svg().utf8)
            do {
                try Data(bytes).write(to: file)
            } catch {
                printError("cannot write \(file.path): \(error.localizedDescription)")
                throw ExitCode(1)
            }
            print("\(file.path)  \(address)")
        }
    }
}
