import HomeroomCore

extension CorePlugin {
    /// `/schools`: the district's schools, and which one answers in this conversation.
    var schoolsCommand: Command {
        Command(
            "schools", summary: "the district's schools, and which one answers here",
            examples: [.init("schools", "every school, and the one answering here", answerContains: "answers here")]
        ) { [district = schools?.district] context in
            guard context.arguments.isEmpty, let district else { throw context.usageError() }
            let words = context.words
            var lines = district.schools.map { school in
                school.contact.map {
                    words(
                        "{name} ({id}) — contact: {contact}", ["name": school.name, "id": school.id, "contact": $0])
                } ?? words("{name} ({id})", ["name": school.name, "id": school.id])
            }
            let here = district.school(orDefault: context.schoolID)
            lines.append(
                words(
                    "{school} answers here. Add at SCHOOL to ask about another: {example}.",
                    [
                        "school": here.name,
                        "example": context.typed("lunch at \((district.schools.last { $0.id != here.id } ?? here).id)"),
                    ]))
            return Reply(lines: lines, visibility: .sender)
        }
    }

    /// `/me school [SCHOOL | none]`: the school a person belongs to, which answers their direct
    /// messages and the channels no admin assigned.
    var meSchoolCommand: Command {
        Command(
            "school", summary: "your school, which answers your direct messages", usage: "[SCHOOL | none]",
            examples: [.init("me school", "your school, and how to choose it", answerContains: "school")]
        ) { [district = schools?.district, directory = login.directory] context in
            let words = context.words
            guard let district else { throw context.usageError() }
            guard !context.arguments.isEmpty else {
                let own = context.caller.school.flatMap(district.school(id:))
                return Reply.privately(
                    own.map {
                        words(
                            "Your school is {school}. {command} SCHOOL changes it.",
                            ["school": $0.name, "command": context.typed("me school")])
                    }
                        ?? words(
                            "You chose no school, so {school} answers you. {command} SCHOOL chooses one.",
                            ["school": district.defaultSchool.name, "command": context.typed("me school")]))
            }
            let typed = context.arguments.joined(separator: " ")
            if ["none", "default"].contains(typed.lowercased()) {
                try await directory.setSchool(nil, of: context.caller.person)
                return Reply.privately(words("Your school is cleared."))
            }
            let school = try Self.school(named: typed, in: district, words)
            try await directory.setSchool(school.id, of: context.caller.person)
            return Reply.privately(
                words(
                    "Your school is now {school}: it answers your direct messages, on every account you linked.",
                    ["school": school.name]))
        }
    }

    /// `/admin school [SCHOOL | none]`, typed in a channel: the school that answers there. The
    /// admin needs `admin.school` at the school the channel is now and at the one it becomes.
    var channelSchoolCommand: Command {
        Command(
            "school", summary: "the school that answers in this channel", usage: "[SCHOOL | none]",
            examples: [
                .init("admin school", "the school answering here", answerContains: "answers in", inChannel: true)
            ],
            access: .restricted
        ) { context in try await assignSchool(.channel, context) }
    }

    /// `/admin workspace [SCHOOL | none]`: the school of every channel of this workspace that has
    /// no school of its own.
    var workspaceSchoolCommand: Command {
        Command(
            "workspace", summary: "the school of every channel in this workspace without its own",
            usage: "[SCHOOL | none]",
            examples: [
                .init(
                    "admin workspace", "the school of this workspace", answerContains: "workspace", inChannel: true)
            ],
            access: .restricted
        ) { context in try await assignSchool(.workspace, context) }
    }

    /// What `/admin school` and `/admin workspace` assign.
    enum SchoolPlaceKind { case channel, workspace }

    /// Shows or changes the school of the channel (`.channel`) or workspace the command is typed in.
    private func assignSchool(_ kind: SchoolPlaceKind, _ context: CommandContext) async throws -> Reply {
        let words = context.words
        guard let schools else { throw context.usageError() }
        guard let channel = context.message.conversation.channelName else {
            throw UserFacingError(words("type this in the channel you want to change"))
        }
        let district = schools.district
        let adapter = context.message.adapter
        let workspace = context.message.workspace
        let place: SchoolAssignments.Place = kind == .channel ? .channel(channel) : .workspace(workspace)
        let current = try await schools.school(of: place, adapter: adapter)
        guard !context.arguments.isEmpty else {
            // A Teams team without a school of its own answers for its tenant's, if an admin gave one.
            let tenant = context.message.sender.workspace
            let shown =
                current == nil && kind == .workspace && tenant != workspace
                ? try await schools.school(of: .workspace(tenant), adapter: adapter) : current
            let name = shown?.name
            switch (kind, name) {
            case (.channel, let name?):
                return Reply.privately(words("{school} answers in {channel}.", ["school": name, "channel": channel]))
            case (.channel, nil):
                return Reply.privately(
                    words(
                        "No school is set for {channel}, so {school} answers in it.",
                        [
                            "channel": channel,
                            "school": (district.school(orDefault: context.schoolID)).name,
                        ]))
            case (.workspace, let name?):
                return Reply.privately(words("{school} answers in this workspace.", ["school": name]))
            case (.workspace, nil):
                return Reply.privately(words("No school is set for this workspace."))
            }
        }
        let typed = context.arguments.joined(separator: " ")
        let school =
            ["none", "default"].contains(typed.lowercased()) ? nil : try Self.school(named: typed, in: district, words)
        let capability = context.command.capability
        // A workspace holds many schools' channels: it is the district's to give. A channel is
        // given by whoever may at the school it answers for now (its own, its workspace's, else the
        // district's first) and at the school it is given to.
        if kind == .workspace {
            guard context.caller.districtCapabilities.allows(capability) else {
                throw UserFacingError.missingPermission(capability, Words(.core, context.language))
            }
        } else {
            let answering = try await schools.school(
                ofChannel: channel, workspaces: [workspace, context.message.sender.workspace], adapter: adapter)
            for reached in [answering ?? district.defaultSchool, school].compactMap({ $0 }) {
                guard login.directory.caller(context.caller, at: reached.id).may(capability) else {
                    throw UserFacingError(
                        words(
                            "you need the {capability} permission at {school}",
                            ["capability": capability, "school": reached.name]))
                }
            }
        }
        let changed = try await schools.assign(
            place, adapter: adapter, to: school, by: context.caller.user, channel: channel)
        guard changed else { return Reply.privately(words("Nothing changed.")) }
        switch (kind, school) {
        case (.channel, let school?):
            return Reply(words("{school} now answers in {channel}.", ["school": school.name, "channel": channel]))
        case (.channel, nil):
            return Reply(words("{channel} now follows its workspace or the person asking.", ["channel": channel]))
        case (.workspace, let school?):
            return Reply(words("{school} now answers in this workspace.", ["school": school.name]))
        case (.workspace, nil):
            return Reply(words("This workspace has no school of its own now."))
        }
    }

    /// The school `typed` names; a short error listing the schools otherwise.
    static func school(named typed: String, in district: District, _ words: Words) throws(UserFacingError) -> School {
        if let school = district.school(idOrName: typed) { return school }
        throw UserFacingError(
            words(
                "no school {typed} — the schools are {schools}",
                ["typed": String(typed.prefix(60)), "schools": words.items(district.schools.map(\.name))]))
    }
}
