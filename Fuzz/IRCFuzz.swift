import Foundation
import HomeroomIRC

/// libFuzzer entry: what an IRC server sends. The bytes are cut into lines as the connection's
/// line decoder cuts them (at LF, a CR before it dropped, lines over 8,703 bytes skipped); each
/// line is parsed, written back, and fed to a session that asks for SASL and two channels, with
/// seven seconds passing between lines.
@_cdecl("LLVMFuzzerTestOneInput")
func ircFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var settings = IRCSessionSettings(nick: "homeroom")
    settings.alternateNicks = ["homeroom-bot"]
    settings.sasl = .init(account: "homeroom", password: "secret")
    settings.channels = [.init(name: "#lunch"), .init(name: "#staff", key: "key")]
    var now = Date(timeIntervalSince1970: 1_795_000_000)
    var session = IRCSession(settings: settings, now: now)
    _ = session.start(now: now)
    for line in UnsafeBufferPointer(start: data, count: size).split(separator: UInt8(ascii: "\n")) {
        let text = line.last == UInt8(ascii: "\r") ? line.dropLast() : line
        guard text.count <= 8191 + 512, let message = IRCMessage(line: text) else { continue }
        _ = IRCMessage(line: message.serialized.dropLast(2))
        for case .send(let answer, _) in session.receive(message, now: now) { _ = answer.serialized }
        now += 7
        for case .send(let answer, _) in session.tick(now: now) { _ = answer.serialized }
    }
    return 0
}
