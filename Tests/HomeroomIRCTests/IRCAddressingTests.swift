import Testing

@testable import HomeroomIRC

@Suite struct IRCAddressingTests {
    @Test func theNamesLeadTheFirstLineWithinTheBudget() {
        let budget = 200
        let pieces = ["Lunch Tue Nov 24: tacos", "Vegetables: beans"]
        #expect(
            IRCAddressing.addressed(pieces, to: ["ada", "bo"], others: 0, budget: budget)
                == ["ada, bo: Lunch Tue Nov 24: tacos", "Vegetables: beans"])
        let class30 = (1...30).map { String(format: "student%02d", $0) }
        let lines = IRCAddressing.addressed(pieces, to: class30, others: 0, budget: budget)
        #expect(lines.allSatisfy { $0.utf8.count <= budget })
        #expect(lines.first?.hasPrefix("student01, student02") == true)
        #expect(lines.joined(separator: " ").contains("others: Lunch Tue Nov 24: tacos"))
        #expect(IRCAddressing.addressed(pieces, to: [], others: 0, budget: budget) == pieces)
    }

    @Test func thePointerNamesTheLateAskersInOneLine() {
        let line = IRCAddressing.pointer(to: ["bo", "cy"], budget: 400)
        #expect(line == "bo, cy: see the answer just above")
        let class29 = (2...30).map { String(format: "student%02d", $0) }
        let full = IRCAddressing.pointer(to: class29, budget: 400)
        #expect(full.utf8.count <= 400 && class29.allSatisfy { full.contains($0) }, "29 names fit a line")
    }
}
