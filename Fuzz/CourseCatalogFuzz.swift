import Schedule

/// libFuzzer entry: a course catalog CSV as `homeroom import catalog` reads it, every row checked.
@_cdecl("LLVMFuzzerTestOneInput")
func courseCatalogFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    _ = try? CourseCatalogImporter.parse(text, named: "catalog.csv")
    return 0
}
