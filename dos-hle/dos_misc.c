/* The rest of INT 21h: vectors (25h/35h), DTA (1Ah/2Fh), date and time (2Ah-2Dh), version
 * (30h), break and verify flags (33h, 54h), memory (48h-4Ah, 58h), processes' IDs and return
 * codes (4Dh, 50h, 51h, 62h), country (38h), InDOS (34h), list of lists (52h), extended error
 * (59h), and the answer to functions DOS does not have. */
#include "dos_misc.h"
#include "dos_call.h"
#include "dos_errors.h"
#include "dos_guest_mem.h"
#include "dos_main.h"
#include "dos_time.h"

#include <string.h>

static void get_date_time(Dos *d, DosDateTime *t) { dos_time_from_centis(dos_now_centis(d), t); }

/* CLOCK$ is read through the device layer, which asks the ROM for the tick count. */
static void charge_clock(Dos *d) {
    if (d->costs.off) return;
    if (d->costs.bios_clock) dos_step(d, STEP_INT1A, 0x0000, 0, 0, 0, d->costs.io_clock);
    else dos_step(d, STEP_NONE, 0, 0, 0, 0, d->costs.io_clock);
}

static void set_clock(Dos *d, const DosDateTime *t) {
    uint64_t want;
    if (!dos_time_to_centis(t, &want)) return;
    d->time_adjust = 0;
    d->time_adjust = (int64_t)want - (int64_t)dos_now_centis(d);
}

static void memory_fn(Dos *d, uint8_t ah) {
    uint16_t e, seg = 0, largest = 0;
    switch (ah) {
    case 0x48:
        e = dos_arena_alloc(&d->arena, rBX(d), d->cur_psp, d->alloc_strategy & 3, &seg, &largest);
        if (e) {
            rBX(d) = largest;
            dos_fail(d, e);
        } else {
            rAX(d) = seg;
            dos_ok(d);
        }
        return;
    case 0x49:
        e = dos_arena_free(&d->arena, rES(d));
        if (e) dos_fail(d, e);
        else dos_ok(d);
        return;
    case 0x4A:
        e = dos_arena_resize(&d->arena, rES(d), rBX(d), &largest);
        if (e) {
            rBX(d) = largest;
            dos_fail(d, e);
        } else {
            dos_ok(d); /* (the PSP's memory top stays as the loader set it, as in DOS) */
        }
        return;
    }
}

static void country_info(Dos *d) {
    uint8_t b[34];
    memset(b, 0, sizeof b);
    b[0] = 0;      /* date format: USA m d y */
    b[2] = '$';    /* currency */
    b[7] = ',';    /* thousands */
    b[9] = '.';    /* decimal */
    b[11] = '-';   /* date separator */
    b[13] = ':';   /* time separator */
    b[15] = 0;     /* currency before, no space */
    b[16] = 2;     /* digits after the decimal point */
    b[17] = 0;     /* 12-hour clock */
    b[18] = 0x00;  /* case map routine: a RETF in the I/O area */
    b[19] = 0x00;
    uint16_t off = d->io_entry[IO_DEV_RETF];
    b[18] = (uint8_t)off;
    b[19] = (uint8_t)(off >> 8);
    b[20] = (uint8_t)DOS_IO_SEG;
    b[21] = (uint8_t)(DOS_IO_SEG >> 8);
    b[22] = ',';   /* data list separator */
    dos_write_mem(d, rDS(d), rDX(d), b, sizeof b);
    rBX(d) = 1;
    rAX(d) = 1;
    dos_ok(d);
}

