import Foundation

/// Dates a note's file gives when the note gives none: a date in the file name, then the file's birth time
/// (for created) and modification time (for modified).
///
/// The order, most trusted first: the note's own dates; for `modified`, its own `created`; a date in the
/// file name; the file system. Each note records where each date came from (``DateSource``).
package struct FileDates: Sendable {
    /// The file's modification time.
    package var modified: Date?
    /// The file's birth time, read once and only when a note needs it (a `statx` costs more than reading a
    /// small file, and a file of a million notes needs it once).
    private let birthTime: OnceDate
    /// The date in the file's name, if any.
    private let named: Date?

    /// Dates of the file at `path` with modification time `modified`; the birth time is read on demand.
    package init(path: String, modified: Date?) {
        self.init(path: path, modified: modified, birth: { Self.birthTime(path) })
    }

    /// Dates of the file at `path` with these times (`birth` is called at most once).
    package init(path: String, modified: Date?, birth: @escaping @Sendable () -> Date?) {
        self.modified = modified
        birthTime = OnceDate(birth)
        named = Self.dateInName(path)
    }

    /// No file dates (notes keep only their own).
    package static let none = FileDates(path: "", modified: nil, birth: { nil })

    /// Completes the dates of `note` (read from this file) and records their sources.
    package func complete(_ note: inout Note) {
        if note.created != nil {
            note.createdFrom = note.createdFrom ?? .note
        } else if let named {
            (note.created, note.createdFrom) = (named, .fileName)
        } else if let born = birthTime.value {
            (note.created, note.createdFrom) = (born, .fileSystem)
        }
        if note.modified != nil {
            note.modifiedFrom = note.modifiedFrom ?? .note
        } else if note.createdFrom == .note || note.createdFrom == .fileName {
            (note.modified, note.modifiedFrom) = (note.created, note.createdFrom)
        } else if let modified {
            (note.modified, note.modifiedFrom) = (modified, .fileSystem)
        }
    }

    /// The date in the last component of `path`: `2024-01-31`, `2024_01_31` or `20240131`, not inside a
    /// longer run of digits (`1202401315` is no date), with a valid month and day and a year from 1900 to 2199.
    package static func dateInName(_ path: String) -> Date? {
        let name = path.split(separator: "/").last.map { Array($0.utf8) } ?? []
        var index = 0
        while index + 8 <= name.count {
            if (index == 0 || !isDigit(name[index - 1])), let date = date(in: name, at: index) { return date }
            index += 1
        }
        return nil
    }

    private static func date(in name: [UInt8], at start: Int) -> Date? {
        func digits(_ from: Int, _ count: Int) -> Int? {
            guard from + count <= name.count else { return nil }
            var value = 0
            for byte in name[from..<from + count] {
                guard isDigit(byte) else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return value
        }
        guard let year = digits(start, 4), (1900...2199).contains(year) else { return nil }
        var cursor = start + 4
        let separator = name[cursor]
        let separated = separator == UInt8(ascii: "-") || separator == UInt8(ascii: "_")
        if separated { cursor += 1 }
        guard let month = digits(cursor, 2) else { return nil }
        cursor += 2
        if separated {
            guard cursor < name.count, name[cursor] == separator else { return nil }
            cursor += 1
        }
        guard let day = digits(cursor, 2), (1...12).contains(month), (1...31).contains(day) else { return nil }
        cursor += 2
        if cursor < name.count && isDigit(name[cursor]) { return nil }
        return Timestamp.parse(String(format: "%04d-%02d-%02d", year, month, day))
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// The birth time of the file at `path`, where the file system records one.
    ///
    /// On Linux Foundation's `creationDate` is the status-change time (`ctime`), which a `chmod`, a rename or a
    /// `touch` moves, so the birth time is read with `statx(2)` (`STATX_BTIME`), and is `nil` where the file
    /// system keeps none.
    static func birthTime(_ path: String) -> Date? {
        #if os(Linux)
        return LinuxBirthTime.of(path)
        #else
        return (try? FileManager.default.attributesOfItem(atPath: path))?[.creationDate] as? Date
        #endif
    }
}

#if os(Linux)
/// `statx(2)`'s birth time. Glibc declares `statx` only under `_GNU_SOURCE`, which Swift's Glibc module does
/// not set, so the function is found by name; its `struct statx` is the kernel's fixed layout (256 bytes, the
/// mask at offset 0, `stx_btime` at offset 80: seconds as a 64-bit integer, then nanoseconds as 32 bits).
enum LinuxBirthTime {
    private typealias Statx = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UInt32, UnsafeMutableRawPointer) -> Int32
    private static let birthTimeMask: UInt32 = 0x800 // STATX_BTIME
    private static let function: Statx? = dlsym(dlopen(nil, RTLD_NOW), "statx").map { unsafeBitCast($0, to: Statx.self) }

    static func of(_ path: String) -> Date? {
        guard let function else { return nil }
        return withUnsafeTemporaryAllocation(byteCount: 256, alignment: 8) { buffer -> Date? in
            guard let base = buffer.baseAddress else { return nil }
            base.initializeMemory(as: UInt8.self, repeating: 0, count: 256)
            guard function(AT_FDCWD, path, 0, birthTimeMask, base) == 0,
                  base.load(as: UInt32.self) & birthTimeMask != 0 else { return nil }
            let seconds = base.load(fromByteOffset: 80, as: Int64.self)
            let nanoseconds = base.load(fromByteOffset: 88, as: UInt32.self)
            return Date(timeIntervalSince1970: Double(seconds) + Double(nanoseconds) / 1e9)
        }
    }
}
#endif

/// A date computed at most once, on first use, from any thread.
private final class OnceDate: @unchecked Sendable {
    private let lock = NSLock()
    private let compute: @Sendable () -> Date?
    private var computed: Date??

    init(_ compute: @escaping @Sendable () -> Date?) { self.compute = compute }

    var value: Date? {
        lock.lock()
        defer { lock.unlock() }
        if let computed { return computed }
        let value = compute()
        computed = .some(value)
        return value
    }
}
