extension Array where Element: AnyObject {
    /// Removes the first element that is `element` itself (`===`), as RIBs'
    /// `removeElementByReference(_:)` does; nothing if none is.
    ///
    /// - Parameter element: The object to remove.
    public mutating func removeElementByReference(_ element: Element) {
        if let index = firstIndex(where: { $0 === element }) { remove(at: index) }
    }
}
