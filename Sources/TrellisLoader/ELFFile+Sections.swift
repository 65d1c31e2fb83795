import Foundation
import Glibc

extension ELFFile {
    /// The description of the first note from `owner` of `type`, or `nil` if the
    /// file's note segments hold none. Notes sit in the file's first page, where
    /// linkers put them, so this usually reads nothing more.
    package func note(owner: String, type: Int) throws(Failure) -> [UInt8]? {
        let wanted = Array(owner.utf8) + [0]
        for index in 0..<header.programHeaderCount {
            let entry = index * 56
            let fields = programHeaders.withUnsafeBytes { raw in
                (
                    Self.integer(raw, at: entry, size: 4), Self.integer(raw, at: entry + 8, size: 8),
                    Self.integer(raw, at: entry + 32, size: 8), Self.integer(raw, at: entry + 48, size: 8)
                )
            }
            let (kind, offset, size, alignment) = fields
            // PT_NOTE.
            guard kind == 4 else { continue }
            let notes = try Self.bytes(
                at: (offset, size), from: head, descriptor: descriptor, fileSize: fileSize, what: "note segment")
            // Notes are padded to their segment's alignment; a linker that puts
            // 4-aligned notes in an 8-aligned segment (beside a GNU property note)
            // leaves them padded to 4, so the other alignment is tried too. Only a
            // walk with the segment's own alignment calls the segment corrupt.
            let alignments = alignment == 8 ? [8, 4] : [4, 8]
            var failure: Failure?
            for candidate in alignments {
                do throws(Failure) {
                    if let found = try Self.note(in: notes, owner: wanted, type: type, alignment: candidate) {
                        return found
                    }
                } catch {
                    if candidate == alignments[0] { failure = error }
                }
            }
            if let failure { throw failure }
        }
        return nil
    }

    /// The description of the note from `owner` (with its terminating zero) of
    /// `type` among `notes`: each a size of name, a size of description and a type,
    /// then the name and the description, each ending on a multiple of `alignment`
    /// from the note's start (as binutils reads them).
    package static func note(in notes: [UInt8], owner: [UInt8], type: Int, alignment: Int) throws(Failure) -> [UInt8]? {
        func padded(_ size: Int) -> Int { (size + alignment - 1) / alignment * alignment }
        var start = 0
        while notes.count - start >= 12 {
            let (nameSize, descriptionSize, noteType) = notes.withUnsafeBytes { raw in
                (
                    integer(raw, at: start, size: 4), integer(raw, at: start + 4, size: 4),
                    integer(raw, at: start + 8, size: 4)
                )
            }
            // Sizes of at most 4 GiB each, so the sums cannot overflow.
            let nameStart = start + 12
            let descriptionStart = start + padded(12 + nameSize)
            guard descriptionStart + descriptionSize <= notes.count else {
                throw .malformed("a note of \(descriptionSize) bytes lies outside its segment of \(notes.count) bytes")
            }
            if noteType == type, nameSize == owner.count, notes[nameStart..<nameStart + nameSize].elementsEqual(owner) {
                return Array(notes[descriptionStart..<descriptionStart + descriptionSize])
            }
            start += padded(descriptionStart - start + descriptionSize)
        }
        return nil
    }

    /// The bytes of the first section called `name`, or `nil` if there is none.
    package func section(named name: String) throws(Failure) -> [UInt8]? {
        guard
            let (offset, size) = try SectionTable(descriptor: descriptor, header: header, fileSize: fileSize).section(
                named: name)
        else {
            return nil
        }
        guard size <= Self.maximumSectionSize else {
            throw .malformed("section \(name) has \(size) bytes, more than \(Self.maximumSectionSize)")
        }
        return try Self.read(descriptor, offset: offset, count: size, fileSize: fileSize, what: name)
    }
}
