import Foundation

extension Error {
    /// What the system said about a file error (`Permission denied`), without Foundation's
    /// framing.
    var systemReason: String {
        let error = self as NSError
        let system = error.domain == NSPOSIXErrorDomain ? error : error.userInfo[NSUnderlyingErrorKey] as? NSError
        guard let system, system.domain == NSPOSIXErrorDomain else { return localizedDescription }
        return String(cString: strerror(Int32(system.code)))
    }
}
