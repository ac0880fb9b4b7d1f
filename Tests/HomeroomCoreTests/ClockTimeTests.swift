import HomeroomCore
import Testing

@Suite struct ClockTimeTests {
    @Test func typedTimesAreRead() {
        let cases: [(String, String?)] = [
            ("15:30", "15:30"), ("7:05", "07:05"), ("0:00", "00:00"), ("3:30pm", "15:30"), ("3pm", "15:00"),
            ("12am", "00:00"), ("12:15PM", "12:15"), ("11am", "11:00"), ("25:00", nil), ("10.30", nil),
            ("10:3", nil), ("13pm", nil), ("10", nil), ("", nil), ("7:60", nil),
        ]
        for (text, expected) in cases {
            #expect(ClockTime(parsing: text)?.description == expected, "\(text)")
        }
        #expect(ClockTime(parsing: "9:00")! < ClockTime(parsing: "10:00")!)
    }
}
