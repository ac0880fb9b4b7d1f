import Foundation
import HomeroomTestbed
import HomeroomTesting
import Testing

extension ScaleOutTests {
    /// Changes seen everywhere at once: a menu set through one instance is what the others answer
    /// next, although they had the old answer cached (for 60 s by default).
    @Suite struct SharedChangeTests {
        static let day = "2030-01-07"
        static let dish = "Scale-out stew"

        @Test func aMenuSetThroughOneInstanceIsAnsweredByTheOthersWithinASecond() async throws {
            try await ScaleOutSchool.withCluster { cluster, _ in
                let setter = cluster.instances[0]
                let askers = Array(cluster.instances.dropFirst())
                for asker in askers {
                    let before = try await Self.lunch(from: asker)
                    #expect(before.contains("no lunch menu is posted"), "\(asker.name) answered: \(before)")
                    #expect(try await Self.lunch(from: asker) == before, "the answer is cached")
                }
                let saved = try await MessageAPI.send(
                    "/lunch set \(Self.day) specials \"\(Self.dish)\"", as: ScaleOutSchool.admin,
                    to: try #require(setter.baseURL)
                ).joined(separator: "\n")
                let savedAt = ContinuousClock.now
                #expect(saved.contains("Saved the menu for"), "\(saved)")

                var seenAfter: [String: Duration] = [:]
                // Asked until each shows the new menu, a few seconds at most, so a slow one is measured too.
                try await eventually("every instance answered the new menu", within: .seconds(5), every: .zero) {
                    for asker in askers where seenAfter[asker.name] == nil {
                        if try await Self.lunch(from: asker).contains(Self.dish) {
                            seenAfter[asker.name] = ContinuousClock.now - savedAt
                        }
                    }
                    return seenAfter.count == askers.count
                }
                let report = askers.map { "\($0.name) after \(milliseconds(seenAfter[$0.name] ?? .zero)) ms" }
                print("scale-out: a menu set through \(setter.name) was answered by \(report.joined(separator: ", "))")
                for asker in askers {
                    let after = try #require(seenAfter[asker.name])
                    #expect(after <= .seconds(1), "\(asker.name) answered the new menu only after \(after)")
                }
            }
        }

        /// The lunch answer for the test's day from `instance`, as a student asks it.
        static func lunch(from instance: HomeroomInstance) async throws -> String {
            try await MessageAPI.send("/lunch \(day)", as: "student", to: try #require(instance.baseURL))
                .joined(separator: "\n")
        }
    }
}
