import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomWebhooks
import Hummingbird
import Logging

/// `/email/unsubscribe?t=TOKEN`, the link in each e-mail's `List-Unsubscribe` and footer:
/// - `POST` with `List-Unsubscribe=One-Click` (RFC 8058: what a mail program's Unsubscribe
///   button sends, and what the page's button sends) records the unsubscribe and answers 200;
/// - `GET` only shows the page with that button: mail programs and link scanners open links
///   without anyone asking, and that must not unsubscribe anybody.
///
/// A token that is malformed gets 400, one that is forged or expired 403, each with a page that
/// says what to do.
struct UnsubscribeEndpoint: Sendable {
    /// The secret the tokens are signed with.
    let secret: String
    let unsubscribes: OptOutList
    let dispatcher: Dispatcher
    let outbox: Outbox
    let database: any Database
    let clock: any HomeroomClock
    let logger: Logger

    /// `GET`: the question and its button, or that the address is already unsubscribed.
    func show(token: String?) async throws(WebhookRejection) -> Response {
        let address: EmailAddress
        switch verified(token) {
        case .success(let verified): address = verified
        case .failure(let refused): return await refusal(refused)
        }
        let (words, school) = await wordsAndSchool(for: address)
        do {
            if try await unsubscribes.contains(address.description) {
                return UnsubscribePage.message(words, words.done(address: address.masked, school: school))
            }
        } catch {
            logger.error("reading the unsubscribes failed: \(error)")
            throw WebhookRejection(.serviceUnavailable, "try again in a minute")
        }
        // The same path with the same query: right behind a proxy that serves Homeroom under a prefix too.
        let action = "?t=" + (token ?? "")
        return UnsubscribePage.confirmation(
            words, question: words.confirm(address: address.masked, school: school), action: action)
    }

    /// `POST`: the one-click unsubscribe.
    func unsubscribe(token: String?, request: RawRequest) async throws(WebhookRejection) -> Response {
        let address: EmailAddress
        switch verified(token) {
        case .success(let verified): address = verified
        case .failure(let refused): return await refusal(refused)
        }
        let (words, school) = await wordsAndSchool(for: address)
        guard OneClickBody.isOneClick(request.body, contentType: request.header("Content-Type")) else {
            return UnsubscribePage.message(words, words.notOneClick, status: .badRequest)
        }
        do {
            if try await !unsubscribes.contains(address.description) {
                try await unsubscribes.add(address.description, how: "one-click", at: clock.now)
                logger.info("\(address.masked) unsubscribed from e-mail (one-click)")
            }
        } catch {
            logger.error("recording the unsubscribe of \(address.masked) failed: \(error)")
            throw WebhookRejection(.serviceUnavailable, "the unsubscribe could not be recorded now; try again")
        }
        return UnsubscribePage.message(words, words.done(address: address.masked, school: school))
    }

    private func verified(_ token: String?) -> Result<EmailAddress, UnsubscribeToken.Refusal> {
        guard let token else { return .failure(.malformed) }
        return Result { () throws(UnsubscribeToken.Refusal) in
            try UnsubscribeToken.verify(token, secret: secret, now: clock.now)
        }
    }

    /// The page for a refused token, in the district's language (the token names nobody).
    private func refusal(_ refused: UnsubscribeToken.Refusal) async -> Response {
        logger.notice("an unsubscribe link was refused: \(refused)")
        let words = EmailWords(dispatcher.district.defaultSchool.calendar.language)
        switch refused {
        case .malformed: return UnsubscribePage.message(words, words.linkIncomplete, status: .badRequest)
        case .forged: return UnsubscribePage.message(words, words.linkInvalid, status: .forbidden)
        case .expired: return UnsubscribePage.message(words, words.linkExpired, status: .forbidden)
        }
    }

    /// The words in the language the address's person chose (else their school's), and the name of
    /// their school (else the district's first).
    private func wordsAndSchool(for address: EmailAddress) async -> (EmailWords, String) {
        let target = DeliveryTarget.user(EmailPlatform.user(address))
        let adapter = EmailPlatform.platform.rawValue
        let school =
            (try? await dispatcher.schoolAssignments?.school(of: target, adapter: adapter))
            ?? dispatcher.district.defaultSchool
        let chosen = try? await database.read { [outbox] db in
            try await outbox.language(of: target, adapter: adapter, on: db)
        }
        return (EmailWords((chosen ?? nil) ?? school.calendar.language), school.name)
    }
}
