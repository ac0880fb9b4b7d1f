import CivilDates
import HomeroomCore
import HomeroomEngine
import Testing

@Suite struct QuestionReaderTests {
    /// Monday, November 23, 2026.
    static let today = LocalDate(year: 2026, month: 11, day: 23)!

    static let reader: QuestionReader = {
        let plugin = AskPlugin(settings: .init())
        let catalog = try! CommandCatalog(plugin.commands.map { RegisteredCommand(pluginID: AskPlugin.id, command: $0) })
        return QuestionReader(plugins: [(AskPlugin.id, plugin.plainQuestions)], catalog: catalog)
    }()

    /// The command `text` reads as, or a description of what else it reads as.
    func command(_ text: String, language: String? = nil) -> String {
        let reading = Self.reader.read(text, today: Self.today, language: language)
        if case .command(let choice) = reading.meaning { return choice.command }
        return reading.summary(prefix: "/")
    }

    @Test func daysAndWeeksInEnglishBecomeTheArgumentsCommandsTake() {
        #expect(command("whats for lunch") == "menu")
        #expect(command("what's for lunch tomorrow?") == "menu tomorrow")
        #expect(command("lunch tomorow pls") == "menu tomorrow", "a misspelt day")
        #expect(command("lunch tmrw") == "menu tomorrow", "a chat spelling")
        #expect(command("lunch the day after tomorrow") == "menu wednesday")
        #expect(command("what's for lunch this thursday") == "menu thursday")
        #expect(command("lunch on monday") == "menu today", "a weekday that is today")
        #expect(command("lunch next monday") == "menu 2026-11-30", "next monday is not today")
        #expect(command("lunch in 10 days") == "menu 2026-12-03")
        #expect(command("lunch on 12/3") == "menu 2026-12-03")
        #expect(command("lunch dec 3rd") == "menu 2026-12-03")
        #expect(command("lunch the 3rd of december") == "menu 2026-12-03")
        #expect(command("lunch this week") == "menu week")
        #expect(command("lunch next week") == "menu next week")
        #expect(command("lunch yesterday") == "menu 2026-11-22")
        #expect(command("lunch 2 days out") == "menu wednesday")
        #expect(command("lunchhh tmrw") == "menu tomorrow", "a held-down letter")
    }

    @Test func aDayOfTheMonthBesideAMonthMayBeWrittenInWords() {
        #expect(command("lunch for the seventh of december, what's on it") == "menu 2026-12-07")
        #expect(command("lunch december seventh") == "menu 2026-12-07")
        #expect(command("almuerzo del siete de diciembre") == "menu 2026-12-07")
        #expect(command("lunch on the seventh") == "menu", "a day in words needs its month")
    }

    @Test func spanishDaysWithOrWithoutAccents() {
        #expect(command("¿Qué hay de almuerzo mañana?") == "menu tomorrow")
        #expect(command("que hay de almuerzo manana") == "menu tomorrow")
        #expect(command("almuerzo pasado mañana") == "menu wednesday")
        #expect(command("¿qué hay de comer el viernes?") == "menu friday")
        #expect(command("almuerzo el próximo lunes") == "menu 2026-11-30")
        #expect(command("almuerzo la próxima semana") == "menu next week")
        #expect(command("almuerzo el 3 de diciembre") == "menu 2026-12-03")
        #expect(command("¿qué hay de comer por la mañana?") == "menu", "por la mañana is the morning, not tomorrow")
    }

