// What the host needs from libc that Swift's Glibc module leaves out.
#ifndef TRELLIS_CTERMINAL_H
#define TRELLIS_CTERMINAL_H

#include <stddef.h>
#include <spawn.h>
#include <sys/types.h>


/// Opens a new pseudo-terminal and writes its device's path to `name`; returns the
/// master's descriptor, or -1. For the benchmark, which drives `trellis run` in it.
int trellis_open_pseudo_terminal(char *name, size_t size);

/// posix_spawn's flag that starts the child in a new session (a GNU extension).
short trellis_spawn_new_session_flag(void);

/// Writes the calling thread's stack, one frame a line as `image\toffset\tsymbol`,
/// into `out` (NUL-terminated), skipping the first `skip` frames; returns the
/// length. Used from a crash signal handler, for the supervisor's report.
size_t trellis_write_frames(char *out, size_t size, int skip);

/// The calling thread's id (gettid(2)).
pid_t trellis_thread_id(void);

/// In a child just forked by the thread whose id is `stale`: sets the thread ids
/// that runtime libraries cached for that thread to the child's own, so their
/// locks work in the child. Returns how many were set.
size_t trellis_refresh_thread_ids_after_fork(pid_t stale);

/// Asks the kernel to send `signal` to this process when its parent ends
/// (`prctl(PR_SET_PDEATHSIG)`), then checks the parent is still `parent`: if it
/// ended first, the signal is raised at once. Returns 0, or -1 if prctl failed.
int trellis_end_with_parent(int signal, pid_t parent);

/// A full memory barrier: a store before it is seen by other processes before a
/// load after it (what the app and its supervisor's watchdog need of each other).
void trellis_full_fence(void);

/// Sends `signal` to the thread `thread` of process `process` (tgkill(2)): the
/// process's main thread has the process's id. Returns 0, or -1 with errno.
int trellis_signal_thread(pid_t process, pid_t thread, int signal);

/// Whether an object whose file name (the last part of its path) is `name` is
/// loaded in the process: a library a plugin needs that the dynamic loader will
/// match by name, with no search.
int trellis_is_loaded(const char *name);

/// The bytes of the heap in use (glibc's `mallinfo2`), for the benchmark's memory
/// per session: a resident set's pages round small objects away.
size_t trellis_heap_bytes_in_use(void);

/// Gives the calling thread an alternate stack for signal handlers (sigaltstack),
/// so a crash handler installed with SA_ONSTACK still runs when the thread's own
/// stack is exhausted; first loads what the unwinder needs (`backtrace` loads
/// libgcc_s on its first call, which a handler must not do). Returns 0, or -1.
int trellis_use_alternate_signal_stack(void);

/// From a SIGSEGV or SIGBUS handler given `info` and `context`: whether the fault
/// is at the edge of the interrupted thread's stack (within 64 KiB of its stack
/// pointer), as when recursion exhausts the stack. 1 if so, else 0.
int trellis_fault_is_stack_overflow(const void *info, const void *context);

/// A descriptor for the process `process` (pidfd_open(2)), readable once it has
/// ended; -1 if the kernel has none. Closed on exec.
int trellis_open_process_descriptor(pid_t process);

/// Sends a copy of `descriptor` over the Unix socket `channel` (SCM_RIGHTS): the
/// copy lives in the message until it is received, even after the sender ends.
/// Returns 0, or -1 with errno.
int trellis_send_descriptor(int channel, int descriptor);

/// Receives a descriptor sent with `trellis_send_descriptor`, without waiting;
/// -1 when none is there.
int trellis_receive_descriptor(int channel);

/// The kernel's Landlock ABI version (1 and up), or -errno when it has none
/// (-ENOSYS: not built in; -EOPNOTSUPP: turned off at boot).
int trellis_landlock_version(void);

/// Restricts this process's files, for it and what it starts, with Landlock:
/// reading and running under each of `readable`, and everything under each of
/// `writable` (a path that does not exist is skipped); with ABI 6 and up it
/// may neither signal nor reach an abstract socket of a process outside (the
/// app). Sets no_new_privs. Call it before any other thread starts. Returns 0,
/// or -errno; `*failed_path` names the path a rule could not be made for.
int trellis_landlock_restrict(
    const char *const *readable, size_t readable_count, const char *const *writable, size_t writable_count,
    const char **failed_path);

/// Confines this process's system calls with seccomp-bpf, on every thread:
/// ptrace and reading other processes' memory, mount and namespace changes,
/// kernel modules, kexec, keyrings, bpf, perf events and userfaultfd fail with
/// EPERM; so do new processes unless `allow_processes`, and sockets other
/// than local ones unless `allow_network`. Sets no_new_privs. Returns 0, or -errno.
int trellis_seccomp_confine(int allow_processes, int allow_network);

/// Has a spawned child close every descriptor from `first` up
/// (posix_spawn_file_actions_addclosefrom_np): it inherits only those below.
int trellis_spawn_close_from(posix_spawn_file_actions_t *actions, int first);

#endif
