import CivilDates
import HomeroomCore
import HomeroomEngine

/// The questions the fuzzer reads against: each kind of argument, a glossary, a needed phrase and a
/// change, in both languages Homeroom speaks.
private let reader: QuestionReader = {
    let says: Command.Handler = { context in Reply(context.arguments.joined(separator: " ")) }
    let commands = [
        Command("menu", summary: "a day's menu", handler: says), Command("club", summary: "one club", handler: says),
        Command("story", summary: "a story", handler: says), Command("note", summary: "a note", handler: says),
        Command("way", summary: "the way", handler: says),
    ]
    let questions = [
        PlainQuestion("menu", keywords: ["lunch", "menu", "what's for lunch"], hints: ["pizza"], argument: .dayOrWeek, example: "lunch?"),
        PlainQuestion("club", keywords: ["club", "meet"], argument: .words(required: true), example: "chess club?"),
        PlainQuestion("story", keywords: ["story", "news"], argument: .number, example: "story 2"),
        PlainQuestion("note", keywords: ["remember"], argument: .words(keeping: ["with"], required: false), changes: true, example: "remember it"),
        PlainQuestion("way {} accessible", keywords: ["where", "how do i get to"], needs: ["wheelchair"], argument: .words(), example: "gym?"),
    ]
    let catalog = try! CommandCatalog(commands.map { RegisteredCommand(pluginID: "fuzz", command: $0) })
    return QuestionReader(
        plugins: [
            ("fuzz", [PlainQuestions("en", questions), PlainQuestions("es", questions, glossary: ["ajedrez": "chess", "salón": ""])])
        ], catalog: catalog)
}()

/// libFuzzer entry: a message as plain language reads it, in every language and in each alone,
/// and as a yes or a no.
@_cdecl("LLVMFuzzerTestOneInput")
func understandingFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let today = LocalDate(year: 2026, month: 11, day: 23)!
    let reading = reader.read(text, today: today)
    guard reading == reader.read(text, today: today) else { fatalError("the same text read two ways") }
    _ = reading.summary(prefix: "/")
    for language in ["en", "es"] { _ = reader.read(text, today: today, language: language) }
    _ = reader.answer(text)
    _ = PlainText(text).words.map(\.read)
    return 0
}
