import HomeroomCore

extension CorePlugin {
    /// Help, the day at a glance, what Homeroom knows of a person and subscriptions, as people
    /// ask; only of the commands this runtime has (`/day` and `/subscribe` need the plugins' parts).
    package var plainQuestions: [PlainQuestions] {
        let names = Set(commands.map(\.name))
        return [CoreQuestions.english, CoreQuestions.spanish].map { catalog in
            PlainQuestions(
                catalog.language,
                catalog.questions.filter { names.contains(String($0.command.prefix { $0 != " " })) },
                glossary: catalog.glossary)
        }
    }
}

/// The core commands' questions, a catalog per language.
enum CoreQuestions {}
