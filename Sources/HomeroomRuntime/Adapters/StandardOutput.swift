import Foundation

/// Writes straight to standard output, unbuffered, so that a reader at the other end of a pipe
/// sees each line at once (`print` buffers when standard output is not a terminal).
package enum StandardOutput {
    /// Writes `text` and, unless `terminator` is empty, a line break.
    package static func write(_ text: String, terminator: String = "\n") {
        FileHandle.standardOutput.write(Data((text + terminator).utf8))
    }
}
