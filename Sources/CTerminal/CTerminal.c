#define _XOPEN_SOURCE 700
#define _GNU_SOURCE
#include <dlfcn.h>
#include <link.h>
#include <execinfo.h>
#include <fcntl.h>
#include <stdio.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <signal.h>
#include <sys/syscall.h>
#include <sys/prctl.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <ucontext.h>
#include "CTerminal.h"
#include <malloc.h>


int trellis_open_pseudo_terminal(char *name, size_t size) {
    int master = posix_openpt(O_RDWR | O_NOCTTY);
    if (master < 0) return -1;
    if (grantpt(master) != 0 || unlockpt(master) != 0 || ptsname_r(master, name, size) != 0) {
        close(master);
        return -1;
    }
    return master;
}

short trellis_spawn_new_session_flag(void) {
    return POSIX_SPAWN_SETSID;
}

size_t trellis_write_frames(char *out, size_t size, int skip) {
    void *addresses[64];
    int count = backtrace(addresses, 64);
    size_t used = 0;
    for (int index = skip; index < count && used + 1 < size; index++) {
        Dl_info info;
        const char *image = "?";
        const char *symbol = "";
        unsigned long offset = 0;
        if (dladdr(addresses[index], &info) && info.dli_fname) {
            image = info.dli_fname;
            offset = (unsigned long)((char *)addresses[index] - (char *)info.dli_fbase);
            if (info.dli_sname) symbol = info.dli_sname;
        }
        int written = snprintf(out + used, size - used, "%s\t0x%lx\t%s\n", image, offset, symbol);
        if (written < 0) break;
        used += (size_t)written < size - used ? (size_t)written : size - used - 1;
    }
    if (size > 0) out[used < size ? used : size - 1] = 0;
    return used;
}

// After fork(2), the child's only thread still carries the thread id of the
// thread that forked in the caches runtime libraries keep in thread-local storage
// (the Swift runtime's and Concurrency's futex locks, libdispatch, Foundation).
// Those locks store the owner's id and use priority-inheritance futexes, which the
// kernel refuses for an id that is not the caller's: the first contended lock then
// spins forever. Each module's thread-local block of the calling thread is searched
// for 4-byte slots holding `stale`, and each is set to the caller's id. Not
// libdispatch's: it records the same id in its main queue and compares the two.
//
// A slot counts only when the other half of its 8-byte word is 0 (padding) or also
// `stale`, so the halves of a pointer are never taken for an id.
struct trellis_tid_refresh {
    unsigned int stale;
    unsigned int current;
    size_t refreshed;
};

static int trellis_refresh_module(struct dl_phdr_info *info, size_t size, void *context) {
    (void)size;
    struct trellis_tid_refresh *refresh = context;
    unsigned char *block = info->dlpi_tls_data;
    if (block == NULL) return 0;
    // libdispatch keeps the id it cached in its main queue's state too, and checks
    // that the two agree: both stay as they were.
    if (info->dlpi_name != NULL && strstr(info->dlpi_name, "libdispatch.so") != NULL) return 0;
    for (int index = 0; index < info->dlpi_phnum; index++) {
        const ElfW(Phdr) *header = &info->dlpi_phdr[index];
        if (header->p_type != PT_TLS) continue;
        size_t words = header->p_memsz / 8;
        for (size_t word = 0; word < words; word++) {
            unsigned int halves[2];
            memcpy(halves, block + word * 8, sizeof halves);
            int low = halves[0] == refresh->stale, high = halves[1] == refresh->stale;
            if (!low && !high) continue;
            if ((low && !(high || halves[1] == 0)) || (high && !(low || halves[0] == 0))) continue;
            if (low) halves[0] = refresh->current;
            if (high) halves[1] = refresh->current;
            memcpy(block + word * 8, halves, sizeof halves);
            refresh->refreshed += (size_t)low + (size_t)high;
        }
    }
    return 0;
}

size_t trellis_refresh_thread_ids_after_fork(pid_t stale) {
    struct trellis_tid_refresh refresh = { (unsigned int)stale, (unsigned int)gettid(), 0 };
    if (refresh.stale == refresh.current) return 0;
    dl_iterate_phdr(trellis_refresh_module, &refresh);
    return refresh.refreshed;
}

pid_t trellis_thread_id(void) {
    return gettid();
}

int trellis_end_with_parent(int signal, pid_t parent) {
    if (prctl(PR_SET_PDEATHSIG, signal) != 0) return -1;
    if (getppid() != parent) raise(signal);
    return 0;
}

