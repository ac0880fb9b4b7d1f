import Foundation
import HomeroomCore
import Logging

/// The bot runtime's message path: recognise, parse, identify, authorise, rate-limit, route, answer.
///
/// Built once at start-up from the plugins and then immutable, so messages are handled
/// concurrently; the mutable state it consults (rate buckets, channel switches, cached callers)
/// lives in the thread-safe services it holds.
package struct Dispatcher: Sendable {
    /// The services the dispatcher and the handlers use.
    package struct Services: Sendable {
        /// The database.
        package var database: any Database
        /// The school's calendar.
        package var school: SchoolCalendar
        /// The clock.
        package var clock: any HomeroomClock
        /// Roles, logins and resolved callers.
        package var access: AccessDirectory
        /// Per-channel switches.
        package var switchboard: ChannelSwitchboard
        /// Per-user buckets.
        package var rateLimiter: RateLimiter
        /// Notifications waiting for delivery.
        package var outbox: Outbox
        /// Outgoing HTTP.
        package var fetcher: any HTTPFetching
        /// The runtime's logger.
        package var logger: Logger
        /// Told about every handled command (the metrics), if set.
        package var observer: (any CommandObserver)?
        /// The people a command may name, read by the id forms of the adapters the runtime runs;
        /// each command asks it as its sender (``PeopleDirectory/asked(by:)``).
        package let people: PeopleDirectory
        /// What admins wrote, translated.
        package let translations: ContentTranslations
        /// Where an admin's translations are kept.
        package let translationRecording: (any ContentTranslationRecording)?
        /// The district's schools; a district of one unless the configuration lists schools.
        package let district: District
        /// Which school each channel and workspace is; nil: none is assigned (a district of one).
        package let schools: SchoolAssignments?

        /// Bundles the services; `userIDForms` says how each adapter the runtime runs writes its
        /// users' ids (a full id of any other adapter is refused).
        package init(
            database: any Database, school: SchoolCalendar, clock: any HomeroomClock, access: AccessDirectory,
            switchboard: ChannelSwitchboard, rateLimiter: RateLimiter, outbox: Outbox, fetcher: any HTTPFetching,
            logger: Logger, observer: (any CommandObserver)? = nil, userIDForms: [UserIDForm],
            translations: ContentTranslations = ContentTranslations(),
            translationRecording: (any ContentTranslationRecording)? = nil, district: District? = nil,
            schools: SchoolAssignments? = nil
        ) {
            self.district =
                district ?? District(soleSchool: School(id: School.soleSchoolID, name: "", calendar: school))
            self.schools = schools
            self.translations = translations
            self.translationRecording = translationRecording
            self.people = PeopleDirectory(forms: userIDForms, links: IdentityLinks(database: database))
            self.database = database
            self.school = school
            self.clock = clock
            self.access = access
            self.switchboard = switchboard
            self.rateLimiter = rateLimiter
            self.outbox = outbox
            self.fetcher = fetcher
            self.logger = logger
            self.observer = observer
        }

        /// What plugin `pluginID` sees of these services, with `logger`.
        func plugin(_ pluginID: String, logger: Logger) -> PluginServices {
            PluginServices(
                storage: translationRecording.map {
                    PluginStorage(
                        pluginID: pluginID, database: database, audit: AuditLog(), notifications: outbox,
                        translations: $0)
                } ?? PluginStorage(pluginID: pluginID, database: database, audit: AuditLog(), notifications: outbox),
                school: school, clock: clock, logger: logger, fetcher: fetcher, translations: translations)
        }
    }

    /// What routing one message gave: the reply, and for the metrics the plugin and outcome
    /// (nil when the message was not a command).
    private struct Routed {
        /// The language the answer is in, once the asker is known; nil: the channel's or the school's.
        var language: Language? = nil
        var reply: Reply?
        var pluginID: String? = nil
        var outcome: CommandOutcome?

        static let ignored = Routed(reply: nil, outcome: nil)
    }

    /// Every registered command.
    package let catalog: CommandCatalog
    /// How commands are recognised.
    package let recognizer: CommandRecognizer
    /// The per-user limit; nil switches rate limiting off.
    package let rateLimit: RateLimit?
    /// How chat adapters coalesce identical answers in a channel.
    package let channelAnswers: ChannelAnswerSettings
    /// Plugins whose commands cannot be switched off per channel (the core commands).
    package let alwaysOnPlugins: Set<String>
    /// The plugins' web pages, by path.
    package let pages: [String: ServedPage]
    /// The plugins' pages of the office's web console, in the order the plugins list them.
    package let consolePages: [ServedConsolePage]
    /// The console pages of the schools whose plugins are configured apart, by school id.
    private let schoolConsolePages: [String: [ServedConsolePage]]

    /// The console pages at `school` (its own plugins' where it has any), in menu order.
    package func consolePages(at school: School) -> [ServedConsolePage] {
        schoolConsolePages[school.id] ?? consolePages
    }

    /// The console page at `path` (`lunch`, in any case), if a plugin declares one; the one of
    /// `school`'s own plugin when it has one.
    package func consolePage(at path: some StringProtocol, for school: School? = nil) -> ServedConsolePage? {
        let path = path.lowercased()
        return (school.map(consolePages(at:)) ?? consolePages).first { $0.page.path == path }
    }
    /// Questions in people's own words, read as commands.
    package let plainLanguage: PlainLanguage
    let services: Services
    /// Each plugin's services: its tables and a logger with its id.
    private let pluginServices: [String: PluginServices]
    /// Each plugin's services at each school, made once: school id → plugin id → services.
    private let schoolServices: [String: [String: PluginServices]]
    /// Every plugin's phrasebook, by plugin id.
    private let phrasebooks: [String: Phrasebook]

    /// The commands of the schools whose plugins are configured apart from the district's (their
    /// own bell calendar, campus or feeds), by school id; every other school answers from ``catalog``.
    private let schoolCatalogs: [String: CommandCatalog]

    /// Builds the dispatcher; throws when two plugins declare the same command name or page path.
    /// `schoolPlugins` gives, by school id, the plugins of the schools configured apart from the
    /// district's (`plugins`), in the same order.
    package init(
        plugins: [any Plugin], recognizer: CommandRecognizer, rateLimit: RateLimit?, alwaysOnPlugins: Set<String>,
        channelAnswers: ChannelAnswerSettings = ChannelAnswerSettings(), services: Services,
        schoolPlugins: [String: [any Plugin]] = [:]
    ) throws {
        catalog = try CommandCatalog(
            plugins.flatMap { plugin in plugin.commands.map { RegisteredCommand(pluginID: plugin.id, command: $0) } })
        schoolCatalogs = try schoolPlugins.mapValues { plugins in
            try CommandCatalog(
                plugins.flatMap { plugin in plugin.commands.map { RegisteredCommand(pluginID: plugin.id, command: $0) }
                }
            )
        }
        self.recognizer = recognizer
        self.rateLimit = rateLimit
        self.channelAnswers = channelAnswers
        self.alwaysOnPlugins = alwaysOnPlugins
        self.services = services
        phrasebooks = Dictionary(plugins.map { ($0.id, $0.phrasebook) }) { first, _ in first }
        // The school's plugins first: their examples are the ones suggested when nothing matched.
        let asked = plugins.filter { $0.id != CorePlugin.id } + plugins.filter { $0.id == CorePlugin.id }
        plainLanguage = PlainLanguage(
            reader: QuestionReader(
                plugins: asked.map { ($0.id, $0.plainQuestions) }, catalog: catalog, logger: services.logger))
        pluginServices = Dictionary(
            uniqueKeysWithValues: plugins.map { plugin in
                var logger = services.logger
                logger[metadataKey: "plugin"] = "\(plugin.id)"
                return (plugin.id, services.plugin(plugin.id, logger: logger))
            })
        let perPlugin = pluginServices
        schoolServices = Dictionary(
            uniqueKeysWithValues: services.district.schools.map { school in
                (school.id, perPlugin.mapValues { $0.at(school) })
            })
        var pages: [String: ServedPage] = [:]
        for plugin in plugins {
            for page in plugin.pages {
                if let other = pages[page.path] {
                    throw ServedPage.DuplicatePath(path: page.path, pluginIDs: [other.pluginID, plugin.id])
                }
                pages[page.path] = ServedPage(
                    pluginID: plugin.id, page: page, services: pluginServices[plugin.id]!, phrasebook: plugin.phrasebook
                )
            }
        }
        self.pages = pages
        let services = pluginServices
        func consolePages(of plugins: [any Plugin]) throws -> [ServedConsolePage] {
            var consolePages: [ServedConsolePage] = []
            for plugin in plugins {
                for page in plugin.consolePages {
                    if let other = consolePages.first(where: { $0.page.path == page.path }) {
                        throw ServedPage.DuplicatePath(
                            path: "console/\(page.path)", pluginIDs: [other.pluginID, plugin.id])
                    }
                    consolePages.append(
                        ServedConsolePage(
                            pluginID: plugin.id, page: page, services: services[plugin.id]!,
                            phrasebook: plugin.phrasebook))
                }
            }
            return consolePages
        }
        self.consolePages = try consolePages(of: plugins)
        schoolConsolePages = try schoolPlugins.mapValues(consolePages(of:))
    }

    /// Runs chat commands as `identity` (verified or not, as its sign-in was), as if typed in a
    /// direct message through `surface` (`web`), about `school` when given (`at SCHOOL`): the
    /// office's web console changes what chat changes, with the same permission checks and audit
    /// entries. A person's clicks are not counted against the per-user limit; a command's own
    /// limit still applies.
    package func commandRunner(for identity: UserID, verified: Bool, surface: String, school: School? = nil)
        -> @Sendable (PlatformCommand) async -> Reply?
    {
        { typed in
            var command = typed
            if let school { command.arguments += " at \(school.id)" }
            let message = IncomingMessage(
                sender: identity, senderIsVerified: verified, conversation: .direct,
                text: "\(recognizer.preferredPrefix)\(command.name) \(command.arguments)", command: command,
                receivedAt: services.clock.now, surface: surface)
            guard let recognized = recognize(message) else { return nil }
            return await handle(message, recognized: recognized, countingAgainstRateLimit: false)
        }
    }

    /// The clock.
    package var clock: any HomeroomClock { services.clock }

    /// The district's schools.
    package var district: District { services.district }

    /// Which school each channel, workspace and person belongs to; nil before the database is open.
    package var schoolAssignments: SchoolAssignments? { services.schools }

    /// The language `person` on `adapter` chose (else their school's) and their school (else the
    /// district's first): what an adapter's own words to them (a carrier keyword's answer) are
    /// said in and name.
    package func languageAndSchool(of person: UserID, adapter: String) async throws -> (
        language: Language, school: School
    ) {
        let target = DeliveryTarget.user(person)
        let school = try await services.schools?.school(of: target, adapter: adapter) ?? district.defaultSchool
        let outbox = services.outbox
        let chosen = try await services.database.read { db in
            try await outbox.language(of: target, adapter: adapter, on: db)
        }
        return (chosen ?? school.calendar.language, school)
    }

    /// The school's calendar: its time zone, days and language.
    package var school: SchoolCalendar { services.school }

    /// The language answers to `caller` are in when no channel is involved: theirs, else the school's.
    package func language(of caller: Caller?) -> Language { caller?.language ?? services.school.language }

    /// Handles one message: the reply to send, or nil when the message was not for the bot (or
    /// the sender is over the rate limit and has already been told). A command the platform
    /// parsed (``IncomingMessage/command``) is run as it is; otherwise the text is recognised.
    package func handle(_ message: IncomingMessage) async -> Reply? {
        guard let recognized = recognize(message) else { return nil }
        return await handle(message, recognized: recognized, countingAgainstRateLimit: true)
    }

    /// The command of `message`: the one its platform parsed, else the one its text starts
    /// with; nil for chatter.
    package func recognize(_ message: IncomingMessage) -> CommandRecognizer.Recognized? {
        if let command = message.command {
            return CommandRecognizer.Recognized(command, prefix: recognizer.preferredPrefix)
        }
        return recognizer.recognize(message.text, in: message.conversation)
    }

    /// Handles one message whose command a chat adapter recognised already (`recognized`); it
    /// passes false for a person's repeat of a command they asked in the same channel moments ago,
    /// which the per-user limit does not count (a command's own limit still applies), and its
    /// platform's `policy`, if it has one.
    package func handle(
        _ message: IncomingMessage, recognized: CommandRecognizer.Recognized, countingAgainstRateLimit: Bool,
        policy: (any DispatchPolicy)? = nil
    ) async -> Reply? {
        guard let observer = services.observer else {
            return labelled(
                await route(
                    message, recognized: recognized, countingAgainstRateLimit: countingAgainstRateLimit, policy: policy),
                message)
        }
        let start = ContinuousClock.now
        let routed = await route(
            message, recognized: recognized, countingAgainstRateLimit: countingAgainstRateLimit, policy: policy)
        if let outcome = routed.outcome {
            observer.commandHandled(
                HandledCommand(pluginID: routed.pluginID, outcome: outcome, duration: ContinuousClock.now - start))
        }
        return labelled(routed, message)
    }

    /// The reply of `routed`, labelled with the language it is in.
    private func labelled(_ routed: Routed, _ message: IncomingMessage) -> Reply? {
        guard var reply = routed.reply else { return nil }
        if reply.language == nil { reply.language = routed.language ?? language(of: nil, in: message) }
        return reply
    }

    private func route(
        _ message: IncomingMessage, recognized typed: CommandRecognizer.Recognized, countingAgainstRateLimit: Bool,
        policy: (any DispatchPolicy)?
    ) async -> Routed {
        var recognized = typed
        var typedWords = try? typed.words()
        // A question in plain words names its school in them: "what's for lunch at Adams".
        let askedWords = typedWords
        var named = typedWords.flatMap(catalog.resolve)
        var questionLanguage: Language?
        if typed.name == nil {
            switch understand(typed, words: typedWords, named: named, in: message) {
            case nil: break
            case .run(let command, let readIn)?:
                questionLanguage = readIn.flatMap { Language(code: $0) }
                recognized = command
                typedWords = try? command.words()
                named = typedWords.flatMap(catalog.resolve)
            case .ignore?: return .ignored
            case .answer(let answer)?:
                if countingAgainstRateLimit, let limit = rateLimit,
                    let notice = overLimit(message, scope: "", limit: limit, language(of: nil, in: message))
                {
                    return Routed(reply: notice, outcome: .limited)
                }
                return Routed(reply: answer, pluginID: CorePlugin.id, outcome: .answered)
            }
        }
        guard let typedWords else {
            let words = Words(.engine, language(of: nil, in: message))
            return Routed(
                reply: .error(words("a quote (\") is missing its closing partner — nothing was done")),
                outcome: .refused)
        }
        guard let name = typedWords.first else { return .ignored }
        let prefix = recognized.prefix

        if let policy, let named,
            let refusal = policy.refusal(for: named.command, named: named.top, in: message, prefix: prefix)
        {
            return Routed(reply: .error(refusal), pluginID: named.command.pluginID, outcome: .refused)
        }
        if countingAgainstRateLimit, let limit = rateLimit,
            let answer = overLimit(message, scope: "", limit: limit, language(of: nil, in: message))
        {
            return Routed(reply: answer, outcome: .limited)
        }
        // The person with their district-wide roles; the school asked about; in a channel, the
        // school the channel itself belongs to, whose permission a restricted command needs too.
        let districtCaller: Caller
        let school: School
        let placeSchool: School?
        do {
            districtCaller = try await services.access.caller(for: message.sender, verified: message.senderIsVerified)
            let district = services.district
            // Named at the end of the command's words (and then no longer its own), else anywhere
            // in a question in plain words.
            let mention = named.flatMap { named in
                SchoolMention.find(in: named.arguments, district: district).flatMap { found in
                    Self.readsAt(named.command) ? nil : found
                }
            }
            let asked =
                mention?.school
                ?? (typed.isPlain
                ? askedWords.flatMap {
                    SchoolMention.find(in: $0[...], district: district, keywords: SchoolMention.questionKeywords)
                } : nil)?
                .school
            let assigned = try await assignedSchool(of: message)
            placeSchool = message.conversation.channelName == nil ? nil : assigned ?? district.defaultSchool
            school = asked ?? assigned ?? district.school(orDefault: districtCaller.school)
            if let mention, var found = named {
                found.arguments = mention.rest
                named = found
            }
        } catch {
            return Routed(
                reply: failure(error, command: name, logger: services.logger, language(of: nil, in: message)),
                outcome: .failed)
        }
        let askedCaller = services.access.caller(districtCaller, at: school.id)
        let caller =
            placeSchool.flatMap { $0.id == school.id ? nil : $0 }
            .map { askedCaller.asking(where: services.access.caller(districtCaller, at: $0.id).capabilities) }
            ?? askedCaller
        if let own = schoolCatalogs[school.id], let found = named {
            let arguments = found.arguments
            named = own.resolve(typedWords).map { ($0.top, $0.command, arguments) }
        }
        if message.conversation.channelName != nil {
            do {
                try await services.switchboard.refreshIfStale(at: services.clock.now)
            } catch {
                services.logger.warning("could not re-read the channel switches: \(error)")
            }
        }
        let language = language(of: caller, in: message, at: school)
        // Said only when a command is refused: most messages never need it.
        lazy var words = Words(.engine, language)
        guard let (_, command, arguments) = named else {
            return Routed(
                language: language,
                reply: .error(catalog.unknownCommandMessage(name, prefix: prefix, caller: caller, words)),
                outcome: .refused)
        }

        if let channel = message.conversation.channelName, !alwaysOnPlugins.contains(command.pluginID),
            services.switchboard.isDisabled(
                adapter: message.adapter, channel: channel, pluginID: command.pluginID, capability: command.capability)
        {
            return Routed(
                language: language,
                reply: .error(
                    words("{command} is switched off in this channel", ["command": prefix + command.fullName])),
                pluginID: command.pluginID,
                outcome: .refused)
        }
        if let refusedAt = refusal(of: command, to: caller, askedCaller, districtCaller, at: school, in: placeSchool) {
            if command.command.access == .restricted {
                await audit(refusalOf: command, to: caller, at: refusedAt, message)
            }
            let refusal =
                command.command.access == .restricted
                ? UserFacingError.missingPermission(command.capability, Words(.core, language)).message
                : words("{command} is not available to you", ["command": prefix + command.fullName])
            return Routed(language: language, reply: .error(refusal), pluginID: command.pluginID, outcome: .refused)
        }
        if let limit = command.command.rateLimit,
            let answer = overLimit(message, scope: command.capability, limit: limit, language)
        {
            return Routed(language: language, reply: answer, pluginID: command.pluginID, outcome: .limited)
        }
        guard let handler = command.command.handler else {
            return Routed(
                language: language,
                reply: .error(subcommandList(of: command, prefix: prefix, caller: caller, words)),
                pluginID: command.pluginID,
                outcome: .refused)
        }
        let context = CommandContext(
            message: message, arguments: Array(arguments), command: command, prefix: prefix,
            caller: caller, catalog: schoolCatalogs[school.id] ?? catalog,
            services: schoolServices[school.id]?[command.pluginID] ?? pluginServices[command.pluginID]!.at(school),
            people: services.people.asked(by: message.sender), language: language, phrasebooks: phrasebooks)
        do {
            var reply = try await handler(context)
            if let offered = questionLanguage, offered != language, caller.offeredLanguage != offered,
                reply.isForAskerAlone || message.conversation == .direct
            {
                reply.lines.append(await offer(offered, to: caller, prefix: prefix))
            }
            return Routed(
                language: language,
                reply: reply, pluginID: command.pluginID, outcome: reply.isError ? .refused : .answered)
        } catch let error as UserFacingError {
            return Routed(
                language: language, reply: .error(error.message), pluginID: command.pluginID, outcome: .refused)
        } catch {
            return Routed(
                language: language,
                reply: failure(error, command: "\(prefix)\(command.fullName)", logger: context.logger, language),
                pluginID: command.pluginID, outcome: .failed)
        }
    }

    /// The school an admin assigned the channel of `message` to, else its workspace's (a Teams
    /// channel's team, else the sender's: ``IncomingMessage/workspace``); nil in a direct message or
    /// an unassigned channel. A question is about the school its words name
    /// (`/lunch at Jefferson`), else this one, else the asker's own, else the district's first.
    private func assignedSchool(of message: IncomingMessage) async throws -> School? {
        guard let schools = services.schools, let channel = message.conversation.channelName else { return nil }
        return try await schools.school(
            ofChannel: channel, workspaces: [message.workspace, message.sender.workspace], adapter: message.adapter)
    }

    /// True when `command` reads an `at` of its own (its usage says `[at PLACE]`): a school named
    /// after it is the command's, not the question's.
    package static func readsAt(_ command: RegisteredCommand) -> Bool {
        command.command.usage.split { $0 == " " || $0 == "[" || $0 == "]" || $0 == "|" }.contains("at")
    }

    /// Where `command` is refused to `caller`, or nil when it may run. `caller` is the person at
    /// `school`, the school asked about, and in a channel of another school (`placeSchool`) held
    /// to what they may do there too (what a command typed in a channel changes may be the
    /// channel's: its switches, language and subscriptions); `askedCaller` is the person at
    /// `school` alone, `districtCaller` with their district-wide roles alone. What is the
    /// district's own (translations, the outbox) needs a district-wide role.
    private func refusal(
        of command: RegisteredCommand, to caller: Caller, _ askedCaller: Caller, _ districtCaller: Caller,
        at school: School, in placeSchool: School?
    ) -> School? {
        guard command.isAvailable(to: caller) else {
            return command.isAvailable(to: askedCaller) ? placeSchool ?? school : school
        }
        if command.command.access == .restricted, CorePlugin.isDistrictWide(command.capability),
            !districtCaller.districtCapabilities.allows(command.capability)
        {
            return services.district.defaultSchool
        }
        return nil
    }

    /// Records in the audit log that `caller`, who holds a role somewhere, was refused the
    /// restricted `command` at `school`: a school's admin reaching into another school shows there.
    private func audit(
        refusalOf command: RegisteredCommand, to caller: Caller, at school: School, _ message: IncomingMessage
    )
        async
    {
        guard !caller.roles.isEmpty || !caller.schoolRoles.isEmpty else { return }
        do {
            try await AuditLog.record(
                AuditEntry(
                    at: services.clock.now, actor: caller.user, action: "permission.refused",
                    detail: "\(command.fullName) needs \(command.capability) at \(school.id)",
                    channel: message.conversation.channelName ?? message.surface, school: school.id),
                in: services.database)
        } catch {
            services.logger.warning("could not record a refusal in the audit log: \(error)")
        }
    }

    /// What plain language makes of `recognized`, whose words are `words` (nil when a quote is
    /// left open) and name the command `named`, if any; nil to run it as typed.
    private func understand(
        _ recognized: CommandRecognizer.Recognized, words: [String]?,
        named: (top: RegisteredCommand, command: RegisteredCommand, arguments: ArraySlice<String>)?,
        in message: IncomingMessage
    ) -> PlainLanguage.Outcome? {
        // A typed command that exists, or whose quote is left open, runs as typed, on the fast path.
        if !recognized.isPlain, named != nil || words?.first == nil {
            plainLanguage.pending.forget(message.sender)
            return nil
        }
        let now = services.clock.now
        return plainLanguage.outcome(
            of: recognized, from: message, literal: named.map { ($0.command, $0.arguments) },
            today: LocalDateAndNow(date: services.school.localDate(at: now), now: now))
    }

    /// The offer, in `language`, to answer `caller` in it from now on; recorded, so that it is made
    /// once (when it cannot be recorded, it is made again next time).
    private func offer(_ language: Language, to caller: Caller, prefix: String) async -> String {
        do {
            try await services.access.recordOffer(of: language, to: caller.person)
        } catch {
            services.logger.warning("could not record a language offer: \(error)")
        }
        let words = Words(.engine, language)
        return words(
            "You wrote in {language}: {command} and I answer in {language} from now on.",
            ["language": language.nativeName, "command": "\(prefix)me language \(language.code)"])
    }

    /// The language of an answer to `caller` in the conversation of `message`: the person's
    /// choice, else the channel's for an answer in a channel, else the school's (`school`, when the
    /// one asked about is known; the district's otherwise).
    func language(of caller: Caller?, in message: IncomingMessage, at school: School? = nil) -> Language {
        if caller?.language == nil, let channel = message.conversation.channelName,
            let language = services.switchboard.language(adapter: message.adapter, channel: channel)
        {
            return language
        }
        return caller?.language ?? school?.calendar.language ?? language(of: caller)
    }

    /// nil when the sender is within `limit`; otherwise what to answer: a polite note the first
    /// time, nothing (`.some(nil)`) after that until a token is back.
    private func overLimit(_ message: IncomingMessage, scope: String, limit: RateLimit, _ language: Language)
        -> Reply??
    {
        switch services.rateLimiter.check(message.sender, scope: scope, limit: limit, at: services.clock.now) {
        case .allowed:
            return nil
        case .warn(let seconds):
            let words = Words(.engine, language)
            var notice = Reply.error(
                words.plural(
                    "you're sending commands faster than I can answer — try again in {count} second",
                    "you're sending commands faster than I can answer — try again in {count} seconds", count: seconds))
            notice.retryAfterSeconds = seconds
            return .some(notice)
        case .silent:
            return .some(nil)
        }
    }

    private func subcommandList(of command: RegisteredCommand, prefix: String, caller: Caller, _ words: Words)
        -> String
    {
        let names = command.subcommands.filter { $0.isAvailable(to: caller) }.map { "\(prefix)\($0.fullName)" }
        return words(
            "{command} needs one of: {subcommands}",
            ["command": prefix + command.fullName, "subcommands": names.sorted().joined(separator: ", ")])
    }

    private func failure(_ error: any Error, command: String, logger: Logger, _ language: Language) -> Reply {
        let reference = ErrorReference.logging(
            error, as: "command failed", metadata: ["command": "\(command)"], to: logger)
        let words = Words(.engine, language)
        return .error(
            words(
                "something went wrong with {command} — it is logged as {reference} for the admins",
                ["command": command, "reference": "\(reference)"]))
    }
}
