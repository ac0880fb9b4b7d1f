/// The people a command may name: a user name typed in a command (`alice`, `@alice`,
/// `irc:school:alice`, `@alice:school.example`) read as a person, the same way for every adapter.
///
/// A full id (`adapter:id`) is taken as it is when its adapter is one the runtime runs; a bare
/// name is an id on the asker's own adapter, sharing the leading parts that adapter's
/// `UserIDForm` names (on IRC, the asker's network). The person is then the identity's home
/// identity when it is linked (the engine's identity links), since plugins keep people by it.
public struct PeopleDirectory: Sendable {
    /// The longest name read.
    package static let maximumNameLength = 200

    let forms: [String: UserIDForm]
    let links: any HomeIdentities
    let asker: UserID
    /// The language of the problems it names.
    let language: Language

    /// The people as `asker` names them, by the adapters' `forms`, with the identity `links`.
    /// Without an `asker`, as the runtime names them (``asked(by:)`` gives each command's view).
    package init(
        forms: [UserIDForm], links: any HomeIdentities, asker: UserID = UserID(adapter: "homeroom", id: "runtime")
    ) {
        self.forms = Dictionary(forms.map { ($0.adapter, $0) }) { first, _ in first }
        self.links = links
        self.asker = asker
        self.language = .english
    }

    private init(forms: [String: UserIDForm], links: any HomeIdentities, asker: UserID, language: Language) {
        self.forms = forms
        self.links = links
        self.asker = asker
        self.language = language
    }

    /// The same people as `asker` names them.
    package func asked(by asker: UserID) -> PeopleDirectory {
        PeopleDirectory(forms: forms, links: links, asker: asker, language: language)
    }

    /// The same people, with the problems of names that name no one told in `language`.
    package func speaking(_ language: Language) -> PeopleDirectory {
        PeopleDirectory(forms: forms, links: links, asker: asker, language: language)
    }

    /// The person `typed` names: the home identity of the identity it names. Throws a short error
    /// naming the problem when `typed` is not a user name.
    public func resolve(_ typed: String) async throws -> UserID {
        try await links.home(of: identity(typed))
    }

    /// The identity `typed` names, before links are followed: `irc:school:alice` as it is;
    /// `alice` or `@alice` typed on IRC network `school` as `irc:school:alice`, typed on Matrix by
    /// `@ana:school.example` as `matrix:@alice:school.example`, elsewhere as `ADAPTER:alice` on the
    /// asker's adapter. A Matrix id typed whole (`@alice:school.example`) is that Matrix user.
    package func identity(_ typed: String) throws(UserFacingError) -> UserID {
        let words = Words(.core, language)
        guard typed.count <= Self.maximumNameLength else {
            throw UserFacingError(
                words.plural(
                    "a user name is at most {count} character", "a user name is at most {count} characters",
                    count: Self.maximumNameLength))
        }
        if typed.contains(":"), let sigil = typed.first, let form = platformIDForm(sigil) {
            // A platform id typed whole (`@alice:school.example` on Matrix).
            return UserID(adapter: form.adapter, id: typed)
        }
        if typed.contains(":") {
            guard let user = UserID(typed) else {
                throw UserFacingError(
                    words(
                        "\"{typed}\" is not a user: write a name like {name} or a full id like {id}",
                        ["typed": typed, "name": "alice", "id": "\(asker.adapter):alice"]))
            }
            guard forms[user.adapter] != nil else {
                throw UserFacingError(
                    words(
                        "no chat here is called {adapter} (there are {adapters})",
                        ["adapter": user.adapter, "adapters": words.items(forms.keys.sorted())]))
            }
            return user
        }
        let name = typed.hasPrefix("@") ? String(typed.dropFirst()) : typed
        guard !name.isEmpty,
            !name.unicodeScalars.contains(where: {
                $0.properties.isWhitespace || $0.properties.generalCategory == .control
            })
        else { throw UserFacingError(words("\"{typed}\" is not a user name", ["typed": typed])) }
        if let sigil = forms[asker.adapter]?.idSigil, let colon = asker.id.firstIndex(of: ":") {
            // On Matrix, `ben` typed by `@ana:school.example` is `@ben:school.example`.
            return UserID(adapter: asker.adapter, id: "\(sigil)\(name)\(asker.id[colon...])")
        }
        let shared = asker.id.split(separator: ":").prefix(forms[asker.adapter]?.sharedParts ?? 0)
        return UserID(adapter: asker.adapter, id: (shared + [Substring(name)]).joined(separator: ":"))
    }

    /// The form whose platform ids start with `sigil`: the asker's own, else the only one.
    private func platformIDForm(_ sigil: Character) -> UserIDForm? {
        if let own = forms[asker.adapter], own.idSigil == sigil { return own }
        let matching = forms.values.filter { $0.idSigil == sigil }
        return matching.count == 1 ? matching.first : nil
    }
}
