/// The property names the reader acts on. Each content line's name is matched against them once, from
/// its bytes, so that the tree builder and ``Event`` switch on a case instead of comparing strings,
/// and a known name costs no new string.
enum KnownProperty: Sendable {
    case begin, end
    case dtStart, dtEnd, duration, recurrenceID, rrule, rdate, exdate
    case uid, summary, location, description, status, sequence

    /// The name as written in a file, upper case.
    var name: String {
        switch self {
        case .begin: "BEGIN"
        case .end: "END"
        case .dtStart: "DTSTART"
        case .dtEnd: "DTEND"
        case .duration: "DURATION"
        case .recurrenceID: "RECURRENCE-ID"
        case .rrule: "RRULE"
        case .rdate: "RDATE"
        case .exdate: "EXDATE"
        case .uid: "UID"
        case .summary: "SUMMARY"
        case .location: "LOCATION"
        case .description: "DESCRIPTION"
        case .status: "STATUS"
        case .sequence: "SEQUENCE"
        }
    }

    /// The known property of exactly that name (upper case, as ``Property/name`` holds it), if any.
    init?(_ name: String) {
        var name = name
        guard let found = name.withUTF8({ KnownProperty(bytes: $0) }) else { return nil }
        self = found
    }

    /// The known property whose name is exactly these bytes, if any: its length picks the few names
    /// to compare.
    init?(bytes: UnsafeBufferPointer<UInt8>) {
        func named(_ known: KnownProperty) -> KnownProperty? {
            var name = known.name
            return name.withUTF8 { $0.elementsEqual(bytes) } ? known : nil
        }
        let found: KnownProperty?
        switch bytes.count {
        case 3: found = named(.uid) ?? named(.end)
        case 5: found = named(.begin) ?? named(.dtEnd) ?? named(.rrule) ?? named(.rdate)
        case 6: found = named(.exdate) ?? named(.status)
        case 7: found = named(.dtStart) ?? named(.summary)
        case 8: found = named(.duration) ?? named(.location) ?? named(.sequence)
        case 11: found = named(.description)
        case 13: found = named(.recurrenceID)
        default: found = nil
        }
        guard let found else { return nil }
        self = found
    }
}
