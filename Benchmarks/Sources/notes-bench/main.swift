import Foundation
import NotesCLI

let started = Date()
let generator = CorpusGenerator(count: Int(CommandLine.arguments[2])!)
let bytes = try generator.write(to: CommandLine.arguments[4])
print(bytes, Date().timeIntervalSince(started))
