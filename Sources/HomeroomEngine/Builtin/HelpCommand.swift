import HomeroomCore

/// `/help` and `/help COMMAND`, written from what the plugins declare.
enum HelpCommand {
    static let command = Command(
        "help", aliases: ["commands"], summary: "what I can do, or how to use one command",
        usage: "[COMMAND [SUBCOMMAND]]",
        examples: [
            .init("help", "the commands you can use", answerContains: "/lunch"),
            .init("help lunch", "how to use /lunch", answerContains: "Examples:"),
        ]
    ) { context in
        guard !context.arguments.isEmpty else { return overview(context) }
        guard let top = context.catalog.command(named: context.arguments[0].trimmingPrefix(context.prefix).lowercased())
        else {
            let name = String(context.arguments[0].trimmingPrefix(context.prefix))
            throw UserFacingError(
                context.catalog.unknownCommandMessage(
                    name, prefix: context.prefix, caller: context.caller, context.words))
        }
        let (command, _) = top.resolve(context.arguments.dropFirst())
        guard command.isVisible(to: context.caller) else {
            throw UserFacingError.missingPermission(command.capability, Words(.core, context.language))
        }
        return Reply(lines: details(of: command, context), visibility: .sender)
    }

    private static func overview(_ context: CommandContext) -> Reply {
        let words = context.words
        let visible = context.catalog.commands.filter { $0.isVisible(to: context.caller) }
        var lines = [words("Commands you can use ({help} COMMAND shows how):", ["help": context.typed("help")])]
        for entry in visible.sorted(by: { $0.fullName < $1.fullName }) {
            let command = context.typed(entry.fullName)
            let summary = context.wordsOfPlugin(entry.pluginID).translating(entry.command.summary)
            let aliases = entry.command.aliases.map { context.typed($0) }
            lines.append(
                aliases.isEmpty
                    ? words("{command} — {summary}", ["command": command, "summary": summary])
                    : words(
                        "{command} — {summary} (also {aliases})",
                        ["command": command, "summary": summary, "aliases": words.items(aliases)]))
        }
        return Reply(lines: lines, visibility: .sender)
    }

    private static func details(of entry: RegisteredCommand, _ context: CommandContext) -> [String] {
        let words = context.words
        let pluginWords = context.wordsOfPlugin(entry.pluginID)
        var lines: [String] = []
        let typed = entry.command.handler != nil ? usageLine(entry, context) : context.typed(entry.fullName)
        lines.append(
            words(
                "{command} — {summary}",
                ["command": typed, "summary": pluginWords.translating(entry.command.summary)]))
        if !entry.command.aliases.isEmpty {
            lines.append(
                "  " + words("also: {aliases}", ["aliases": words.items(entry.command.aliases.map(context.typed))]))
        }
        if entry.command.access == .restricted {
            lines.append("  " + words("needs the {capability} permission", ["capability": entry.capability]))
        }
        if !entry.command.examples.isEmpty {
            lines.append(words("Examples:"))
            lines += entry.command.examples.map {
                "  "
                    + words(
                        "{command} — {summary}",
                        ["command": context.typed($0.input), "summary": pluginWords.translating($0.explanation)])
            }
        }
        let subcommands = entry.subcommands.filter { $0.isAvailable(to: context.caller) }
            .sorted { $0.fullName < $1.fullName }
        if !subcommands.isEmpty {
            lines.append(words("Subcommands:"))
            lines += subcommands.map {
                "  "
                    + words(
                        "{command} — {summary}",
                        [
                            "command": usageLine($0, context),
                            "summary": context.wordsOfPlugin($0.pluginID).translating($0.command.summary),
                        ])
            }
        }
        return lines
    }

    /// How `entry` is typed, with its usage in the words of its plugin: `/lunch set [DATE] …`.
    private static func usageLine(_ entry: RegisteredCommand, _ context: CommandContext) -> String {
        let usage = entry.command.usage
        guard !usage.isEmpty else { return context.typed(entry.fullName) }
        return context.typed(entry.fullName) + " " + context.wordsOfPlugin(entry.pluginID).translating(usage)
    }
}

extension String {
    /// The string without `prefix` at its start, when it has it (`/lunch` → `lunch`).
    func trimmingPrefix(_ prefix: String) -> Substring {
        guard !prefix.isEmpty, hasPrefix(prefix) else { return self[...] }
        return dropFirst(prefix.count)
    }
}
