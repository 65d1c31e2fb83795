import Glibc

/// Ends the process as `behaviour` says, in ways no crash handler on the
/// thread's own stack, or with the signal blocked, could see.
func misbehave(_ behaviour: TestBehaviour, file: String?) -> Never {
    switch behaviour {
    case .recursionInBuild:
        _ = recurse(1)
    case .blockedSignalsSegfaultInBuild:
        var all = sigset_t()
        sigfillset(&all)
        pthread_sigmask(SIG_BLOCK, &all, nil)
    case .cpuLimitInBuild:
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let used = rlim_t(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
        var limit = rlimit(rlim_cur: used + 1, rlim_max: used + 120)
        setrlimit(__rlimit_resource_t(RLIMIT_CPU.rawValue), &limit)
        spin()
    case .fileSizeLimitInBuild:
        var limit = rlimit(rlim_cur: 1024, rlim_max: 1024)
        setrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &limit)
        let descriptor = open(file ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let bytes = [UInt8](repeating: 0x2E, count: 4096)
        while write(descriptor, bytes, bytes.count) > 0 {}
    default:
        break
    }
    let invalid = UnsafeMutablePointer<Int>(bitPattern: 0x10)!
    invalid.pointee = 1
    fatalError("the test screen did not end the process")
}

/// Calls itself until the stack runs out; each frame keeps a little of it.
@inline(never)
func recurse(_ depth: Int) -> Int {
    var frame = (depth, depth &+ 1, depth &+ 2, depth &+ 3)
    return withUnsafeMutablePointer(to: &frame) { $0.pointee.3 &+ recurse(depth &+ 1) }
}

/// Uses the CPU until a signal ends the process.
@inline(never)
func spin() -> Never {
    var count = 0
    while true {
        count &+= 1
        if count == Int.min { print(count) }
    }
}

/// `allocateWithoutEnd`: what a plugin that allocates without end gets.
func allocate() -> String {
    var blocks: [UnsafeMutableRawPointer] = []
    defer { blocks.forEach { free($0) } }
    while blocks.count < 1024, let block = malloc(64 << 20) { blocks.append(block) }
    return blocks.count < 1024 ? "Refused after \(blocks.count * 64) MiB" : "Never refused"
}
