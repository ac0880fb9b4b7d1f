import Campus

/// libFuzzer entry: a campus file as `homeroom import campus` reads it, then directions asked of
/// it as `/directions` asks: from the first and last checkpoints to a few rooms, places and
/// checkpoints, with and without stairs.
@_cdecl("LLVMFuzzerTestOneInput")
func campusFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let campus = try? Campus.read(UnsafeBufferPointer(start: data, count: size)) else { return 0 }
    guard !campus.checkpoints.isEmpty else { return 0 }
    let destinations =
        campus.rooms.indices.prefix(4).map(Destination.room) + campus.places.indices.prefix(4).map(Destination.place)
        + [Destination.checkpoint(campus.checkpoints.count - 1)]
    for start in Set([0, campus.checkpoints.count - 1]) {
        for destination in destinations {
            _ = campus.title(of: destination)
            for accessible in [false, true] {
                _ = campus.directions(from: start, to: destination, accessible: accessible)?.minutes
            }
        }
    }
    for building in campus.buildings.indices.prefix(4) { _ = campus.rooms(inBuilding: building) }
    return 0
}
