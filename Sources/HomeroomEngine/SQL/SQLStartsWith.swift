import SQLKit

/// The condition that `column` starts with `prefix`: its first characters compared, so that `%`,
/// `_` and backslashes in the prefix mean themselves (as they would not in `LIKE`). The length is
/// counted in Unicode scalars, as SQLite and PostgreSQL count characters, and written as a number,
/// not bound: PostgreSQL has no `substr(text, integer, bigint)`.
func startsWith(_ column: String, _ prefix: String) -> any SQLExpression {
    let length = SQLLiteral.numeric(String(prefix.unicodeScalars.count))
    return SQLBinaryExpression(
        SQLFunction("SUBSTR", args: SQLColumn(column), SQLLiteral.numeric("1"), length), .equal, SQLBind(prefix))
}
