import CivilDates
import HomeroomCore
import Testing

@Suite struct WeekExpressionTests {
    @Test func theWeeksPeopleTypeAreRead() {
        #expect(WeekExpression(["week"]) == .thisWeek)
        #expect(WeekExpression(["This", "WEEK"]) == .thisWeek)
        #expect(WeekExpression(["next", "week"]) == .nextWeek)
        #expect(WeekExpression([]) == nil)
        #expect(WeekExpression(["next"]) == nil)
        #expect(WeekExpression(["next", "week", "please"]) == nil, "the words must be the whole argument")
        #expect(WeekExpression(["last", "week"]) == nil)
    }

    @Test func nextWeekStartsOnTheComingMondayFromAnyDay() throws {
        let wednesday = try #require(LocalDate(year: 2026, month: 11, day: 25))
        let sunday = try #require(LocalDate(year: 2026, month: 11, day: 29))
        let monday = try #require(LocalDate(year: 2026, month: 11, day: 30))
        #expect(WeekExpression.nextWeek.nextMonday(after: wednesday) == monday)
        #expect(WeekExpression.nextWeek.nextMonday(after: sunday) == monday, "Sunday ends the week")
        #expect(WeekExpression.nextWeek.nextMonday(after: monday) == monday.adding(days: 7))
        #expect(WeekExpression.thisWeek.nextMonday(after: wednesday) == nil)
    }
}
