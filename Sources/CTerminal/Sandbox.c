// The sandbox of a route's own process: Landlock for files, seccomp-bpf for
// system calls. Debian's headers are older than the kernels these run on, so
// the ABI's values are defined here and the kernel's version asked at run time.
#define _GNU_SOURCE
#include "CTerminal.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sched.h>
#include <spawn.h>
#include <stdint.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifndef __NR_landlock_create_ruleset
#define __NR_landlock_create_ruleset 444
#define __NR_landlock_add_rule 445
#define __NR_landlock_restrict_self 446
#endif

// Landlock's file rights, by the ABI that added them.
#define FS_EXECUTE (1ULL << 0)
#define FS_WRITE_FILE (1ULL << 1)
#define FS_READ_FILE (1ULL << 2)
#define FS_READ_DIR (1ULL << 3)
#define FS_ALL_V1 ((1ULL << 13) - 1)
#define FS_REFER (1ULL << 13)    // ABI 2
#define FS_TRUNCATE (1ULL << 14) // ABI 3
#define FS_IOCTL_DEV (1ULL << 15) // ABI 5
#define SCOPE_ABSTRACT_UNIX_SOCKET (1ULL << 0) // ABI 6
#define SCOPE_SIGNAL (1ULL << 1)               // ABI 6
#define CREATE_RULESET_VERSION (1U << 0)
#define RULE_PATH_BENEATH 1

struct ruleset_attributes {
    uint64_t handled_access_fs;
    uint64_t handled_access_net;
    uint64_t scoped;
};

struct path_beneath {
    uint64_t allowed_access;
    int32_t parent_fd;
} __attribute__((packed));

int trellis_landlock_version(void) {
    long version = syscall(__NR_landlock_create_ruleset, NULL, 0, CREATE_RULESET_VERSION);
    return version < 0 ? -errno : (int)version;
}

static uint64_t handled_rights(int version) {
    uint64_t rights = FS_ALL_V1;
    if (version >= 2) rights |= FS_REFER;
    if (version >= 3) rights |= FS_TRUNCATE;
    if (version >= 5) rights |= FS_IOCTL_DEV;
    return rights;
}

/// Adds a rule granting `rights` under `path` (a folder) or on it (a file: only
/// the rights a file has). A path that does not exist is skipped.
static int add_path(int ruleset, const char *path, uint64_t rights, int version) {
    int descriptor = open(path, O_PATH | O_CLOEXEC);
    if (descriptor < 0) return errno == ENOENT || errno == ENOTDIR ? 0 : -errno;
    struct stat status;
    if (fstat(descriptor, &status) != 0) {
        int error = errno;
        close(descriptor);
        return -error;
    }
    if (!S_ISDIR(status.st_mode)) rights &= FS_EXECUTE | FS_WRITE_FILE | FS_READ_FILE | FS_TRUNCATE | FS_IOCTL_DEV;
    struct path_beneath rule = {.allowed_access = rights & handled_rights(version), .parent_fd = descriptor};
    long added = syscall(__NR_landlock_add_rule, ruleset, RULE_PATH_BENEATH, &rule, 0);
    int error = added < 0 ? errno : 0;
    close(descriptor);
    return -error;
}

int trellis_landlock_restrict(
    const char *const *readable, size_t readable_count, const char *const *writable, size_t writable_count,
    const char **failed_path) {
    int version = trellis_landlock_version();
    if (version < 1) return version;
    struct ruleset_attributes attributes = {.handled_access_fs = handled_rights(version)};
    size_t size = sizeof(uint64_t);
    if (version >= 6) {
        // Nor may it signal, or reach an abstract socket of, a process outside it (the app).
        attributes.scoped = SCOPE_ABSTRACT_UNIX_SOCKET | SCOPE_SIGNAL;
        size = sizeof attributes;
    }
    int ruleset = (int)syscall(__NR_landlock_create_ruleset, &attributes, size, 0);
    if (ruleset < 0) return -errno;
    uint64_t read_rights = FS_EXECUTE | FS_READ_FILE | FS_READ_DIR;
    for (size_t index = 0; index < readable_count + writable_count; index++) {
        int writes = index >= readable_count;
        const char *path = writes ? writable[index - readable_count] : readable[index];
        int added = add_path(ruleset, path, writes ? handled_rights(version) : read_rights, version);
        if (added != 0) {
            *failed_path = path;
            close(ruleset);
            return added;
        }
    }
    int result = 0;
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 || syscall(__NR_landlock_restrict_self, ruleset, 0) != 0) {
        result = -errno;
    }
    close(ruleset);
    return result;
}

