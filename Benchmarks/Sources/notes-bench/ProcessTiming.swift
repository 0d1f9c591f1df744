/// Times whole `notes-find` processes (start-up, open, query, print), as a user at a shell sees them.
enum ProcessTiming {
    /// The percentiles (ms) of `runs` runs of `executable arguments`, after two warm-up runs.
    static func measure(_ executable: String, _ arguments: [String], runs: Int) throws -> Percentiles {
        for _ in 0..<2 { _ = try ChildProcess.run(executable, arguments, measuresPeakRSS: false) }
        var samples: [Double] = []
        for _ in 0..<runs {
            let measurement = try ChildProcess.run(executable, arguments, measuresPeakRSS: false)
            guard measurement.status <= 1 else {
                throw BenchError("\(executable) exited with \(measurement.status): \(measurement.standardError.suffix(300))")
            }
            samples.append(measurement.seconds * 1000)
        }
        return Percentiles(samples)
    }
}
