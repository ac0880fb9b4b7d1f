import HomeroomCore

extension CorePlugin {
    var adminCommand: Command {
        Command(
            "admin", summary: "switch plugins and commands off and on in this channel; the notification outbox",
            subcommands: [
                switchCommand(on: false), switchCommand(on: true), disabledCommand, channelLanguageCommand,
                outboxCommand,
                outboxRetryCommand, webCommand,
            ] + (district == nil ? [] : [channelSchoolCommand, workspaceSchoolCommand]),
            handler: nil)
    }

    private func switchCommand(on: Bool) -> Command {
        // Each declared whole, so that the extractor finds every summary and explanation.
        on
            ? Command(
                "enable", summary: "switch a plugin or command back on here", usage: "PLUGIN | COMMAND",
                examples: [
                    .init(
                        "admin enable lunch", "lunch answers here again", answerContains: "lunch is now on",
                        inChannel: true)
                ],
                access: .restricted, handler: switchHandler(on: true))
            : Command(
                "disable", summary: "switch a plugin or command off here", usage: "PLUGIN | COMMAND",
                examples: [
                    .init(
                        "admin disable lunch", "lunch stays quiet here", answerContains: "lunch is now off",
                        inChannel: true)
                ],
                access: .restricted, handler: switchHandler(on: false))
    }

    /// `/admin enable` (`on`) or `/admin disable`: switches what the arguments name on or off in
    /// the channel it is typed in.
    private func switchHandler(on: Bool) -> Command.Handler {
        { [switchboard] context in
            let words = context.words
            guard let channel = context.message.conversation.channelName else {
                throw UserFacingError(words("type this in the channel you want to change"))
            }
            guard !context.arguments.isEmpty else { throw context.usageError() }
            let target = try resolveTarget(context.arguments, in: context)
            let changed = try await switchboard.set(
                target, on: on, adapter: context.message.adapter, channel: channel,
                audit: context.auditEntry(
                    "admin.\(on ? "enable" : "disable")", "\(target) \(on ? "on" : "off") in \(channel)"))
            let values: KeyValuePairs<String, String> = ["target": target, "channel": channel]
            switch (changed, on) {
            case (true, true): return Reply(words("{target} is now on in {channel}", values))
            case (true, false): return Reply(words("{target} is now off in {channel}", values))
            case (false, true): return Reply(words("{target} was already on in {channel}", values))
            case (false, false): return Reply(words("{target} was already off in {channel}", values))
            }
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
            let words = context.words
            guard let channel = context.message.conversation.channelName else {
                throw UserFacingError(words("type this in the channel you want to know about"))
            }
            let targets = switchboard.disabledTargets(adapter: context.message.adapter, channel: channel)
            return Reply.privately(
                targets.isEmpty
                    ? words("everything is on in {channel}", ["channel": channel])
                    : words("off in {channel}: {targets}", ["channel": channel, "targets": words.items(targets)]))
        }
    }

    /// The capability or plugin id that `arguments` name: `news`, `lunch set`, `/lunch set`, `lunch.set`.
    private func resolveTarget(_ arguments: [String], in context: CommandContext) throws(UserFacingError) -> String {
        let words = context.words
        let joined = arguments.joined(separator: " ").lowercased()
        let spelled = String(joined.trimmingPrefix(context.prefix)).replacingDots()
        let catalog = context.catalog
        let nameWords = spelled.split(separator: " ").map(String.init)
        if let top = catalog.command(named: nameWords[0]) {
            let (command, consumed) = top.resolve(nameWords.dropFirst())
            guard consumed == nameWords.count - 1 else {
                throw UserFacingError(
                    words(
                        "{command} has no subcommand \"{subcommand}\"",
                        [
                            "command": context.typed(top.fullName),
                            "subcommand": nameWords.dropFirst(1 + consumed).joined(separator: " "),
                        ]))
            }
            guard command.pluginID != CorePlugin.id else {
                throw UserFacingError(
                    words(
                        "the core commands ({commands}) always stay on",
                        ["commands": words.items(["help", "login", "logout", "admin"])]))
            }
            return command.capability
        }
        if catalog.commands.contains(where: { $0.pluginID == spelled && $0.pluginID != CorePlugin.id }) {
            return spelled
        }
        throw UserFacingError(
            catalog.unknownCommandMessage(spelled, prefix: context.prefix, caller: context.caller, words))
    }
}

extension String {
    /// `lunch.set` → `lunch set`, so a capability may be typed where a command name is expected.
    fileprivate func replacingDots() -> String { split(separator: ".").joined(separator: " ") }
}
