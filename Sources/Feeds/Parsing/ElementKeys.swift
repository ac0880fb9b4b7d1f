import CLibXML2

/// The keys of one document's elements (see ``FeedNode/key``), each made once. libxml2 keeps one
/// copy of each element name in its dictionary and one record per namespace declaration, so the
/// pair of pointers stands for the key while the document lives (a name outside the dictionary
/// only misses the cache); an element read once keeps its key's number in its `_private` pointer.
///
/// The reader hangs it on the document's `_private` pointer, libxml2's field for the application,
/// for as long as it reads the document, and the document's ``BaseAddresses`` with it.
final class ElementKeys {
    /// The base addresses of the same document's elements.
    let bases = BaseAddresses()

    private struct Name: Hashable {
        let local: UnsafePointer<xmlChar>?
        let namespace: xmlNsPtr?
    }

    private var numbers: [Name: Int] = [:]
    private var keys: [String] = []

    /// The key of the element at `pointer`.
    func key(of pointer: xmlNodePtr) -> String {
        if let number = pointer.pointee._private { return keys[Int(bitPattern: number) - 1] }
        let name = Name(local: pointer.pointee.name, namespace: pointer.pointee.ns)
        let number: Int
        if let known = numbers[name] {
            number = known
        } else {
            keys.append(
                FeedNode.key(
                    local: pointer.pointee.name, prefix: pointer.pointee.ns?.pointee.prefix,
                    uri: pointer.pointee.ns?.pointee.href))
            number = keys.count
            numbers[name] = number
        }
        pointer.pointee._private = UnsafeMutableRawPointer(bitPattern: number)
        return keys[number - 1]
    }

    /// Runs `read` with these keys hung on `document`.
    func attached<T>(to document: xmlDocPtr, _ read: () throws(FeedError) -> T) throws(FeedError) -> T {
        document.pointee._private = Unmanaged.passUnretained(self).toOpaque()
        defer { document.pointee._private = nil }
        return try withExtendedLifetime(self) { () throws(FeedError) -> T in try read() }
    }

    /// The keys hung on the document of the element at `pointer`, if any.
    static func of(_ pointer: xmlNodePtr) -> ElementKeys? {
        guard let keys = pointer.pointee.doc?.pointee._private else { return nil }
        return Unmanaged<ElementKeys>.fromOpaque(keys).takeUnretainedValue()
    }
}
