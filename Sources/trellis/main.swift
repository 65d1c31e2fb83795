import Glibc
import TrellisHost

// The main actor runs here only: the event loop drains the main queue on this thread.
MainActorThread.claim()
// The signal handlers' state is made now, before any handler can run.
SignalShared.prepare()
let arguments = Array(CommandLine.arguments.dropFirst())
// First, before any thread exists: `run` goes on in a supervised child process.
// The composition root: what the supervisor knows goes to the trees as a value.
let context = Supervisor.wants(arguments) ? Supervisor.start(arguments: arguments) : HostContext()
CrashHandlers.installIfSupervised()
let status = Trellis.main(arguments, context: context)
// Noted for the supervisor: an exit it finds no note of was a plugin's.
CrashRecord.exitAsHost(status.rawValue)
