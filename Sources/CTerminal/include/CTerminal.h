// What the host needs from libc that Swift's Glibc module leaves out.
#ifndef TRELLIS_CTERMINAL_H
#define TRELLIS_CTERMINAL_H

#include <wchar.h>

/// Columns a character takes in a terminal (wcwidth(3), an X/Open extension that
/// the Glibc module does not import).
int trellis_wcwidth(wchar_t character);

#endif
