extension MatrixClient {
    /// The rooms the account `userID` marks as direct, by the person each is with: its `m.direct`
    /// account data (Client-Server API v3, Direct Messaging; `GET /user/{userId}/account_data/m.direct`);
    /// empty when none is set (`404 M_NOT_FOUND`). Throws ``MatrixAPIError`` (`malformed`) when it is
    /// not a map of ids to lists of ids.
    package func directRoomMarks(of userID: String) async throws(MatrixAPIError) -> [String: [String]] {
        do {
            let body = try await exchange(.GET, ["user", userID, "account_data", "m.direct"], what: "m.direct")
            return try decode([String: [String]].self, from: body, what: "m.direct")
        } catch let error where error.kind == .refused(status: 404, errcode: "M_NOT_FOUND") {
            return [:]
        }
    }

    /// Replaces the account `userID`'s `m.direct` account data with `marks`
    /// (`PUT /user/{userId}/account_data/m.direct`).
    package func setDirectRoomMarks(_ marks: [String: [String]], of userID: String) async throws(MatrixAPIError) {
        let body = try json(marks, what: "m.direct")
        _ = try await exchange(.PUT, ["user", userID, "account_data", "m.direct"], body: body, what: "m.direct")
    }
}
