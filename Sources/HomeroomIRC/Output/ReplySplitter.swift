/// Cuts reply text into plain-text PRIVMSG payloads that fit the line the server relays to everyone
/// (`:nick!user@host PRIVMSG #chan :text` CR LF, at most 512 bytes), between words where it can
/// and never inside a character (a UTF-8 sequence or a cluster such as an emoji with modifiers).
enum ReplySplitter {
    /// The room for text in a relayed PRIVMSG from `nick` to `target`. When the server has not
    /// shown the bot's `user@host` yet, the longest usual one (a 10-character user and a
    /// 63-character host) is assumed.
    static func budget(nick: String, userAndHost: String?, target: String, command: String = "PRIVMSG") -> Int {
        let mask = userAndHost?.utf8.count ?? (1 + 10 + 1 + 63)
        // ":" nick "!" user@host " " command " " target " :" text "\r\n"
        let overhead = 1 + nick.utf8.count + 1 + mask + 1 + command.utf8.count + 1 + target.utf8.count + 2 + 2
        return max(64, 512 - overhead)
    }

    /// Every line of `lines`, as plain text (``IRCPlainText``), in pieces of at most `budget`
    /// bytes; an empty line stays a line (a space).
    static func split(lines: [String], budget: Int) -> [String] {
        lines.flatMap { line in
            let plain = IRCPlainText.cleaned(line)
            return plain.isEmpty ? [" "] : split(plain, budget: budget)
        }
    }

    /// `line` in pieces of at most `budget` bytes.
    static func split(_ line: String, budget: Int) -> [String] {
        guard line.utf8.count > budget else { return [line] }
        var pieces: [String] = []
        var current = ""
        var currentBytes = 0
        var lastSpace: String.Index?
        for character in line {
            let size = character.utf8.count
            if currentBytes + size > budget {
                if let space = lastSpace, current.distance(from: current.startIndex, to: space) > 0 {
                    let head = String(current[..<space])
                    let tail = String(current[current.index(after: space)...])
                    pieces.append(head)
                    current = tail
                    currentBytes = tail.utf8.count
                } else if !current.isEmpty {
                    pieces.append(current)
                    current = ""
                    currentBytes = 0
                }
                lastSpace = nil
                if size > budget {
                    // One character wider than a line (a very long cluster): cut it at scalar boundaries.
                    pieces += splitScalars(character, budget: budget)
                    continue
                }
            }
            if character == " " { lastSpace = current.endIndex }
            current.append(character)
            currentBytes += size
        }
        if !current.isEmpty { pieces.append(current) }
        return pieces
    }

    private static func splitScalars(_ character: Character, budget: Int) -> [String] {
        var pieces: [String] = []
        var current = String.UnicodeScalarView()
        var bytes = 0
        for scalar in character.unicodeScalars {
            let size = String(scalar).utf8.count
            if bytes + size > budget {
                pieces.append(String(current))
                current = String.UnicodeScalarView()
                bytes = 0
            }
            current.append(scalar)
            bytes += size
        }
        if !current.isEmpty { pieces.append(String(current)) }
        return pieces
    }
}
