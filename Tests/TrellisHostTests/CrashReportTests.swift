import Testing

@testable import TrellisHost

/// Whose code a crash report blames, from the crashing thread's frames: the
/// first frame in a plugin's code or the host's decides, past the runtime's,
/// libc's and the system libraries' frames, which only pass a fault on.
struct CrashReportTests {
    private let plugins =
        "/p/libBoom.so\tBoom\tboom\t/proc/self/fd/257\n/p/libLauncher.so\tLauncher\tlauncher\t/proc/self/fd/258"
    /// The handler's frames (the host's) and the signal trampoline (libc's).
    private let handler = "/bin/trellis\t0x10\t\n/bin/trellis\t0x20\t\n/lib/libc.so.6\t0x3c050\t\n"

    private func report(_ frames: String, activity: String = "") -> CrashReport {
        CrashReport(
            signal: 11, activity: activity, routePath: "launcher", plugins: plugins, frames: handler + frames,
            fault: nil, stderr: "")
    }

    @Test func aFaultInAPluginsCodeOrATrapItAskedForNamesThePlugin() {
        let fault = report("/proc/self/fd/257\t0x16bbe\t\n/bin/trellis\t0x99\t\n")
        let trap = report(
            "/lib/libswiftCore.so\t0x2f9361\t\n/lib/libc.so.6\t0x26472\tabort\n/proc/self/fd/257\t0x1\t\n")

        #expect(fault.plugin?.name == "Boom" && fault.hostFault == nil)
        #expect(trap.plugin?.name == "Boom" && trap.text.hasPrefix("trellis: a plugin crashed the app (SIGSEGV"))
    }

    /// A plugin that exhausted descriptors made the host's own code trap in
    /// libdispatch later, and the report named the Launcher, whose frames were
    /// below: a fault in the host's code names no plugin.
    @Test func aFaultInTheHostsCodeNamesNoPluginBelowIt() {
        let host = report(
            "/lib/libdispatch.so\t0x1234\t\n/bin/trellis\t0x4242\t\n/proc/self/fd/258\t0x77\t\n",
            activity: "handling input on route launcher (plugin Launcher)")

        #expect(host.plugin == nil, "\(host.text)")
        #expect(host.hostFault?.isHost == true)
        #expect(host.text.hasPrefix("trellis: the app crashed in libdispatch.so, in trellis's own code (SIGSEGV"))
        #expect(host.text.contains("frames from the fault:\n    libdispatch.so +0x1234"), "\(host.text)")
        #expect(!host.text.contains("plugin:"), "\(host.text)")
        #expect(host.summary.hasPrefix("trellis crashed (SIGSEGV"))
    }

    @Test func aFaultWithOnlyTheSystemsFramesSaysSo() {
        let system = report("/lib/libc.so.6\t0x8aeec\t\n/lib/libc.so.6\t0x26472\tclone3\n")

        #expect(system.plugin == nil && system.hostFault?.isHost == false)
        #expect(system.text.hasPrefix("trellis: the app crashed in libc.so.6 (SIGSEGV"), "\(system.text)")
    }
}