int trellis_signal_thread(pid_t process, pid_t thread, int signal) {
    return (int)syscall(SYS_tgkill, process, thread, signal);
}

void trellis_full_fence(void) {
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
}

struct trellis_loaded_search {
    const char *name;
    int found;
};

static int trellis_match_loaded(struct dl_phdr_info *info, size_t size, void *context) {
    (void)size;
    struct trellis_loaded_search *search = context;
    if (info->dlpi_name == NULL) return 0;
    const char *slash = strrchr(info->dlpi_name, '/');
    const char *file = slash ? slash + 1 : info->dlpi_name;
    if (strcmp(file, search->name) == 0) {
        search->found = 1;
        return 1;
    }
    return 0;
}

int trellis_is_loaded(const char *name) {
    struct trellis_loaded_search search = { name, 0 };
    dl_iterate_phdr(trellis_match_loaded, &search);
    return search.found;
}

size_t trellis_heap_bytes_in_use(void) {
    return mallinfo2().uordblks;
}

int trellis_use_alternate_signal_stack(void) {
    void *warm[2];
    (void)backtrace(warm, 2);
    // Enough for the handler's unwinding, dladdr and formatting, with a guard
    // page below so an overflow of the handler itself faults cleanly.
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    size_t size = 256 * 1024;
    char *memory = mmap(NULL, size + page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (memory == MAP_FAILED) return -1;
    (void)mprotect(memory, page, PROT_NONE);
    stack_t stack = {.ss_sp = memory + page, .ss_size = size, .ss_flags = 0};
    return sigaltstack(&stack, NULL);
}

int trellis_fault_is_stack_overflow(const void *info, const void *context) {
    if (info == NULL || context == NULL) return 0;
    uintptr_t address = (uintptr_t)((const siginfo_t *)info)->si_addr;
    const ucontext_t *machine = context;
#if defined(__x86_64__)
    uintptr_t pointer = (uintptr_t)machine->uc_mcontext.gregs[REG_RSP];
#elif defined(__aarch64__)
    uintptr_t pointer = (uintptr_t)machine->uc_mcontext.sp;
#else
    uintptr_t pointer = 0;
    (void)machine;
#endif
    if (pointer == 0) return 0;
    uintptr_t distance = address > pointer ? address - pointer : pointer - address;
    return distance < 64 * 1024;
}

int trellis_open_process_descriptor(pid_t process) {
#ifdef SYS_pidfd_open
    return (int)syscall(SYS_pidfd_open, process, 0);
#else
    (void)process;
    return -1;
#endif
}

// One byte of data and room for one descriptor: the message both ends use.
struct trellis_descriptor_message {
    char byte;
    struct iovec part;
    struct msghdr message;
    // Last: its size is not a constant to the compiler.
    union {
        struct cmsghdr header;
        char space[CMSG_SPACE(sizeof(int))];
    } control;
};

static void trellis_prepare_descriptor_message(struct trellis_descriptor_message *box) {
    memset(box, 0, sizeof *box);
    box->part.iov_base = &box->byte;
    box->part.iov_len = 1;
    box->message.msg_iov = &box->part;
    box->message.msg_iovlen = 1;
    box->message.msg_control = box->control.space;
    box->message.msg_controllen = sizeof box->control.space;
}

int trellis_send_descriptor(int channel, int descriptor) {
    struct trellis_descriptor_message box;
    trellis_prepare_descriptor_message(&box);
    struct cmsghdr *header = CMSG_FIRSTHDR(&box.message);
    header->cmsg_level = SOL_SOCKET;
    header->cmsg_type = SCM_RIGHTS;
    header->cmsg_len = CMSG_LEN(sizeof(int));
    memcpy(CMSG_DATA(header), &descriptor, sizeof(int));
    return sendmsg(channel, &box.message, MSG_NOSIGNAL) == 1 ? 0 : -1;
}

int trellis_receive_descriptor(int channel) {
    struct trellis_descriptor_message box;
    trellis_prepare_descriptor_message(&box);
    if (recvmsg(channel, &box.message, MSG_DONTWAIT) != 1) return -1;
    struct cmsghdr *header = CMSG_FIRSTHDR(&box.message);
    if (header == NULL || header->cmsg_level != SOL_SOCKET || header->cmsg_type != SCM_RIGHTS
        || header->cmsg_len != CMSG_LEN(sizeof(int)))
        return -1;
    int descriptor = -1;
    memcpy(&descriptor, CMSG_DATA(header), sizeof(int));
    return descriptor;
}
