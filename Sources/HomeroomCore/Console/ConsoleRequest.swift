import Foundation

/// One request for a plugin's console page, from a signed-in person.
@dynamicMemberLookup
public struct ConsoleRequest: Sendable {
    /// The person signed in, resolved afresh for this request: their roles and capabilities now.
    public let caller: Caller
    /// What the plugin says, in the person's language.
    public let words: Words
    /// The query's fields (`?week=2026-12-07`), decoded.
    public let query: [String: String]
    /// A posted form's fields, decoded; empty for a page being shown.
    public let form: [String: String]
    /// A posted file, when the form carried one.
    public let upload: ConsoleUpload?
    /// The plugin's tables, the school, the clock, a logger and outgoing HTTP.
    public let services: PluginServices
    let runner: @Sendable (PlatformCommand) async -> Reply?

    /// Creates a request; the console does this for each page it serves.
    package init(
        caller: Caller, words: Words, query: [String: String], form: [String: String], upload: ConsoleUpload?,
        services: PluginServices, runner: @escaping @Sendable (PlatformCommand) async -> Reply?
    ) {
        self.caller = caller
        self.words = words
        self.query = query
        self.form = form
        self.upload = upload
        self.services = services
        self.runner = runner
    }

    /// One of the ``services`` (`request.storage`, `request.clock`), read as the request's own.
    public subscript<T>(dynamicMember keyPath: KeyPath<PluginServices, T>) -> T { services[keyPath: keyPath] }

    /// Runs the chat command `name` with `arguments` as the signed-in person, as if they had typed
    /// it in a direct message: the same permission checks, the same audit entry (recorded as made
    /// through the web), the same answer, which comes back as a notice. Each argument is passed
    /// as one word, whatever it holds.
    public func run(_ name: String, _ arguments: [String]) async -> ConsoleNotice {
        let quoted = arguments.map { argument in
            "\"" + argument.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                + "\""
        }
        guard let reply = await runner(PlatformCommand(name: name, arguments: quoted.joined(separator: " "))) else {
            let words = Words(.core, self.words.language)
            return ConsoleNotice(words("Nothing was done."), isError: true)
        }
        return ConsoleNotice(lines: reply.lines, isError: reply.isError)
    }
}

/// A file posted with a console form.
public struct ConsoleUpload: Sendable {
    /// The file's name as the browser gave it.
    public let fileName: String
    /// Its bytes.
    public let bytes: [UInt8]

    /// Creates an upload.
    public init(fileName: String, bytes: [UInt8]) {
        self.fileName = fileName
        self.bytes = bytes
    }
}

/// A line or a few above a console page, saying what a form did.
public struct ConsoleNotice: Sendable, Equatable {
    /// The lines.
    public let lines: [String]
    /// True for a refusal or a failure.
    public let isError: Bool

    /// A notice of `lines`.
    public init(lines: [String], isError: Bool = false) {
        self.lines = lines
        self.isError = isError
    }

    /// A notice of one line.
    public init(_ line: String, isError: Bool = false) {
        self.init(lines: [line], isError: isError)
    }
}