#if defined(__x86_64__)
#define AUDIT_ARCH_HERE AUDIT_ARCH_X86_64
#elif defined(__aarch64__)
#define AUDIT_ARCH_HERE AUDIT_ARCH_AARCH64
#endif

#define DENY BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | (EPERM & SECCOMP_RET_DATA))
#define ALLOW BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW)
#define LOAD_NUMBER BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr))
// Jumps over the next instruction (a DENY) unless the call is `name`.
#define DENY_CALL(name) BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_##name, 0, 1), DENY

int trellis_seccomp_confine(int allow_processes, int allow_network) {
#ifndef AUDIT_ARCH_HERE
    (void)allow_processes;
    (void)allow_network;
    return -ENOSYS;
#else
    // What a new process or a network socket gets: allowed, or refused.
    struct sock_filter process = allow_processes ? (struct sock_filter)ALLOW : (struct sock_filter)DENY;
    struct sock_filter network = allow_network ? (struct sock_filter)ALLOW : (struct sock_filter)DENY;
    struct sock_filter filter[] = {
        // Calls of another architecture (x86's 32-bit ABI) could go round the numbers below.
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch)),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, AUDIT_ARCH_HERE, 1, 0),
        DENY,
        LOAD_NUMBER,
#if defined(__x86_64__)
        // x32 calls are the same numbers with this bit set.
        BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, 0x40000000, 0, 1),
        DENY,
#endif
        DENY_CALL(ptrace),
        DENY_CALL(process_vm_readv),
        DENY_CALL(process_vm_writev),
        DENY_CALL(mount),
        DENY_CALL(umount2),
        DENY_CALL(pivot_root),
        DENY_CALL(chroot),
        DENY_CALL(unshare),
        DENY_CALL(setns),
        DENY_CALL(init_module),
        DENY_CALL(finit_module),
        DENY_CALL(delete_module),
        DENY_CALL(kexec_load),
        DENY_CALL(add_key),
        DENY_CALL(request_key),
        DENY_CALL(keyctl),
        DENY_CALL(bpf),
        DENY_CALL(perf_event_open),
        DENY_CALL(userfaultfd),
        DENY_CALL(open_tree),
        DENY_CALL(move_mount),
        DENY_CALL(fsopen),
        DENY_CALL(fsmount),
        // New processes, unless allowed: threads are clones that share the process.
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_clone, 0, 4),
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, args[0])),
        BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, CLONE_THREAD, 1, 0),
        process,
        ALLOW,
        // clone3's flags are in memory, out of a filter's reach: glibc then uses clone.
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_clone3, 0, 1),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | (ENOSYS & SECCOMP_RET_DATA)),
#if defined(__x86_64__)
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_fork, 0, 1),
        process,
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_vfork, 0, 1),
        process,
#endif
        // Sockets other than local ones, unless the network is allowed.
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_socket, 0, 4),
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, args[0])),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, AF_UNIX, 1, 0),
        network,
        ALLOW,
        ALLOW,
    };
    struct sock_fprog program = {.len = sizeof filter / sizeof filter[0], .filter = filter};
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return -errno;
    if (syscall(__NR_seccomp, SECCOMP_SET_MODE_FILTER, SECCOMP_FILTER_FLAG_TSYNC, &program) != 0) return -errno;
    return 0;
#endif
}

int trellis_spawn_close_from(posix_spawn_file_actions_t *actions, int first) {
    return posix_spawn_file_actions_addclosefrom_np(actions, first);
}