    @Test func wordsNumbersAndGlossedWordsFillTheirArguments() {
        #expect(command("when does the chess club meet?") == "club chess")
        #expect(command("¿cuándo se reúne el club de ajedrez?") == "club chess", "glossed")
        #expect(
            command("¿cuándo se reúne el salon de arte?") == "club art",
            "a phrase glossed as nothing ends where one with a meaning starts")
        #expect(
            command("me siento mal, ¿se reúne hoy el club de ajedrez?") == "club chess",
            "the words the glossary knows win over nearer ones")
        #expect(
            command("i am bringing my coat, when does the chess club meet") == "club chess",
            "the words in the keywords' clause win over those of another")
        #expect(command("is the chess club on tues or wed") == "club chess", "a weekday is no part of a name")
        #expect(command("¿hay lunch mañana?") == "menu tomorrow", "an English word in Spanish")
        #expect(command("read story 2") == "story 2")
        #expect(command("read the second story") == "story 2")
        #expect(command("read the 3rd story") == "story 3", "a number that reads as a day of the month")
        #expect(command("any news") == "story")
    }

    @Test func aQuestionThatNeedsWordsAndHasNoneIsNotThatQuestion() {
        #expect(command("club") == "no question read; suggests /menu, /events, /club")
    }

    @Test func equallyLikelyQuestionsAreChoices() {
        let reading = Self.reader.read("lunch events", today: Self.today)
        guard case .choices(let choices) = reading.meaning else {
            Issue.record("\(reading)")
            return
        }
        #expect(choices.map(\.command) == ["menu", "events"])
        #expect(choices.map(\.summary) == ["the menu of a day", "the events of a day"])
    }

    @Test func aChangeIsMarkedAndLosesATieToWhatChangesNothing() {
        guard case .command(let read) = Self.reader.read("remember the chess club", today: Self.today).meaning else {
            Issue.record("remember the chess club")
            return
        }
        #expect(read.command == "club chess", "a tie between a change and a question goes to the question")
        #expect(!read.changes)
        let note = Self.reader.read("please remember to bring a coat", today: Self.today)
        guard case .command(let choice) = note.meaning else {
            Issue.record("\(note)")
            return
        }
        #expect(choice.command == "note bring coat")
        #expect(choice.changes)
        guard case .command(let clear) = Self.reader.read("clear notes", today: Self.today).meaning else {
            Issue.record("clear notes")
            return
        }
        #expect(clear.changes, "a restricted command always asks first, declared so or not")
    }

    @Test func greetingsThanksAndNothingAreToldApart() {
        #expect(command("hi!") == "a greeting: the welcome")
        #expect(command("hola") == "a greeting: the welcome")
        #expect(command("what can you do?") == "a greeting: the welcome")
        #expect(command("thanks!!") == "thanks")
        #expect(command("purple elephants dance") == "no question read; suggests /menu, /events, /club")
        #expect(command("hungry") == "menu", "a word or three that point to one question alone")
        #expect(
            command("hungry hippos dance at the festival") == "no question read; suggests /menu, /events, /club",
            "a hint alone is not enough in a longer message")
    }

    @Test func aLanguageCanBeChosenAndUnknownOnesAreLeftOut() {
        #expect(command("almuerzo mañana", language: "en") != "menu tomorrow")
        #expect(command("almuerzo mañana", language: "ES") == "menu tomorrow")
        #expect(Self.reader.languages == ["en", "es"], "the catalog in a language without words is left out")
        #expect(!Self.reader.speaks("xx"))
    }

    @Test func aQuestionNamingNoCommandIsLeftOut() {
        #expect(command("nothing at all") == "no question read; suggests /menu, /events, /club")
    }

    @Test func theSameTextAlwaysReadsTheSame() {
        for text in ["lunch events", "when does the chess club meet", "hola", "qwerty"] {
            let readings = (0..<5).map { _ in Self.reader.read(text, today: Self.today) }
            #expect(readings.allSatisfy { $0 == readings[0] }, "\(text)")
        }
    }

    @Test func yesAndNoInEitherLanguage() {
        #expect(Self.reader.answer("yes") == true)
        #expect(Self.reader.answer("Sí!") == true)
        #expect(Self.reader.answer("ok") == true)
        #expect(Self.reader.answer("no thanks") == nil)
        #expect(Self.reader.answer("nope") == false)
        #expect(Self.reader.answer("yes please run it now right away") == nil)
    }
}
