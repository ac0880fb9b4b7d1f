import HomeroomCore

extension CorePlugin {
    /// `/me language [LANGUAGE]` (also `/language`): the language Homeroom answers the asker in,
    /// kept with the person, so every account they linked shares it; `default` goes back to the
    /// channel's or the school's.
    var languageCommand: Command { Self.languageCommand(typedAs: "language", directory: login.directory) }

    /// `/me language`, the same as `/language`.
    var meLanguageCommand: Command { Self.languageCommand(typedAs: "me language", directory: login.directory) }

    /// `/admin language [LANGUAGE]`, typed in a channel: the language of answers there, for
    /// everyone who chose none.
    var channelLanguageCommand: Command {
        Command(
            "language", summary: "the language answers in this channel are in, for people who chose none",
            usage: "[LANGUAGE | default]",
            examples: [
                .init(
                    "admin language es", "answers here are in Spanish", answerContains: "Español", inChannel: true)
            ],
            access: .restricted
        ) { [switchboard] context in
            let words = context.words
            guard let channel = context.message.conversation.channelName else {
                throw UserFacingError(words("type this in the channel you want to change"))
            }
            let adapter = context.message.adapter
            guard let typed = context.arguments.first else {
                let current = switchboard.language(adapter: adapter, channel: channel)
                return Reply.privately(
                    current.map {
                        words(
                            "Answers in {channel} are in {language}.", ["channel": channel, "language": $0.nativeName])
                    }
                        ?? words(
                            "Answers in {channel} follow the school: {language}.",
                            ["channel": channel, "language": context.school.language.nativeName]))
            }
            let language = try Self.chosenLanguage(typed, context)
            let changed = try await switchboard.setLanguage(
                language, adapter: adapter, channel: channel,
                audit: context.auditEntry("admin.language", "\(language?.code ?? "default") in \(channel)"))
            // Said in the language just chosen, so the admin sees what the channel will read.
            let shown = language ?? context.school.language
            var reply = Reply(
                Self.channelLanguageNote(
                    changed: changed, followsSchool: language == nil, channel: channel, Words(.engine, shown)))
            reply.language = shown
            return reply
        }
    }

    private static func languageCommand(typedAs path: String, directory: AccessDirectory) -> Command {
        Command(
            "language", summary: "the language Homeroom answers you in", usage: "[LANGUAGE | default]",
            examples: [
                .init("\(path) es", "answers in Spanish, on every account you linked", answerContains: "Español"),
                .init("\(path)", "your language, and the ones to choose from", answerContains: "English"),
            ]
        ) { context in
            let words = context.words
            let choices = words.items(Language.shipped.map { "\($0.code) \($0.nativeName)" })
            guard let typed = context.arguments.first else {
                let current = context.caller.language
                return Reply(
                    lines: [
                        current.map { words("You chose {language}.", ["language": $0.nativeName]) }
                            ?? words(
                                "You chose no language, so answers are in {language}.",
                                ["language": context.language.nativeName]),
                        words("Languages: {languages}.", ["languages": choices]),
                    ], visibility: .sender)
            }
            guard context.arguments.count == 1 else { throw context.usageError() }
            let language = try chosenLanguage(typed, context)
            try await directory.setLanguage(language, for: context.caller.person)
            guard let language else {
                return Reply.privately(
                    words("Your language is cleared: answers follow the channel or the school."))
            }
            // Said in the language just chosen: the first answer the person can read.
            var reply = Reply.privately(Self.personLanguageNote(context.typed("me language"), Words(.engine, language)))
            reply.language = language
            return reply
        }
    }

    /// What `/admin language` says about `channel`, in the language it now reads.
    private static func channelLanguageNote(changed: Bool, followsSchool: Bool, channel: String, _ words: Words)
        -> String
    {
        let name = words.language.nativeName
        guard changed else {
            return words(
                "Nothing changed: answers in {channel} are in {language}.", ["channel": channel, "language": name])
        }
        return followsSchool
            ? words("Answers in {channel} now follow the school: {language}.", ["channel": channel, "language": name])
            : words("Answers in {channel} are now in {language}.", ["channel": channel, "language": name])
    }

    /// What `/me language` says to the person who chose the language of `words`.
    private static func personLanguageNote(_ command: String, _ words: Words) -> String {
        words(
            "Homeroom now answers you in {language}, on every account you linked. {command} changes it.",
            ["language": words.language.nativeName, "command": command])
    }

    /// The language `typed` names, nil for `default`; a short error listing the choices otherwise.
    private static func chosenLanguage(_ typed: String, _ context: CommandContext) throws(UserFacingError)
        -> Language?
    {
        if ["default", "none", "auto", "school"].contains(typed.lowercased()) { return nil }
        if let language = Language(typed) { return language }
        let words = context.words
        throw UserFacingError(
            words(
                "no language {typed} here — choose one of {languages}",
                [
                    "typed": String(typed.prefix(40)),
                    "languages": words.items(Language.shipped.map { "\($0.code) \($0.nativeName)" }),
                ]))
    }
}