void dos_fn_misc(Dos *d, uint8_t ah) {
    DosDateTime t;
    switch (ah) {
    case 0x1A:
        d->dta_seg = rDS(d);
        d->dta_off = rDX(d);
        return;
    case 0x2F:
        rES(d) = d->dta_seg;
        rBX(d) = d->dta_off;
        return;
    case 0x25:
        wr16(d, (uint32_t)rAL(d) * 4u, rDX(d));
        wr16(d, (uint32_t)rAL(d) * 4u + 2, rDS(d));
        return;
    case 0x35:
        rBX(d) = rd16(d, (uint32_t)rAL(d) * 4u);
        rES(d) = rd16(d, (uint32_t)rAL(d) * 4u + 2);
        return;
    case 0x2A:
        charge_clock(d);
        get_date_time(d, &t);
        rCX(d) = t.year;
        rDX(d) = (uint16_t)(t.month << 8 | t.day);
        setAL(d, t.wday);
        return;
    case 0x2B:
        get_date_time(d, &t);
        t.year = rCX(d);
        t.month = (uint8_t)(rDX(d) >> 8);
        t.day = (uint8_t)rDX(d);
        if (t.year < 1980 || t.year > 2099 || t.month < 1 || t.month > 12 || t.day < 1 ||
            t.day > dos_days_in_month(t.year, t.month)) {
            setAL(d, 0xFF);
            return;
        }
        charge_clock(d);
        set_clock(d, &t);
        setAL(d, 0);
        return;
    case 0x2C:
        charge_clock(d);
        get_date_time(d, &t);
        rCX(d) = (uint16_t)(t.hour << 8 | t.min);
        rDX(d) = (uint16_t)(t.sec << 8 | t.hund);
        return;
    case 0x2D:
        get_date_time(d, &t);
        t.hour = (uint8_t)(rCX(d) >> 8);
        t.min = (uint8_t)rCX(d);
        t.sec = (uint8_t)(rDX(d) >> 8);
        t.hund = (uint8_t)rDX(d);
        if (t.hour > 23 || t.min > 59 || t.sec > 59 || t.hund > 99) {
            setAL(d, 0xFF);
            return;
        }
        charge_clock(d);
        set_clock(d, &t);
        setAL(d, 0);
        return;
    case 0x30:
        rAX(d) = (uint16_t)(d->cfg.version_minor << 8 | d->cfg.version_major);
        rBX(d) = 0xFF00; /* OEM: Microsoft, no serial number */
        rCX(d) = 0;
        return;
    case 0x33:
        switch (rAL(d)) {
        case 0: rDX(d) = (uint16_t)((rDX(d) & 0xFF00) | d->break_check); return;
        case 1: d->break_check = rDL(d) & 1; return;
        case 5: rDX(d) = (uint16_t)((rDX(d) & 0xFF00) | (d->cur_drive + 1)); return; /* boot drive */
        default:
            dos_unknown(d, 0x33, rAL(d), "AL=FFh");
            setAL(d, 0xFF);
            return;
        }
    case 0x34:
        rES(d) = DOS_DATA_SEG;
        rBX(d) = DD_INDOS;
        return;
    case 0x37: /* switch character; /DEV/ before device names: optional (DL=FFh), as DOS 3 */
        if (rAL(d) == 0) { setAL(d, 0); rDX(d) = (uint16_t)((rDX(d) & 0xFF00) | '/'); }
        else if (rAL(d) == 1 || rAL(d) == 3) setAL(d, 0);
        else if (rAL(d) == 2) { setAL(d, 0); rDX(d) = (uint16_t)((rDX(d) & 0xFF00) | 0xFF); }
        else {
            dos_unknown(d, 0x37, rAL(d), "AL=FFh");
            setAL(d, 0xFF);
        }
        return;
    case 0x38:
        if (rDX(d) == 0xFFFF) { dos_ok(d); return; } /* set country: accepted */
        country_info(d);
        return;
    case 0x48: case 0x49: case 0x4A: memory_fn(d, ah); return;
    case 0x4D:
        rAX(d) = d->return_read ? 0 : d->last_return; /* given once, as DOS did */
        d->return_read = true;
        dos_ok(d);
        return;
    case 0x50: d->cur_psp = rBX(d); return;
    case 0x51: case 0x62: rBX(d) = d->cur_psp; return;
    case 0x52:
        rES(d) = DOS_DATA_SEG;
        rBX(d) = DD_SYSVARS;
        return;
    case 0x54: setAL(d, d->verify); return;
    case 0x2E: d->verify = rAL(d) & 1; return;
    case 0x58:
        if (rAL(d) == 0) { rAX(d) = d->alloc_strategy; dos_ok(d); }
        else if (rAL(d) == 1 && rBX(d) <= 2) { d->alloc_strategy = (uint8_t)rBX(d); dos_ok(d); }
        else {
            if (rAL(d) > 1) dos_unknown(d, 0x58, rAL(d), "carry set, error 1");
            dos_fail(d, DOSERR_BAD_FUNCTION);
        }
        return;
    case 0x59: {
        uint8_t cls, act, loc;
        dos_error_info(d->last_error, &cls, &act, &loc);
        rAX(d) = d->last_error;
        rBX(d) = (uint16_t)(cls << 8 | act);
        rCX(d) = (uint16_t)((rCX(d) & 0x00FF) | loc << 8);
        return;
    }
    case 0x63: /* the double-byte lead table: empty */
        if (rAL(d) == 0) {
            rDS(d) = DOS_DATA_SEG;
            rSI(d) = DD_DBCS;
        }
        setAL(d, 0);
        return;
    case 0x66: /* code page: 437 */
        if (rAL(d) == 1) { rBX(d) = 437; rDX(d) = 437; dos_ok(d); }
        else if (rAL(d) == 2) dos_ok(d);
        else {
            dos_unknown(d, 0x66, rAL(d), "carry set, error 1");
            dos_fail(d, DOSERR_BAD_FUNCTION);
        }
        return;
    case 0x18: case 0x1D: case 0x1E: case 0x20: /* CP/M placeholders */
        setAL(d, 0);
        return;
    default:
        /* a function this DOS does not have: AL=00h as MS-DOS answers, and carry set with
         * error 1 for callers that look at it */
        emu_machine_unknown_call(d->m, 0x21, ah, -1, "AL=00h, carry set");
        setAL(d, 0);
        d->last_error = DOSERR_BAD_FUNCTION;
        d->call->set_flags |= EMU_FLAG_CF;
        return;
    }
}
