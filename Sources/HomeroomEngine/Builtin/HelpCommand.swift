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
                context.catalog.unknownCommandMessage(name, prefix: context.prefix, caller: context.caller))
        }
        let (command, _) = top.resolve(context.arguments.dropFirst())
        guard command.isVisible(to: context.caller) else {
            throw UserFacingError.missingPermission(command.capability)
        }
        return Reply(lines: details(of: command, context), visibility: .sender)
    }

    private static func overview(_ context: CommandContext) -> Reply {
        let visible = context.catalog.commands.filter { $0.isVisible(to: context.caller) }
        var lines = ["Commands you can use (\(context.prefix)help COMMAND shows how):"]
        for entry in visible.sorted(by: { $0.fullName < $1.fullName }) {
            let aliases = entry.command.aliases.map { "\(context.prefix)\($0)" }
            let alsoKnownAs = aliases.isEmpty ? "" : " (also \(aliases.joined(separator: ", ")))"
            lines.append("\(context.prefix)\(entry.fullName) — \(entry.command.summary)\(alsoKnownAs)")
        }
        return Reply(lines: lines, visibility: .sender)
    }

    private static func details(of entry: RegisteredCommand, _ context: CommandContext) -> [String] {
        var lines: [String] = []
        if entry.command.handler != nil {
            lines.append("\(usageLine(entry, context)) — \(entry.command.summary)")
        } else {
            lines.append("\(context.prefix)\(entry.fullName) — \(entry.command.summary)")
        }
        if !entry.command.aliases.isEmpty {
            lines.append("  also: \(entry.command.aliases.map { "\(context.prefix)\($0)" }.joined(separator: ", "))")
        }
        if entry.command.access == .restricted {
            lines.append("  needs the \(entry.capability) permission")
        }
        if !entry.command.examples.isEmpty {
            lines.append("Examples:")
            lines += entry.command.examples.map { "  \(context.prefix)\($0.input) — \($0.explanation)" }
        }
        let subcommands = entry.subcommands.filter { $0.isAvailable(to: context.caller) }
            .sorted { $0.fullName < $1.fullName }
        if !subcommands.isEmpty {
            lines.append("Subcommands:")
            lines += subcommands.map { "  \(usageLine($0, context)) — \($0.command.summary)" }
        }
        return lines
    }

    private static func usageLine(_ entry: RegisteredCommand, _ context: CommandContext) -> String {
        let usage = entry.command.usage
        return "\(context.prefix)\(entry.fullName)\(usage.isEmpty ? "" : " \(usage)")"
    }
}

extension String {
    /// The string without `prefix` at its start, when it has it (`/lunch` → `lunch`).
    func trimmingPrefix(_ prefix: String) -> Substring {
        guard !prefix.isEmpty, hasPrefix(prefix) else { return self[...] }
        return dropFirst(prefix.count)
    }
}
