#if canImport(Darwin)
import Darwin
#endif
import Foundation
@testable import First
package import Second
import struct First.Thing
@_exported import Local

/* A comment naming another module is not an import:
import Third
*/
let text = """
    import Third
    """
