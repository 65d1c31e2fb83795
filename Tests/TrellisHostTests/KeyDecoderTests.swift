import Testing
import TrellisHost

@testable import TrellisCore

struct KeyDecoderTests {
    private func decode(_ text: String) -> [Key] {
        var decoder = KeyDecoder()
        return decoder.decode(Array(text.utf8))
    }

    @Test func decodesControlKeysAndEscapeSequences() {
        #expect(decode("\t\r\u{7F}\u{3}") == [.tab, .enter, .backspace, .control("c")])
        #expect(decode("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D") == [.up, .down, .right, .left])
        #expect(
            decode("\u{1B}[Z\u{1B}[3~\u{1B}[H\u{1B}[F\u{1B}[1~\u{1B}[4~") == [
                .backtab, .delete, .home, .end, .home, .end,
            ])
        #expect(decode("\u{1B}OA\u{1B}OH") == [.up, .home])
    }

    @Test func decodesUTF8IncludingWideCharacters() {
        #expect(decode("a 한é") == [.character("a"), .character(" "), .character("한"), .character("é")])
    }

    @Test func holdsAnEscUntilFlushedThenItIsALoneEsc() {
        var decoder = KeyDecoder()

        #expect(decoder.decode([0x1B]) == [])
        #expect(decoder.isWaiting)
        #expect(decoder.flush() == [.escape])
        #expect(!decoder.isWaiting)
    }

    @Test func anEscapeSequenceSplitAcrossReadsIsOneKey() {
        var decoder = KeyDecoder()

        #expect(decoder.decode([0x1B, UInt8(ascii: "[")]) == [])
        #expect(decoder.decode([UInt8(ascii: "A")]) == [.up])
    }

    @Test func aUTF8CharacterSplitAcrossReadsIsOneKey() {
        var decoder = KeyDecoder()
        let bytes = Array("한".utf8)

        #expect(decoder.decode(bytes.prefix(2)) == [])
        #expect(decoder.decode(bytes.suffix(1)) == [.character("한")])
    }

    @Test func escThenEscapeSequenceIsEscFollowedByTheKey() {
        #expect(decode("\u{1B}\u{1B}[A") == [.escape, .up])
    }

    /// Alt with a key arrives as Esc and the key in one read: Alt, never Esc (which
    /// would go back and lose what was typed).
    @Test func escWithAKeyInOneReadIsAlt() {
        #expect(decode("\u{1B}b\u{1B}f\u{1B}d\u{1B}x") == [.alt("b"), .alt("f"), .alt("d"), .alt("x")])
        #expect(decode("\u{1B}\u{7F}\u{1B}\u{8}") == [.altBackspace, .altBackspace])
        #expect(decode("\u{1B}é") == [.alt("é")])
        var decoder = KeyDecoder()
        #expect(decoder.decode([0x1B]) == [])
        #expect(decoder.decode(Array("b".utf8)) == [.alt("b")], "the key within the escape wait is still Alt")
    }

    @Test func modifiedArrowsMoveByWord() {
        #expect(
            decode("\u{1B}[1;5D\u{1B}[1;5C\u{1B}[1;3D\u{1B}[1;3C") == [.wordLeft, .wordRight, .wordLeft, .wordRight])
        #expect(
            decode("\u{1B}[1;2D\u{1B}[1;2C") == [.shifted(.left), .shifted(.right)],
            "Shift alone is not by word: it selects (KeyDecoderShiftTests)")
    }

    /// xterm's modifyOtherKeys and the `CSI u` form.
    @Test func keysWithModifiersInTheirLongFormsDecode() {
        #expect(decode("\u{1B}[98;3u\u{1B}[27;3;102~\u{1B}[127;3u") == [.alt("b"), .alt("f"), .altBackspace])
        #expect(decode("\u{1B}[99;5u\u{1B}[27;5;119~") == [.control("c"), .control("w")])
        #expect(decode("\u{1B}[97;1u\u{1B}[13;1u\u{1B}[9;2u") == [.character("a"), .enter, .backtab])
        #expect(decode("\u{1B}[99999999999;3u\u{1B}[1;0u\u{1B}[27;3;2~") == [], "out of range: nothing")
    }
}

