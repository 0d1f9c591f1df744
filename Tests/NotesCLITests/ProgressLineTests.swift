import Testing
@testable import NotesCLI

@Suite struct ProgressLineTests {
    final class Recorder {
        var written: [String] = []
        var now: UInt64 = 1_000_000_000
    }

    @Test func throttlesRedrawsAndClearsOnce() {
        let recorder = Recorder()
        let line = ProgressLine(enabled: true, write: { recorder.written.append($0) }, clock: { recorder.now })
        line.update("1")
        recorder.now += 50_000_000
        line.update("2") // too soon: dropped
        recorder.now += 60_000_000
        line.update("3")
        line.clear()
        line.clear() // nothing visible any more
        #expect(recorder.written == ["\r\u{1B}[K1", "\r\u{1B}[K3", "\r\u{1B}[K"])
    }

    @Test func disabledLineWritesNothing() {
        let recorder = Recorder()
        let line = ProgressLine(enabled: false, write: { recorder.written.append($0) }, clock: { recorder.now })
        line.update("x")
        line.clear()
        #expect(recorder.written.isEmpty)
    }
}
