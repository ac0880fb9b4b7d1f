import HTMLText

/// libFuzzer entry: a web page as `/news N` and the recipe reader read it. Parsed into a tree, its
/// text rendered, its JSON-LD read, its article extracted, and the page scanned for linked data.
@_cdecl("LLVMFuzzerTestOneInput")
func htmlTextFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let tree = HTMLTree(parsing: bytes)
    _ = tree.paragraphText
    _ = tree.flatText
    for value in tree.linkedData { _ = value.objects(ofType: ["Article", "Recipe"]) }
    _ = ArticleExtractor.extract(from: tree)
    _ = PageScanner.parts(of: bytes)
    return 0
}
