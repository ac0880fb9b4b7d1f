import CivilDates
import Foundation
import SQLKit

/// Everything a command handler receives: who asked, where, the arguments, and the services it may use.
@dynamicMemberLookup
public struct CommandContext: Sendable {
    /// The message the command came in.
    public let message: IncomingMessage
    /// The words after the command's (and subcommand's) name.
    public let arguments: [String]
    /// The command being run.
    public let command: RegisteredCommand
    /// The prefix the user typed (`/` or `!`), for answers that name commands.
    public let prefix: String
    /// The person who asked, with what they may do.
    public let caller: Caller
    /// Every registered command, for help.
    public let catalog: CommandCatalog
    /// The plugin's tables, the school, the clock, a logger with the command's metadata, the
    /// outbox and outgoing HTTP; read them as the context's own (`context.storage`).
    public let services: PluginServices
    /// The people the asker may name: `context.people.resolve("alice")`.
    public let people: PeopleDirectory
    /// The language of the answer: the asker's choice, else the channel's (for an answer in a
    /// channel), else the school's.
    public let language: Language
    /// What the plugin says, in ``language``: `context.words("Lunch for {date}:", ["date": …])`.
    public let words: Words
    /// Every plugin's phrasebook by plugin id, for a context handed to another plugin.
    let phrasebooks: [String: Phrasebook]

    /// Creates a context. The dispatcher does this; a plugin's tests send the command through `TestBot`.
    package init(
        message: IncomingMessage, arguments: [String], command: RegisteredCommand, prefix: String, caller: Caller,
        catalog: CommandCatalog, services: PluginServices, people: PeopleDirectory, language: Language = .english,
        phrasebooks: [String: Phrasebook] = [:]
    ) {
        self.language = language
        self.phrasebooks = phrasebooks
        self.words = Words(
            phrasebooks[services.storage.pluginID] ?? .untranslated, language, content: services.translations)
        self.message = message
        self.arguments = arguments
        self.command = command
        self.prefix = prefix
        self.caller = caller
        self.catalog = catalog
        self.services = services
        self.people = people.speaking(language)
    }

    /// What plugin `pluginID` says, in ``language``: for answers that gather several plugins'
    /// words (help lists every plugin's commands).
    package func wordsOfPlugin(_ pluginID: String) -> Words {
        Words(phrasebooks[pluginID] ?? .untranslated, language, content: services.translations)
    }

    /// One of the ``services`` (`context.storage`, `context.clock`), read as the context's own.
    public subscript<T>(dynamicMember keyPath: KeyPath<PluginServices, T>) -> T { services[keyPath: keyPath] }

    /// The current instant.
    public var now: Date { services.clock.now }

    /// Where a notification for this conversation goes: its channel, or the person in a direct
    /// message to their home identity (the same from every identity they linked).
    public var conversationTarget: DeliveryTarget {
        message.conversation.channelName.map(DeliveryTarget.channel) ?? .user(caller.person)
    }

    /// The adapter that delivers to ``conversationTarget``.
    public var conversationAdapter: String {
        message.conversation.channelName == nil ? caller.person.adapter : message.adapter
    }

    /// The same request handed to plugin `pluginID` with `arguments`: how the runtime's
    /// `/subscribe` passes a topic on to the plugin that posts it.
    /// `asDirectMessage` makes it as though typed in a direct message, for what concerns the
    /// person alone (`/me` typed in a channel asks about the person's subscriptions, not the channel's).
    package func handingOver(to pluginID: String, arguments: [String], asDirectMessage: Bool = false)
        -> CommandContext
    {
        var message = message
        if asDirectMessage { message.conversation = .direct }
        return CommandContext(
            message: message, arguments: arguments, command: command, prefix: prefix, caller: caller,
            catalog: catalog, services: services.handingOver(to: pluginID), people: people, language: language,
            phrasebooks: phrasebooks)
    }

    /// Today's date in the school's zone.
    public var today: LocalDate { services.school.localDate(at: services.clock.now) }

    /// The arguments read as one date (`tomorrow`, `friday`, `2026-12-03`), or today when there are
    /// none; a usage error naming the problem when they are not a date.
    public func dateArgument() throws(UserFacingError) -> LocalDate {
        guard !arguments.isEmpty else { return today }
        do {
            return try DateExpression.parse(arguments.joined(separator: " "), today: today)
        } catch {
            throw usageError(error.message(in: language))
        }
    }

    /// How the user would type the command named `name`: `/lunch set`.
    public func typed(_ name: String) -> String { "\(prefix)\(name)" }

    /// Throws "you need the X permission" unless the caller holds `capability`.
    public func require(_ capability: String) throws(UserFacingError) {
        guard caller.may(capability) else { throw .missingPermission(capability, Words(.core, language)) }
    }

    /// An audit entry for a change this command makes; insert it in the same transaction as the change.
    /// It names the channel, or the surface (`web`) a direct command came through, and the school.
    public func auditEntry(_ action: String, _ detail: String) -> AuditEntry {
        AuditEntry(
            at: now, actor: caller.user, action: action, detail: detail,
            channel: message.conversation.channelName ?? message.surface, school: services.schoolID)
    }

    /// Runs `change` in one transaction of the plugin's storage and, when it returns a value (it
    /// changed something), records the audit entry `action`/`detail` in the same transaction.
    /// Returns what `change` returned.
    public func auditedWrite<T: Sendable>(
        _ action: String, _ detail: String, _ change: @escaping @Sendable (any SQLDatabase) async throws -> T?
    ) async throws -> T? {
        let entry = auditEntry(action, detail)
        let audit = services.storage.audit
        return try await services.storage.write { db in
            guard let result = try await change(db) else { return nil }
            try await audit.insert(entry, into: db)
            return result
        }
    }

    /// The short usage error for this command: `usage: /lunch set [DATE] specials "…" …`.
    public func usageError(_ problem: String? = nil) -> UserFacingError {
        let words = Words(.core, language)
        let typed =
            typed(command.fullName)
            + (command.command.usage.isEmpty ? "" : " " + self.words.translating(command.command.usage))
        guard let problem else { return UserFacingError(words("usage: {command}", ["command": typed])) }
        return UserFacingError(words("{problem} — usage: {command}", ["problem": problem, "command": typed]))
    }
}

extension UserFacingError {
    /// "you need the lunch.set permission", in the language of `words`.
    public static func missingPermission(_ capability: String, _ words: Words) -> UserFacingError {
        UserFacingError(words("you need the {capability} permission", ["capability": capability]))
    }
}
