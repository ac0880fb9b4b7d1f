/// `value` in decimal, zero-padded to `width` digits after any minus sign (`zeroPadded(7, width: 2)`
/// is `07`): the fields of dates and times as ISO 8601 and iCalendar write them.
package func zeroPadded(_ value: Int, width: Int) -> String {
    let digits = String(value.magnitude)
    let padded = digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    return value < 0 ? "-" + padded : padded
}
