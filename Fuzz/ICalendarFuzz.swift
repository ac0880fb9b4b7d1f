import Foundation
import ICalendar

/// libFuzzer entry: reads the bytes as an iCalendar file, then expands it as the service does (a school
/// term around a fixed day, what is under way at one instant) and over the month of its earliest event.
@_cdecl("LLVMFuzzerTestOneInput")
func iCalendarFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let calendar = try? VCalendar(bytes: Array(UnsafeBufferPointer(start: data, count: size))) else { return 0 }
    let day = Date(timeIntervalSince1970: 1_773_000_000)  // 2026-03-08, a DST change in the US
    _ = try? calendar.occurrences(from: day.addingTimeInterval(-7 * 86_400), to: day.addingTimeInterval(42 * 86_400))
    _ = try? calendar.active(at: day.addingTimeInterval(12 * 3_600))
    if let first = calendar.events.map(\.start.civil.date).min(), (1900...2200).contains(first.year) {
        _ = try? calendar.occurrences(fromDay: first, toDay: first.adding(days: 31))
        _ = try? CalendarInspection.occurrences(in: calendar, fromDay: first, toDay: first.adding(days: 1))
    }
    return 0
}
