import HomeroomCore

extension CorePlugin {
    var adminCommand: Command {
        Command(
            "admin", summary: "switch plugins and commands off and on in this channel; the notification outbox",
            subcommands: [
                switchCommand(on: false), switchCommand(on: true), disabledCommand, outboxCommand, outboxRetryCommand,
            ],
            handler: nil)
    }

    private func switchCommand(on: Bool) -> Command {
        let verb = on ? "enable" : "disable"
        return Command(
            verb, summary: on ? "switch a plugin or command back on here" : "switch a plugin or command off here",
            usage: "PLUGIN | COMMAND",
            examples: [
                .init(
                    "admin \(verb) lunch", on ? "lunch answers here again" : "lunch stays quiet here",
                    answerContains: "lunch is now \(on ? "on" : "off")", inChannel: true)
            ],
            access: .restricted
        ) { [switchboard] context in
            guard let channel = context.message.conversation.channelName else {
                throw UserFacingError("type this in the channel you want to change")
            }
            guard !context.arguments.isEmpty else { throw context.usageError() }
            let target = try resolveTarget(context.arguments, in: context)
            let changed = try await switchboard.set(
                target, on: on, adapter: context.message.adapter, channel: channel,
                audit: context.auditEntry("admin.\(verb)", "\(target) \(on ? "on" : "off") in \(channel)"))
            let state = on ? "on" : "off"
            return Reply(
                changed ? "\(target) is now \(state) in \(channel)" : "\(target) was already \(state) in \(channel)")
        }
    }

    private var disabledCommand: Command {
        Command(
            "disabled", summary: "what is switched off in this channel",
            examples: [
                .init("admin disabled", "list what is off here", answerContains: "in #examples", inChannel: true)
            ],
            access: .restricted
        ) { [switchboard] context in
            guard let channel = context.message.conversation.channelName else {
                throw UserFacingError("type this in the channel you want to know about")
            }
            let targets = switchboard.disabledTargets(adapter: context.message.adapter, channel: channel)
            return Reply.privately(
                targets.isEmpty
                    ? "everything is on in \(channel)" : "off in \(channel): \(targets.joined(separator: ", "))")
        }
    }

    /// The capability or plugin id that `words` name: `news`, `lunch set`, `/lunch set`, `lunch.set`.
    private func resolveTarget(_ words: [String], in context: CommandContext) throws(UserFacingError) -> String {
        let joined = words.joined(separator: " ").lowercased()
        let spelled = String(joined.trimmingPrefix(context.prefix)).replacingDots()
        let catalog = context.catalog
        let nameWords = spelled.split(separator: " ").map(String.init)
        if let top = catalog.command(named: nameWords[0]) {
            let (command, consumed) = top.resolve(nameWords.dropFirst())
            guard consumed == nameWords.count - 1 else {
                throw UserFacingError(
                    "\(context.typed(top.fullName)) has no subcommand \"\(nameWords.dropFirst(1 + consumed).joined(separator: " "))\""
                )
            }
            guard command.pluginID != CorePlugin.id else {
                throw UserFacingError("the core commands (help, login, logout, admin) always stay on")
            }
            return command.capability
        }
        if catalog.commands.contains(where: { $0.pluginID == spelled && $0.pluginID != CorePlugin.id }) {
            return spelled
        }
        throw UserFacingError(catalog.unknownCommandMessage(spelled, prefix: context.prefix, caller: context.caller))
    }
}

extension String {
    /// `lunch.set` → `lunch set`, so a capability may be typed where a command name is expected.
    fileprivate func replacingDots() -> String { split(separator: ".").joined(separator: " ") }
}
