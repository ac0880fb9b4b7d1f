import Foundation
import HomeroomCore

/// libFuzzer entry: the input read as a translation catalog (PO), then each of its translations
/// filled as a sentence in every shipped language; and the input read as a language name and as
/// an HTTP `Accept-Language` header.
@_cdecl("LLVMFuzzerTestOneInput")
func languagesFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    _ = Language(text)
    _ = Language.preferred(in: text)
    guard let catalog = try? TranslationCatalog(parsing: text) else { return 0 }
    let phrasebook = Phrasebook(
        "Fuzz", files: Dictionary(uniqueKeysWithValues: Language.shipped.map { ($0.code, text) }))
    for language in Language.shipped + [.pseudo] {
        let words = Words(phrasebook, language)
        for (key, entry, _) in catalog.allEntries.prefix(200) {
            _ = words(key, ["date": "x", "count": "1"])
            if let plural = entry.englishPlural {
                _ = words.plural(entry.english, plural, count: entry.forms.count * 7 - 3)
            }
        }
    }
    return 0
}
