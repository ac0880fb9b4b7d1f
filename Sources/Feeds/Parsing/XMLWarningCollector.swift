import CLibXML2
import Foundation

/// Collects what libxml2 reports while it parses one document ("line 12: Opening and ending tag
/// mismatch"), so a repaired feed can say what was wrong.
///
/// libxml2 reports through a per-thread structured error handler; the collector installs itself
/// for the duration of one synchronous parse on the current thread and restores the previous one.
final class XMLWarningCollector {
    private(set) var problems: [String] = []

    /// Set when the document declared entities of its own, which are never expanded.
    var declaresEntities = false

    /// The first problem, for a one-line error.
    var firstProblem: String? { problems.first }

    /// Adds a problem that ends the reading, kept whatever the count of the others.
    func note(_ problem: String) {
        problems.append(problem)
    }

    /// The problems kept; libxml2 may report one per line.
    private static let maximumProblems = 20

    /// The problems libxml2 reported, kept or not.
    private var reported = 0

    /// Runs `parse` with this collector as the error handler.
    func collecting<T>(_ parse: () -> T) -> T {
        let context = Unmanaged.passUnretained(self).toOpaque()
        xmlSetStructuredErrorFunc(context) { context, error in
            guard let context, let error else { return }
            let collector = Unmanaged<XMLWarningCollector>.fromOpaque(context).takeUnretainedValue()
            collector.reported += 1
            if collector.reported == FeedLimits.maximumErrors,
                let parser = error.pointee.ctxt?.assumingMemoryBound(to: xmlParserCtxt.self)
            {
                collector.note(
                    "line \(error.pointee.line): more than \(FeedLimits.maximumErrors) errors; "
                        + "the document was read up to there")
                xmlStopParser(parser)
            }
            guard collector.problems.count < XMLWarningCollector.maximumProblems else { return }
            var message =
                error.pointee.message.map { String(cString: $0) }?
                .trimmingCharacters(in: .whitespacesAndNewlines) ?? "unreadable XML"
            if message.hasPrefix("Excessive depth in document") {
                message = "elements nested more than 256 deep; the rest of the document was not read"
            }
            collector.problems.append("line \(error.pointee.line): \(message)")
        }
        defer { xmlSetStructuredErrorFunc(nil, nil) }
        return parse()
    }
}
