import TrellisHost
import Testing

struct KeyDecoderTests {
    private func decode(_ text: String) -> [Key] {
        var decoder = KeyDecoder()
        return decoder.decode(Array(text.utf8))
    }

    @Test func decodesControlKeysAndEscapeSequences() {
        #expect(decode("\t\r\u{7F}\u{3}") == [.tab, .enter, .backspace, .control("c")])
        #expect(decode("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D") == [.up, .down, .right, .left])
        #expect(decode("\u{1B}[Z\u{1B}[3~\u{1B}[H\u{1B}[F\u{1B}[1~\u{1B}[4~") == [.backtab, .delete, .home, .end, .home, .end])
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

    @Test func escThenAKeyIsEscFollowedByTheKey() {
        #expect(decode("\u{1B}\u{1B}[A") == [.escape, .up])
        #expect(decode("\u{1B}x") == [.escape, .character("x")])
    }
}

/// Bracketed paste: text between the markers is one paste, never keys.
struct PasteDecodingTests {
    @Test func aPasteIsTextWithItsTabsAndLineBreaksAsSpaces() {
        var decoder = KeyDecoder()
        #expect(decoder.decode(Array("\u{1B}[200~Seoul\tIncheon\r\nGimpo\u{1B}[201~x".utf8)) == [.paste("Seoul Incheon Gimpo"), .character("x")])
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
}
