/// A configuration problem, named by its key: start-up prints it on one line and exits with code 2.
public struct ConfigurationError: Error, Equatable, CustomStringConvertible {
    /// The key, as a path: `storage.postgres`, `roles.staff[1]`.
    public let key: String
    /// What is wrong with it and what would be right.
    public let problem: String

    /// Creates an error.
    public init(key: String, problem: String) {
        self.key = key
        self.problem = problem
    }

    public var description: String { key.isEmpty ? "config error: \(problem)" : "config error: \(key): \(problem)" }

    /// Translates a decoding error into the key it is about.
    init(_ error: DecodingError) {
        switch error {
        case .typeMismatch(let type, let context):
            self.init(key: Self.path(context.codingPath), problem: "expected \(Self.describe(type))")
        case .valueNotFound(let type, let context):
            self.init(key: Self.path(context.codingPath), problem: "expected \(Self.describe(type)), found null")
        case .keyNotFound(let key, let context):
            self.init(key: Self.path(context.codingPath + [key]), problem: "missing")
        case .dataCorrupted(let context):
            let underlying = context.underlyingError.map { " (\(($0 as CustomStringConvertible).description))" } ?? ""
            self.init(key: Self.path(context.codingPath), problem: context.debugDescription + underlying)
        @unknown default:
            self.init(key: "", problem: "\(error)")
        }
    }

    static func path(_ codingPath: [any CodingKey]) -> String {
        var text = ""
        for key in codingPath {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return text
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type, is Double.Type: "a number"
        case is Bool.Type: "true or false"
        case is [String].Type, is [Any].Type: "a list"
        default: "a \(type)"
        }
    }
}
