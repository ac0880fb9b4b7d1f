import HomeroomCore

extension CommandCatalog {
    /// The command a recognised command's `body` (`link 123456`) names by its first word, and the
    /// words after it; nil when the body cannot be split into words (an open quote) or its first
    /// word names no command.
    package func lookUp(_ body: String) -> (command: RegisteredCommand, arguments: ArraySlice<String>)? {
        guard let tokens = try? ArgumentTokenizer.words(in: body), let name = tokens.first,
            let command = command(named: name)
        else { return nil }
        return (command, tokens.dropFirst())
    }

    /// What `tokens` name (`lunch always add Salad`): the command of their first word (`top`), the
    /// deepest of its subcommands the next words name, and the words after those; nil when the
    /// first word names no command.
    package func resolve(_ tokens: [String]) -> (
        top: RegisteredCommand, command: RegisteredCommand, arguments: ArraySlice<String>
    )? {
        guard let name = tokens.first, let top = command(named: name) else { return nil }
        let (command, consumed) = top.resolve(tokens.dropFirst())
        return (top, command, tokens.dropFirst(1 + consumed))
    }

    /// The core's own command that `body` names, when it is one of `names` (`link`, `unlink`, …)
    /// by its name or an alias; nil for any other command, a plugin's of the same name included.
    package func coreCommand(in body: String, among names: Set<String>) -> RegisteredCommand? {
        guard let command = lookUp(body)?.command, command.isCoreCommand(among: names) else { return nil }
        return command
    }
}

extension RegisteredCommand {
    /// True when this is the core's own command named one of `names`, not a plugin's.
    package func isCoreCommand(among names: Set<String>) -> Bool {
        pluginID == CorePlugin.id && names.contains(command.name)
    }
}
