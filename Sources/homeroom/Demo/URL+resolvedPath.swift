import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension URL {
    /// The file's absolute path with symbolic links, `.` and `..` resolved as far as it exists; the
    /// parts that do not exist yet follow as written, standardized. Two URLs naming the same file
    /// have the same resolved path, whether or not the file was created yet.
    var resolvedPath: String {
        var existing = absoluteURL.path.split(separator: "/").map(String.init)
        var missing: [String] = []
        while !existing.isEmpty, !FileManager.default.fileExists(atPath: "/" + existing.joined(separator: "/")) {
            missing.insert(existing.removeLast(), at: 0)
        }
        var resolved = "/" + existing.joined(separator: "/")
        if let real = realpath(resolved, nil) {
            resolved = String(cString: real)
            free(real)
        }
        return missing.reduce(URL(fileURLWithPath: resolved)) { $0.appendingPathComponent($1) }.standardizedFileURL.path
    }
}
