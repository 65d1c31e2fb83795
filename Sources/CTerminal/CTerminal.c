#define _XOPEN_SOURCE 700
#define _GNU_SOURCE
#include <dlfcn.h>
#include <execinfo.h>
#include <fcntl.h>
#include <stdio.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <wchar.h>
#include "CTerminal.h"

int trellis_wcwidth(wchar_t character) {
    return wcwidth(character);
}

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
