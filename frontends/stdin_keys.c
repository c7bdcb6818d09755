/* Key source over a terminal stdin (see stdin_keys.h). A plain read of fd 0 would block the
 * whole machine at its first look for a key until a line is typed. */
#include "stdin_keys.h"

#include <errno.h>
#include <poll.h>
#include <unistd.h>

static uint8_t buf[256];
static size_t pos, len;
static bool at_end;

int stdin_key_source(void *ctx, bool wait) {
    EmuMachine *m = ctx;
    while (pos == len && !at_end) {
        struct pollfd p = {0, POLLIN, 0};
        int r = poll(&p, 1, wait ? 100 : 0);
        if (r == 0 || (r < 0 && errno == EINTR)) {
            if (!wait || emu_machine_end_pending(m)) return -1;
            continue;
        }
        ssize_t n = read(0, buf, sizeof buf);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) at_end = true;
        else {
            pos = 0;
            len = (size_t)n;
        }
    }
    if (pos == len) return -1;
    uint8_t b = buf[pos++];
    return b == '\n' ? 0x1C0D : emu_key_of_char(b);
}
