/* IOCTL (44h): device information words as MS-DOS reports them, raw/cooked mode of devices,
 * input/output status, and the drive questions (removable, remote). */
#include "dos_ioctl.h"
#include "dos_call.h"
#include "dos_console.h"
#include "dos_errors.h"
#include "dos_files.h"
#include "dos_main.h"

#include <sys/stat.h>

static uint16_t device_info(const Dos *d, const DosSft *s) {
    switch (s->kind) {
    case SFT_FILE: return (uint16_t)(s->drive | (s->written ? 0 : 0x40));
    case SFT_STDIN: return (uint16_t)(s->drive | 0x40);
    case SFT_STDOUT: return s->drive;
    default: break;
    }
    /* DH: the device attribute's high byte (80h: character device); AL: device, not at end
     * of file (NUL always is), the standard-device bits */
    uint16_t v = 0x8080 | 0x40;
    if (s->device == DOS_DEV_CON) v |= 0x13 /* stdin, stdout, INT 29h */;
    if (s->device == DOS_DEV_NUL) v = 0x8084;
    if (s->device == DOS_DEV_CLOCK) v |= 0x08;
    if (s->raw) v |= 0x20;
    (void)d;
    return v;
}

void dos_fn_ioctl(Dos *d) {
    uint8_t al = rAL(d);
    if (al == 0x08 || al == 0x09) { /* removable? remote? (by drive in BL) */
        int drv = (rBX(d) & 0xFF) ? (rBX(d) & 0xFF) - 1 : d->cur_drive;
        if (!dos_drive_valid(d, drv)) { dos_fail(d, DOSERR_BAD_DRIVE); return; }
        if (al == 0x08) rAX(d) = 1; /* fixed */
        else rDX(d) = 0;
        dos_ok(d);
        return;
    }
    if (al == 0x0B) { dos_ok(d); return; } /* sharing retry count */
    int idx = dos_handle_sft(d, rBX(d));
    if (idx < 0) { dos_fail(d, DOSERR_BAD_HANDLE); return; }
    DosSft *s = &d->sft[idx];
    bool dev = s->kind == SFT_DEVICE;
    switch (al) {
    case 0x00:
        rDX(d) = device_info(d, s);
        rAX(d) = rDX(d);
        dos_ok(d);
        return;
    case 0x01:
        if (rDX(d) >> 8) { dos_fail(d, DOSERR_BAD_FUNCTION); return; }
        if (dev) s->raw = (rDX(d) & 0x20) != 0;
        dos_ok(d);
        return;
    case 0x06: {
        bool ready = true;
        if (s->kind == SFT_FILE) {
            struct stat st;
            ready = !fstat(s->fd, &st) && (off_t)s->pos < st.st_size;
        } else if (s->kind == SFT_STDIN) {
            ready = dos_stdin_ready(d);
        } else if (s->device == DOS_DEV_CON) {
            ready = dos_con_ready(d);
        } else if (s->device == DOS_DEV_NUL) {
            ready = false;
        }
        setAL(d, ready ? 0xFF : 0x00);
        dos_ok(d);
        return;
    }
    case 0x07:
        setAL(d, 0xFF);
        dos_ok(d);
        return;
    case 0x0A:
        rDX(d) = 0;
        dos_ok(d);
        return;
    default:
        dos_unknown(d, 0x44, al, "carry set, error 1");
        dos_fail(d, DOSERR_BAD_FUNCTION);
        return;
    }
}
