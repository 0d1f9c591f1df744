import Foundation

/// `--build-rounds N`: the fresh build and both shell baselines, run N times in turn (ours, shell, plain
/// `unicode61`, ours, …), so that a slow spell of the machine falls on all three alike. The report keeps each
/// round's ratios and their medians; one round of each alone can land on such a spell (one run measured the
/// shell baseline at 34.6 s, against 23–27 s in the runs around it).
struct BuildRounds {
    /// One round: the three builds' wall times, in seconds.
    struct Round {
        var ours: Double
        var shell: Double
        var plain: Double
    }

    var rounds: [Round] = []

    /// The median of `values` (the mean of the middle two for an even count).
    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .nan }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// Median over the rounds of ours / the shell baseline.
    var shellRatio: Double { Self.median(rounds.map { $0.ours / $0.shell }) }
    /// Median over the rounds of ours / plain `unicode61`.
    var plainRatio: Double { Self.median(rounds.map { $0.ours / $0.plain }) }

    /// The rounds as a Markdown table, then the medians.
    var markdown: [String] {
        var lines = ["", "#### Build rounds (\(rounds.count), run in turn; wall s)", "",
                     "| round | fresh build | sqlite3 shell baseline | shell, plain unicode61 | fresh / shell | fresh / plain |",
                     "|---:|---:|---:|---:|---:|---:|"]
        for (number, round) in rounds.enumerated() {
            lines.append(String(format: "| %d | %.2f | %.2f | %.2f | %.2f× | %.2f× |", number + 1, round.ours, round.shell, round.plain,
                                round.ours / round.shell, round.ours / round.plain))
        }
        lines.append(String(format: "| median | %.2f | %.2f | %.2f | **%.2f×** | **%.2f×** |", Self.median(rounds.map(\.ours)),
                            Self.median(rounds.map(\.shell)), Self.median(rounds.map(\.plain)), shellRatio, plainRatio))
        return lines
    }

    /// The rounds as JSON.
    var json: [String: Any] {
        ["rounds": rounds.map { ["fresh_s": $0.ours, "shell_s": $0.shell, "plain_unicode61_s": $0.plain] },
         "median_fresh_over_shell": shellRatio, "median_fresh_over_plain": plainRatio]
    }
}
