import Glibc

let status = Trellis.main(Array(CommandLine.arguments.dropFirst()))
exit(status.rawValue)
