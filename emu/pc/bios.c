/* BIOS services reached through the ROM's HLE stubs (service numbers 00h-3Fh, see
 * roms-free/bios.asm). Each returns the CPU clocks it takes; they are spent in the ROM, where
 * the real BIOS code would have run. */
#include "cpu/internal.h"
#include "pc/machine_internal.h"

#define COST_BIOS_CALL 120   /* a service that only reads or sets a value */
#define COST_KEY_READ 400    /* INT 16h read: buffer bookkeeping */

enum {
    SVC_VIDEO = 0x10, SVC_EQUIP, SVC_MEMSIZE, SVC_DISK, SVC_SERIAL, SVC_SYSTEM, SVC_KEYBOARD,
    SVC_PRINTER, SVC_BASIC, SVC_BOOT, SVC_TIME,
    SVC_POST = 0x20, SVC_NO_BOOT = 0x21, SVC_TELETYPE_RUN = 0x22,
};

/* Set or clear a flag in the caller's flags image (the INT frame at SS:SP: IP, CS, FLAGS). */
void bios_set_caller_flag(EmuMachine *m, uint16_t flag, int on) {
    EmuCore *c = &m->cpu;
    uint32_t a = lin_addr(SS, (uint16_t)(SP + 4));
    uint16_t f = m_rd16(m, a);
    f = on ? (uint16_t)(f | flag) : (uint16_t)(f & ~flag);
    m_wr16(m, a, f);
}

static void post(EmuMachine *m) {
    m_wr16(m, BDA + 0x10, 0x0020);      /* equipment: 80x25 colour, no diskette, no 8087 */
    m_wr16(m, BDA + 0x13, (uint16_t)m->memory_kb); /* KiB of memory (INT 12h) */
    m_wr16(m, BDA + 0x1A, 0x001E);      /* keyboard buffer head, tail, start, end */
    m_wr16(m, BDA + 0x1C, 0x001E);
    m_wr16(m, BDA + 0x80, 0x001E);
    m_wr16(m, BDA + 0x82, 0x003E);
    m_wr16(m, BDA + 0x72, 0x1234);      /* warm boot flag */
    bios_video_init(m);
}

static uint32_t keyboard(EmuMachine *m) {
    EmuCore *c = &m->cpu;
    switch (AH) {
    case 0x00:
    case 0x10: {
        int k = emu_input_key(m);
        if (k < 0) {
            /* Nothing will ever be typed: report Ctrl-Z, and end the run if it keeps asking. */
            emu_input_exhausted(m);
            k = 0x2C1A;
        }
        AX = (uint16_t)k;
        return COST_KEY_READ;
    }
    case 0x01:
    case 0x11: {
        int k = emu_input_poll(m);
        if (k >= 0) AX = (uint16_t)k;
        bios_set_caller_flag(m, EMU_FLAG_ZF, k < 0);
        return COST_BIOS_CALL;
    }
    case 0x02:
    case 0x12:
        AL = m_rd8(m, BDA + 0x17);
        return COST_BIOS_CALL;
    default:
        emu_machine_unknown_call(m, 0x16, AH, -1, "registers unchanged");
        return COST_BIOS_CALL;
    }
}

static uint32_t timeofday(EmuMachine *m) {
    EmuCore *c = &m->cpu;
    switch (AH) {
    case 0x00:
        CX = m_rd16(m, BDA + 0x6E);
        DX = m_rd16(m, BDA + 0x6C);
        AL = m_rd8(m, BDA + 0x70);
        m_wr8(m, BDA + 0x70, 0);
        break;
    case 0x01:
        m_wr16(m, BDA + 0x6E, CX);
        m_wr16(m, BDA + 0x6C, DX);
        m_wr8(m, BDA + 0x70, 0);
        break;
    default: /* no real-time clock on a PC */
        bios_set_caller_flag(m, EMU_FLAG_CF, 1);
        break;
    }
    return COST_BIOS_CALL;
}

uint32_t bios_service(EmuMachine *m, uint8_t svc) {
    EmuCore *c = &m->cpu;
    switch (svc) {
    case SVC_VIDEO: return bios_video(m);
    case SVC_TELETYPE_RUN: return bios_teletype_run(m);
    case SVC_EQUIP: AX = m_rd16(m, BDA + 0x10); return COST_BIOS_CALL;
    case SVC_MEMSIZE: AX = m_rd16(m, BDA + 0x13); return COST_BIOS_CALL;
    case SVC_DISK:
        /* No BIOS disks: reset succeeds, everything else reports "not ready". */
        if (AH == 0x00) {
            AH = 0;
            bios_set_caller_flag(m, EMU_FLAG_CF, 0);
        } else {
            emu_machine_unknown_call(m, 0x13, AH, -1, "AH=80h, carry set: no BIOS disk");
            AH = 0x80;
            bios_set_caller_flag(m, EMU_FLAG_CF, 1);
        }
        m_wr8(m, BDA + 0x41, AH);
        return COST_BIOS_CALL;
    case SVC_SERIAL: AH = 0x80; return COST_BIOS_CALL;          /* time-out: no port */
    case SVC_SYSTEM:
        AH = 0x86;                                               /* not supported */
        bios_set_caller_flag(m, EMU_FLAG_CF, 1);
        return COST_BIOS_CALL;
    case SVC_KEYBOARD: return keyboard(m);
    case SVC_PRINTER: AH = 0x90; return COST_BIOS_CALL;         /* selected, not busy */
    case SVC_BASIC:
        emu_machine_end(m, EMU_END_ERROR, 0, "the program called ROM BASIC (INT 18h); there is none");
        return 0;
    case SVC_BOOT:
        if (!m->boot) {
            emu_machine_end(m, EMU_END_ERROR, 0, "nothing to run: no program was loaded");
        } else if (!m->boot(m->boot_ctx, m) && m->end == EMU_END_NONE) {
            emu_machine_end(m, EMU_END_ERROR, 0, "the program could not be started");
        }
        return 0;
    case SVC_TIME: return timeofday(m);
    case SVC_POST: post(m); return 0;
    case SVC_NO_BOOT:
        emu_machine_end(m, EMU_END_ERROR, 0, "the boot returned without starting a program");
        return 0;
    default:
        return COST_BIOS_CALL;
    }
}
