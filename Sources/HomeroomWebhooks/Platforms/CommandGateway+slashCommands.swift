import Foundation
import HomeroomCore
import Hummingbird

extension CommandGateway {
    /// Answers a Slack or Mattermost slash command: in the response when the bot answers within
    /// the deadline, otherwise an empty acknowledgement now and the answer posted to
    /// `responseURL` when it is ready.
    func answerSlashCommand(
        _ message: IncomingMessage, responseURL: String?, escaping: @escaping SlashCommandReply.Escaping
    ) async -> Response {
        let responseURL = responseURL.flatMap(URL.init(string:))
        let platform = message.adapter
        let outcome = await answer(message) { [self] reply in
            guard let reply, let responseURL else { return }
            do {
                try await poster.post(
                    JSONBody.encode(SlashCommandReply(reply, escaping: escaping)), to: responseURL)
            } catch {
                logger.error("a late \(platform) answer could not be posted to its response_url: \(error)")
            }
        }
        switch outcome {
        case .onTime(let reply?): return JSONBody.response(SlashCommandReply(reply, escaping: escaping))
        case .onTime(nil): return JSONBody.response(SlashCommandReply(ephemeral: silenceNote, escaping: escaping))
        case .late: return Response(status: .ok)
        }
    }
}
