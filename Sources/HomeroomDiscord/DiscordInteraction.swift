import HomeroomWebhooks
/// The parts of a Discord interaction Homeroom reads.
struct DiscordInteraction: Decodable {
    struct User: Decodable {
        let id: String
    }

    struct Member: Decodable {
        let user: User
    }

    /// One option of a slash command: a subcommand (group) with options of its own, or a value.
    struct Option: Decodable {
        let name: String
        let type: Int
        let value: Value?
        let options: [Option]?
    }

    /// An option's value: Discord sends strings, integers, numbers and booleans.
    enum Value: Decodable {
        case text(String)
        case number(Double)
        case flag(Bool)

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let flag = try? container.decode(Bool.self) {
                self = .flag(flag)
            } else if let number = try? container.decode(Double.self) {
                self = .number(number)
            } else {
                self = .text(try container.decode(String.self))
            }
        }

        /// The value as a word of a command line (quoted when it holds spaces).
        var argument: String {
            switch self {
            case .flag(let flag): return flag ? "yes" : "no"
            case .number(let number):
                return number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
            case .text(let text):
                let plain = text.replacingOccurrences(of: "\"", with: "'")
                return plain.isEmpty || plain.contains(where: \.isWhitespace) ? "\"\(plain)\"" : plain
            }
        }
    }

    struct CommandData: Decodable {
        let name: String
        let options: [Option]?
    }

    let type: Int
    let token: String?
    let application_id: String?
    let guild_id: String?
    let channel_id: String?
    let member: Member?
    let user: User?
    let data: CommandData?

    /// Interaction types Homeroom answers.
    static let ping = 1
    static let applicationCommand = 2

    /// Option types that are subcommands (their name is a word of the command).
    private static let subcommandTypes: Set<Int> = [1, 2]

    /// The command's arguments in order: subcommand names, then option values.
    static func arguments(of options: [Option]) -> [String] {
        options.flatMap { option -> [String] in
            if subcommandTypes.contains(option.type) { return [option.name] + arguments(of: option.options ?? []) }
            return option.value.map { [$0.argument] } ?? []
        }
    }
}
