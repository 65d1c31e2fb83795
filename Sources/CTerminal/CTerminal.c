#define _XOPEN_SOURCE 700
#define _GNU_SOURCE
#include <fcntl.h>
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
