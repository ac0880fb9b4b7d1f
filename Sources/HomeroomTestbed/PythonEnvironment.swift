import Foundation

/// A Python virtualenv under `.build-venv` that `Scripts/test` fills with a peer the tests start
/// (Synapse, aiosmtpd): its interpreter, and whether the package is installed in it.
struct PythonEnvironment {
    /// The interpreter: `$VARIABLE` when set, else `.build-venv/NAME/bin/python` in the package.
    let python: URL

    /// The environment `name`, or the one `variable` names.
    init(_ name: String, variable: String) {
        if let path = ProcessInfo.processInfo.environment[variable], !path.isEmpty {
            python = URL(fileURLWithPath: path)
        } else {
            python = Corpus.packageRoot.appendingPathComponent(".build-venv/\(name)/bin/python")
        }
    }

    /// True when the interpreter runs and `file` (a path inside `site-packages`) is installed.
    func has(_ file: String) -> Bool {
        let library = python.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("lib")
        guard FileManager.default.isExecutableFile(atPath: python.path),
            let versions = try? FileManager.default.contentsOfDirectory(atPath: library.path)
        else { return false }
        return versions.contains {
            FileManager.default.fileExists(atPath: library.appendingPathComponent("\($0)/site-packages/\(file)").path)
        }
    }
}
