/// Every registered command, for lookups by name and for help.
public struct CommandCatalog: Sendable {
    /// Top-level commands in registration order.
    public let commands: [RegisteredCommand]
    private let byName: [String: RegisteredCommand]

    /// A name or alias was declared twice.
    public struct DuplicateName: Error, CustomStringConvertible {
        /// The name.
        public let name: String
        /// The plugins that declared it.
        public let pluginIDs: [String]
        public var description: String {
            "the command name \"\(name)\" is declared by both \(pluginIDs.joined(separator: " and "))"
        }
    }

    /// Builds the catalog; throws when two commands share a name or alias.
    public init(_ commands: [RegisteredCommand]) throws(DuplicateName) {
        var byName: [String: RegisteredCommand] = [:]
        for command in commands {
            for name in [command.command.name] + command.command.aliases {
                if let existing = byName[name] {
                    throw DuplicateName(name: name, pluginIDs: [existing.pluginID, command.pluginID])
                }
                byName[name] = command
            }
        }
        self.commands = commands
        self.byName = byName
    }

    /// The command named or aliased `name` (case-insensitive).
    public func command(named name: String) -> RegisteredCommand? {
        byName[name] ?? byName[name.lowercased()]
    }

    /// The known names closest to `name` by edit distance, the best first; only names at most
    /// a third of their length away (and at least one edit) count.
    public func names(closeTo name: String, usableBy caller: Caller) -> [String] {
        let typed = name.lowercased()
        let scored = byName.compactMap { candidate, command -> (String, Int)? in
            guard command.isVisible(to: caller) else { return nil }
            let distance = EditDistance.between(typed, candidate)
            return distance <= max(1, candidate.count / 3) ? (candidate, distance) : nil
        }
        return scored.sorted { ($0.1, $0.0) < ($1.1, $1.0) }.map(\.0)
    }

    /// "no command /lnch — did you mean /lunch?", or a pointer to help when nothing is close, in
    /// the language of `reader` (the words of whoever asks; the sentences are the core's own).
    public func unknownCommandMessage(_ name: String, prefix: String, caller: Caller, _ reader: Words) -> String {
        let words = Words(.core, reader.language)
        let suggestions = names(closeTo: name, usableBy: caller).prefix(2).map { "\(prefix)\($0)" }
        let typed = prefix + name.lowercased()
        switch suggestions.count {
        case 0:
            return words(
                "no command {command} — {help} lists what I can do", ["command": typed, "help": prefix + "help"])
        case 1:
            return words(
                "no command {command} — did you mean {suggestion}?", ["command": typed, "suggestion": suggestions[0]])
        default:
            return words(
                "no command {command} — did you mean {suggestion} or {other}?",
                ["command": typed, "suggestion": suggestions[0], "other": suggestions[1]])
        }
    }
}
