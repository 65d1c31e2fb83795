extension ViewController {
    /// The layers on screen from this view, bottom first. Each lists the views from
    /// the one that starts the layer (this view, or a modal) to the one shown,
    /// through embedded views and navigation stacks. What the host draws, and what
    /// the testing kit reads, walk the same views. A view whose work failed
    /// (``failure``) ends its layer: the failure stands in for the whole screen,
    /// what it pushed, embedded or presented included.
    @_spi(TrellisHost) public var layers: [[ViewController]] {
        var layers: [[ViewController]] = []
        // A plugin could present or embed a view that is already on screen; each
        // view is walked once, so such a cycle ends instead of looping forever.
        var seen: Set<ObjectIdentifier> = [ObjectIdentifier(self)]
        var start: ViewController? = self
        while let base = start {
            var chain = [base]
            var modal = base.failure == nil ? base.presentedViewController : nil
            while let last = chain.last, last.failure == nil,
                let next = last.embeddedViewController ?? last.navigationStack.last,
                seen.insert(ObjectIdentifier(next)).inserted
            {
                chain.append(next)
                if next.failure == nil { modal = next.presentedViewController ?? modal }
            }
            layers.append(chain)
            guard let next = modal, seen.insert(ObjectIdentifier(next)).inserted else { break }
            start = next
        }
        return layers
    }
}
