import Foundation
import HomeroomCore
import HomeroomEngine
import Hummingbird

/// The health page: this instance's adapters and duties, the outbox's queues, and the messages
/// given up, each with a button that sends it again (`/admin outbox retry`).
extension ConsoleServer {
    /// `GET /console/health`.
    func health(_ request: Request) async -> Response {
        guard case .visitor(let visitor) = await admit(request) else {
            return ConsoleResponses.redirect(to: "/console")
        }
        let words = visitor.words
        guard visitor.caller.may(Self.healthCapability) else {
            return failure(
                UserFacingError.missingPermission(Self.healthCapability, Words(.core, visitor.language)),
                language: visitor.language, status: .forbidden, for: visitor)
        }
        let notice = try? await signIns.takeNotice(of: visitor.session)
        do {
            let waiting = try await outbox.pendingCounts()
            let letters = try await outbox.deadLetters(limit: 20)
            let school = dispatcher.school
            var blocks: [ConsoleBlock] = [.heading(words("Adapters on this instance"))]
            let adapters = adapterStatus.snapshot.sorted { $0.key < $1.key }
            blocks.append(
                .table(
                    ConsoleTable(
                        caption: words("Adapters on this instance"),
                        columns: [words("Adapter"), words("State"), words("Detail"), words("Since")],
                        rows: adapters.map { name, status in
                            [
                                .text(name), .text(Self.state(status.state, words)), .text(status.detail),
                                .text(words.time(status.since, at: school)),
                            ]
                        })))
            blocks.append(.heading(words("Duties")))
            blocks.append(
                .facts(
                    [ConsoleFact(words("Instance"), roster.instanceID)]
                        + roster.heldDuties.keys.map(\.name).sorted().map {
                            ConsoleFact(words("Duty held here"), $0)
                        }))
            blocks.append(.heading(words("Outbox")))
            blocks.append(
                .facts(
                    waiting.isEmpty
                        ? [ConsoleFact(words("Waiting"), words.number(0))]
                        : waiting.sorted { $0.key < $1.key }.map {
                            ConsoleFact(words("Waiting for {adapter}", ["adapter": $0.key]), words.number($0.value))
                        }))
            blocks.append(.heading(words("Given up")))
            blocks.append(
                letters.isEmpty
                    ? .paragraph(words("Nothing was given up."))
                    : .table(
                        ConsoleTable(
                            caption: words("Given up"),
                            columns: [
                                words("Number"), words("To"), words("Message"), words("Last error"),
                                words("Send again"),
                            ],
                            rows: letters.map { letter in
                                [
                                    .text("\(letter.message.id)"), .text("\(letter.message.adapter)"),
                                    .lines(letter.message.lines), .text(letter.lastError ?? ""),
                                    .form(
                                        ConsoleForm(
                                            action: "retry", hidden: ["id": "\(letter.message.id)"],
                                            submit: words("Send again"))),
                                ]
                            })))
            return ConsoleResponses.html(
                layout(for: visitor).render(
                    path: "health", title: words("Health"), view: ConsoleView(blocks), notice: notice))
        } catch {
            return failure(error, language: visitor.language, for: visitor)
        }
    }

    /// An adapter's state in words.
    static func state(_ state: AdapterStatus.State, _ words: Words) -> String {
        switch state {
        case .starting: words("Starting")
        case .up: words("Up")
        case .down: words("Down")
        case .standby: words("Standing by: another instance holds it")
        }
    }

    /// `POST /console/health`: sends a given-up message again, as `/admin outbox retry NUMBER` does.
    func retryDeadLetter(_ request: Request) async -> Response {
        guard case .visitor(let visitor) = await admit(request) else {
            return ConsoleResponses.redirect(to: "/console")
        }
        guard let form = await postedForm(request, session: visitor.session) else {
            return refusedForm(language: visitor.language, for: visitor)
        }
        let words = visitor.words
        let id = form.fields["id"] ?? ""
        guard form.fields["_action"] == "retry", !id.isEmpty, id.allSatisfy(\.isASCII), id.allSatisfy(\.isNumber) else {
            return failure(
                UserFacingError(words("Choose a message to send again.")), language: visitor.language, for: visitor)
        }
        let reply = await runner(for: visitor)(PlatformCommand(name: "admin", arguments: "outbox retry \(id)"))
        if let reply {
            try? await signIns.leave(ConsoleNotice(lines: reply.lines, isError: reply.isError), for: visitor.session)
        }
        return ConsoleResponses.redirect(to: "/console/health")
    }
}
