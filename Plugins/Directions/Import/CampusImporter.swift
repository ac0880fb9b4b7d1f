import Campus
import Foundation
import HomeroomCore

/// Replaces the campus map from a campus file, all or nothing, and tells what it holds.
public enum CampusImporter {
    /// What an import brought in.
    public struct Summary: Sendable, Equatable {
        public let buildings: Int
        public let floors: Int
        public let checkpoints: Int
        public let codes: Int
        public let rooms: Int
        public let places: Int
        /// Checkpoints no walk reaches from the first one: most often a missing link in the file.
        public let unreachable: [String]
    }

    /// Reads `bytes` as a campus file and, when it is good, stores it in place of the current
    /// map with the audit entry `audit`; throws ``CampusFileError`` (with the line) and changes
    /// nothing when it is not.
    public static func importCampus(_ bytes: [UInt8], into storage: PluginStorage, audit: AuditEntry) async throws
        -> Summary
    {
        let campus = try Campus.read(bytes)
        try await CampusStore(storage: storage, cache: ExpiringCache(timeToLive: 0, capacity: 1))
            .replace(with: String(decoding: bytes, as: UTF8.self), campus: campus, audit: audit)
        let reachable = campus.graph.reachable(from: 0)
        return Summary(
            buildings: campus.buildings.count,
            floors: Set(campus.checkpoints.map { "\($0.building)/\($0.floor)" }).count,
            checkpoints: campus.checkpoints.count, codes: campus.checkpoints.filter(\.hasCode).count,
            rooms: campus.rooms.count, places: campus.places.count,
            unreachable: campus.checkpoints.indices.filter { !reachable[$0] }.map { campus.checkpoints[$0].id })
    }

    /// The stored campus, or nil before the first import.
    public static func storedCampus(in storage: PluginStorage) async throws -> Campus? {
        try await CampusStore(storage: storage, cache: ExpiringCache(timeToLive: 0, capacity: 1)).campus(at: Date())
    }
}
