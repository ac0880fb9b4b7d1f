import Foundation
import HomeroomCore
import Lunch

/// libFuzzer entry: a lunch menu file as `homeroom import lunch` reads it, once named `.csv` (CSV,
/// or menu-service JSON when it starts with `{`) and once named `.json`, then summed up as the
/// import sums it up (the first and last day).
@_cdecl("LLVMFuzzerTestOneInput")
func lunchFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let file = Data(bytes: data, count: size)
    for name in ["menus.csv", "menus.json"] {
        guard let days = try? LunchImporter.parse(file, named: name) else { continue }
        let dates = days.map(\.date)
        // What LunchImporter.importMenus does with the days before it writes them.
        _ = dates.min()!...dates.max()!
        for day in days { _ = day.date.iso }
    }
    return 0
}
