#define _XOPEN_SOURCE 700
#include <wchar.h>
#include "CTerminal.h"

int trellis_wcwidth(wchar_t character) {
    return wcwidth(character);
}
