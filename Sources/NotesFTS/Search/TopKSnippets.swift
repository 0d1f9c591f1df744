import Foundation

/// The snippets of the notes the top-k path chose (``TopKNoteText``), made from their copied texts on the query's
/// thread and, given a second tokenizer, on a thread of the system's pool: each takes the next note neither has
/// taken, so that neither waits on a fixed half (notes differ in length, and the pool's thread starts late).
///
/// The query's thread never waits for the pool's thread to start: once no note is left it waits only for a
/// note the other thread is making. A pool's thread that starts after that finds no note left and touches
/// nothing, so a pool with no thread free (every one blocked on something) cannot hold a search up.
///
/// Sendable by construction: the notes, the snippet policy and the phrases are read by both threads and changed
/// by neither; each tokenizer is used by one thread only; the next note, the notes being made and the snippets
/// made are taken and set under `condition`.
final class TopKSnippets: @unchecked Sendable {
    private let notes: [NoteTexts]
    private let snippets: SearchSnippets
    private let phrases: QueryPhrases
    private let condition = NSCondition()
    private var next = 0
    /// Notes the pool's thread has taken and not yet made.
    private var making = 0
    /// Notes the pool's thread has made (tests check that it took part).
    private var madeOnPool = 0
    private var made: [ChosenSnippet?]

    /// The work for `notes` of a search showing `snippets` of `phrases`.
    init(_ notes: [NoteTexts], snippets: SearchSnippets, phrases: QueryPhrases) {
        self.notes = notes
        self.snippets = snippets
        self.phrases = phrases
        made = Array(repeating: nil, count: notes.count)
    }

    /// The snippets, in the notes' order (`nil` where the tokenizer failed), made with `first` on this thread
    /// and with `second` on the thread `start` runs its work on (a pool's, ``onPool(_:)``) when there is one and
    /// two notes or more.
    func make(_ first: TermTokenizer, _ second: TermTokenizer?,
              start: (@escaping @Sendable () -> Void) -> Void = TopKSnippets.onPool) -> [ChosenSnippet?] {
        if let second, notes.count > 1 {
            let other = SecondTokenizer(second)
            start { [self] in take(with: other.tokenizer, counted: true) }
        }
        take(with: first, counted: false)
        condition.lock()
        defer { condition.unlock() }
        while making > 0 { condition.wait() }
        return made
    }

    /// Runs `work` on a thread of Dispatch's pool at the caller's priority (so that the query neither waits on a
    /// lower one nor lifts a background search). While every thread of the pool is busy, `work` starts late, and
    /// the query's thread makes the snippets alone meanwhile.
    static func onPool(_ work: @escaping @Sendable () -> Void) {
        DispatchQueue.global().async(flags: .inheritQoS, execute: work)
    }

    /// How many snippets the pool's thread has made so far.
    var madeOnPoolThread: Int {
        condition.lock()
        defer { condition.unlock() }
        return madeOnPool
    }

    /// Makes the snippets of the notes left, one at a time, with `tokenizer`; `counted`: in ``making``.
    private func take(with tokenizer: TermTokenizer, counted: Bool) {
        while let note = nextNote(counted: counted) {
            let chosen = snippets.chosenSnippet(of: notes[note], phrases: phrases, tokenizer: tokenizer)
            condition.lock()
            made[note] = chosen
            if counted {
                making -= 1
                madeOnPool += 1
                condition.signal()
            }
            condition.unlock()
        }
    }

    /// The next note no thread has taken, or `nil` when there is none.
    private func nextNote(counted: Bool) -> Int? {
        condition.lock()
        defer { condition.unlock() }
        guard next < notes.count else { return nil }
        if counted { making += 1 }
        defer { next += 1 }
        return next
    }

    /// The second thread's tokenizer, handed to it whole: the query's thread does not touch it meanwhile. A
    /// pool's block that starts after the search may hold the last reference to it, and delete it after its
    /// connection closed: the index's tokenizers free only their own memory then.
    private struct SecondTokenizer: @unchecked Sendable {
        let tokenizer: TermTokenizer
        init(_ tokenizer: TermTokenizer) { self.tokenizer = tokenizer }
    }
}
