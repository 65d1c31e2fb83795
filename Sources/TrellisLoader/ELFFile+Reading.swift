import Foundation
import Glibc
import TrellisPlatform

extension ELFFile {
    /// Refuses a loadable segment that lies outside the file: mapping it would
    /// fault on the first touch past the end, in the middle of `dlopen`.
    static func checkLoadableSegments(_ programHeaders: [UInt8], fileSize: Int) throws(Failure) {
        for entry in stride(from: 0, to: programHeaders.count, by: 56) {
            let (kind, offset, size) = programHeaders.withUnsafeBytes { raw in
                (
                    integer(raw, at: entry, size: 4), integer(raw, at: entry + 8, size: 8),
                    integer(raw, at: entry + 32, size: 8)
                )
            }
            // PT_LOAD.
            if kind == 1 { try checkInside((offset, size), fileSize: fileSize, what: "loadable segment") }
        }
    }

    /// Refuses a range that is not inside the file.
    static func checkInside(_ range: (offset: Int, size: Int), fileSize: Int, what: String) throws(Failure) {
        // Values past Int.max read as -1, which these refuse.
        guard range.offset >= 0, range.size >= 0, range.size <= fileSize, range.offset <= fileSize - range.size else {
            throw .malformed("the \(what) lies outside the file of \(fileSize) bytes; it may be truncated")
        }
    }

    /// The bytes of `range`: from `head` when they are in it, else read.
    package static func bytes(
        at range: (offset: Int, size: Int), from head: [UInt8], descriptor: Int32, fileSize: Int,
        what: String
    ) throws(Failure) -> [UInt8] {
        try checkInside(range, fileSize: fileSize, what: what)
        guard range.size <= maximumSectionSize else { throw .malformed("the \(what) has \(range.size) bytes") }
        if range.offset <= head.count - range.size { return Array(head[range.offset..<range.offset + range.size]) }
        return try read(descriptor, offset: range.offset, count: range.size, fileSize: fileSize, what: what)
    }

    /// `count` bytes at `offset`, after checking both against the file's size.
    package static func read(_ descriptor: Int32, offset: Int, count: Int, fileSize: Int, what: String) throws(Failure)
        -> [UInt8]
    {
        guard count >= 0, count <= fileSize else {
            throw .malformed("the \(what) lies outside the file of \(fileSize) bytes; it may be truncated")
        }
        var failure: Failure?
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            do throws(Failure) {
                try read(
                    descriptor, into: UnsafeMutableRawBufferPointer(buffer), offset: offset, fileSize: fileSize,
                    what: what)
                initialized = count
            } catch {
                failure = error
                initialized = 0
            }
        }
        if let failure { throw failure }
        return bytes
    }

    /// A little-endian unsigned integer of 2, 4 or 8 bytes (the caller keeps
    /// `offset + size` inside `bytes`); values past `Int.max` become -1, which every
    /// bounds check refuses.
    package static func integer(_ raw: UnsafeRawBufferPointer, at offset: Int, size: Int) -> Int {
        switch size {
        case 1: Int(raw[offset])
        case 2: Int(UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt16.self)))
        case 4: Int(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
        default: Int(exactly: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))) ?? -1
        }
    }

    /// Fills `buffer` from `offset`, after checking both against the file's size.
    package static func read(
        _ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, offset: Int, fileSize: Int,
        what: String
    ) throws(Failure) {
        let count = buffer.count
        guard offset >= 0, count <= fileSize, offset <= fileSize - count else {
            throw .malformed("the \(what) lies outside the file of \(fileSize) bytes; it may be truncated")
        }
        var filled = 0
        while filled < count {
            let read = SystemCall.retrying {
                pread(descriptor, buffer.baseAddress! + filled, count - filled, off_t(offset + filled))
            }
            guard read > 0 else { throw .malformed("the \(what) could not be read; the file may be truncated") }
            filled += read
        }
    }
}
