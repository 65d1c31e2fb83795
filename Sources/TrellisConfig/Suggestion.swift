/// "Did you mean" for a name someone typed: the closest of the names that exist,
/// if it is close enough to be a slip (an edit or two, or the same letters in
/// another case).
package enum Suggestion {
    /// The name among `candidates` nearest to `name`, or `nil` if none is near.
    package static func closest(to name: String, among candidates: some Sequence<String>) -> String? {
        let typed = Array(name.lowercased())
        // Names longer than this are not compared: a typo hint is not worth more.
        guard typed.count <= 128 else { return nil }
        let limit = max(1, min(3, (typed.count + 1) / 3))
        var best: (name: String, distance: Int)?
        for candidate in candidates where candidate != name {
            let other = Array(candidate.lowercased())
            guard abs(other.count - typed.count) <= limit, other.count <= 128 else { continue }
            let distance = editDistance(typed, other)
            // Fewer edits than either name has letters: "z" is not a slip of "a".
            if distance <= limit, distance < min(typed.count, other.count), distance < (best?.distance ?? .max) {
                best = (candidate, distance)
            }
        }
        return best?.name
    }

    /// ` Did you mean "x"?` for a message, or nothing.
    package static func phrase(for name: String, among candidates: some Sequence<String>) -> String {
        closest(to: name, among: candidates).map { " Did you mean \"\($0)\"?" } ?? ""
    }

    /// Edit distance counting a swap of two neighbours as one edit (optimal string
    /// alignment), row by row.
    private static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        var beforePrevious: [Int] = []
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in stride(from: 1, through: b.count, by: 1) {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
            }
            beforePrevious = previous
            previous = current
        }
        return previous[b.count]
    }
}