/// Bracketed paste: text between the markers is one paste, never keys.
struct PasteDecodingTests {
    @Test func aPasteIsTextWithItsTabsAsSpacesAndItsLineBreaksAsNewlines() {
        var decoder = KeyDecoder()
        #expect(
            decoder.decode(Array("\u{1B}[200~Seoul\tIncheon\r\nGimpo\rBusan\u{1B}[201~x".utf8)) == [
                .paste("Seoul Incheon\nGimpo\nBusan"), .character("x"),
            ])
    }

    @Test func aPasteSplitAcrossReadsIsOnePaste() {
        var decoder = KeyDecoder()
        #expect(decoder.decode(Array("\u{1B}[20".utf8)) == [])
        #expect(decoder.decode(Array("0~Abbe".utf8)) == [])
        #expect(decoder.decode(Array("ville\u{1B}[201~".utf8)) == [.paste("Abbeville")])
    }

    @Test func aPasteWhoseEndNeverComesIsWhatArrived() {
        var decoder = KeyDecoder()
        #expect(decoder.decode(Array("\u{1B}[200~half".utf8)) == [])
        #expect(decoder.flush() == [.paste("half")])
    }

    /// A paste over 1 MiB used to be cut there, the rest replayed as keys: a
    /// 1,060,001-byte paste ending in `q` quit the launcher. It is one paste, read
    /// in a terminal's 4 KiB pieces, and only what follows its end is keys.
    @Test func aLargePasteReadInPiecesIsOnePasteAndNeverKeys() {
        var decoder = KeyDecoder()
        let text = String(repeating: "line of text\r\n", count: 80_000) + "q"
        let bytes = Array(("\u{1B}[200~" + text + "\u{1B}[201~j").utf8)
        var keys: [Key] = []
        var offset = 0
        while offset < bytes.count {
            keys += decoder.decode(bytes[offset..<min(offset + 4096, bytes.count)])
            #expect(offset + 4096 >= bytes.count || decoder.isInPaste)
            offset += 4096
        }
        #expect(keys == [.paste(String(repeating: "line of text\n", count: 80_000) + "q"), .character("j")])
        #expect(!decoder.isWaiting)
    }

    @Test func anEndMarkerSplitAnywhereAcrossPiecesEndsThePaste() {
        let bytes = Array("\u{1B}[200~abc\u{1B}[201~x".utf8)
        for split in 1..<bytes.count {
            var decoder = KeyDecoder()
            let keys = decoder.decode(bytes[..<split]) + decoder.decode(bytes[split...])
            #expect(keys == [.paste("abc"), .character("x")], "split at \(split)")
        }
    }

    /// A paste larger than the largest taken is refused whole, never cut: what
    /// follows its end marker is keys again.
    @Test func aPasteOverTheLargestIsRefusedWholeWithItsSize() {
        var decoder = KeyDecoder()
        let size = KeyDecoder.maximumPasteLength + 10
        var keys = decoder.decode(Array("\u{1B}[200~".utf8))
        let piece = [UInt8](repeating: UInt8(ascii: "a"), count: 1 << 20)
        var sent = 0
        while sent < size {
            let count = min(piece.count, size - sent)
            keys += decoder.decode(piece[..<count])
            sent += count
        }
        keys += decoder.decode(Array("\u{1B}[2".utf8)) + decoder.decode(Array("01~q".utf8))
        #expect(keys == [.pasteTooLarge(bytes: size), .character("q")])
    }

    @Test func invalidUTF8AndControlBytesInAPasteAreDropped() {
        var decoder = KeyDecoder()
        let bytes: [UInt8] = Array("\u{1B}[200~a".utf8) + [0xFF, 0x01, 0x7F] + Array("é\u{1B}[201~".utf8)
        #expect(decoder.decode(bytes) == [.paste("aé")])
    }
}
