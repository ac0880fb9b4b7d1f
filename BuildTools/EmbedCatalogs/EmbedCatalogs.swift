import Foundation
import PackagePlugin

/// Builds a target's translation catalogs (its `Catalog/*.po` files) into its code, so that the one
/// `homeroom` binary carries every language without files beside it.
///
/// The catalogs become string literals in a generated `EmbeddedCatalogs` enum, which compiles in a
/// fraction of the time a byte-array resource takes. `Scripts/lib/embed-catalogs`, a shell script,
/// writes it: a tool built from Swift would be built with the flags of the build (the fuzz build's
/// sanitizers), which a build tool cannot link with.
@main
struct EmbedCatalogs: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let catalogs = target.sourceFiles.map(\.url).filter { $0.pathExtension == "po" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        // The template is for translators, not the binary; naming it an input marks it handled.
        let templates = target.sourceFiles.map(\.url).filter { $0.pathExtension == "pot" }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedCatalogs.swift")
        let script = context.package.directoryURL.appending(path: "Scripts/lib/embed-catalogs")
        return [
            .buildCommand(
                displayName: "Embedding the catalogs of \(target.name)",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: [script.path, output.path] + catalogs.map(\.path),
                inputFiles: [script] + catalogs + templates,
                outputFiles: [output])
        ]
    }
}
