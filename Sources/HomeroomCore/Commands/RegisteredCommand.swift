/// A command as the router holds it: the declaration, the plugin it belongs to, its full name and its capability.
public struct RegisteredCommand: Sendable {
    /// The id of the plugin that declared it.
    public let pluginID: String
    /// The declaration.
    public let command: Command
    /// The full name as typed: `lunch` or `lunch set`.
    public let fullName: String
    /// The capability that names it: `lunch`, `lunch.set`.
    public let capability: String
    /// The subcommands, registered.
    public let subcommands: [RegisteredCommand]

    /// Registers a top-level command of `pluginID` with its subcommands.
    package init(pluginID: String, command: Command) {
        self.init(
            pluginID: pluginID, command: command, fullName: command.name,
            capability: command.explicitCapability ?? command.name)
    }

    private init(pluginID: String, command: Command, fullName: String, capability: String) {
        self.pluginID = pluginID
        self.command = command
        self.fullName = fullName
        self.capability = capability
        self.subcommands = command.subcommands
            .map { sub in
                RegisteredCommand(
                    pluginID: pluginID, command: sub, fullName: "\(fullName) \(sub.name)",
                    capability: sub.explicitCapability ?? "\(capability).\(sub.nameWords.joined(separator: "."))")
            }
            // Longest names first, so that `always add` wins over `always`.
            .sorted { $0.command.nameWords.count > $1.command.nameWords.count }
    }

    /// The deepest subcommand that the leading words of `arguments` name, and how many words its name took.
    package func resolve(_ arguments: ArraySlice<String>) -> (RegisteredCommand, consumed: Int) {
        for sub in subcommands {
            let words = sub.command.nameWords
            guard arguments.count >= words.count else { continue }
            if zip(arguments, words).allSatisfy({ $0.lowercased() == $1 }) {
                return (sub, words.count)
            }
        }
        return (self, 0)
    }

    /// True when `caller` may run this command (a restricted one needs a grant; a denial stops any).
    package func isAvailable(to caller: Caller) -> Bool {
        switch command.access {
        case .everyone: !caller.capabilities.denies(capability)
        case .restricted: caller.may(capability)
        }
    }

    /// True when `caller` may run this command (when it has a handler) or at least one of its
    /// subcommands, so that help lists it.
    package func isVisible(to caller: Caller) -> Bool {
        (command.handler != nil && isAvailable(to: caller)) || subcommands.contains { $0.isAvailable(to: caller) }
    }
}
