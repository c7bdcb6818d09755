/* The guest-callable profil(2): an INT 2Fh multiplex service (AH = PROF_GUEST_MUX) with which a
 * program profiles itself, and the per-tick update of its buffer in guest memory, done as a
 * UNIX kernel does it (the flavour's index rule, 16-bit little-endian counters that wrap). */
#include "session_internal.h"

enum { GUEST_EFAULT = 14, GUEST_EINVAL = 22 };
enum { CLOCKS_CHECK = 100, CLOCKS_PROFIL = 250, CLOCKS_TICKS = 100 };

/* RAM ends where the ROM begins; a buffer must lie below. */
#define GUEST_RAM_END EMU_ROM_BASE

/* The caller's flags are on the stack of the INT 2Fh stub (IP, CS, flags): set CF there. */
static void set_carry(EmuMachine *m, bool on) {
    EmuCpu *c = emu_machine_cpu(m);
    uint8_t *mem = emu_machine_mem(m);
    uint32_t at = emu_linear(c->sreg[EMU_SS], (uint16_t)(c->r.w[EMU_SP] + 4));
    uint16_t f = emu_peek16(mem, at);
    f = on ? (uint16_t)(f | EMU_FLAG_CF) : (uint16_t)(f & ~EMU_FLAG_CF);
    emu_poke16(mem, at, f);
    emu_cpu_mem_written(c, at, 2);
}

static void fail(EmuMachine *m, uint16_t code) {
    emu_machine_cpu(m)->r.w[EMU_AX] = code;
    set_carry(m, true);
}

/* AL=01h: profil(ES:BX -> ProfGuestArgs). */
static void guest_profil(ProfSession *s, EmuMachine *m) {
    EmuCpu *c = emu_machine_cpu(m);
    const uint8_t *mem = emu_machine_mem(m);
    uint32_t a = emu_linear(c->sreg[EMU_ES], c->r.w[EMU_BX]);
    ProfGuestArgs g;
    g.buf_off = emu_peek16(mem, a);
    g.buf_seg = emu_peek16(mem, a + 2);
    g.bufsiz = emu_peek32(mem, a + 4);
    g.offset = emu_peek32(mem, a + 8);
    g.scale = emu_peek32(mem, a + 12);
    g.flavour = emu_peek8(mem, a + 16);
    g.pc_mode = emu_peek8(mem, a + 17);
    if (g.flavour > PROF_UNIX_LINUX || g.pc_mode > 1 || g.scale > 0x10000 ||
        (g.flavour == PROF_UNIX_SYSV && g.scale > 0xFFFF)) {
        fail(m, GUEST_EINVAL);
        return;
    }
    emu_machine_deliver_samples(m); /* (the ticks before this call, by the rules before it) */
    GuestProfil *p = &s->guest;
    ProfUnixFlavour f = (ProfUnixFlavour)g.flavour;
    if (!prof_unix_enabled(f, g.scale, g.bufsiz)) {
        p->on = false; /* profil(0, 0, 0, 0): profiling stops */
    } else {
        uint32_t lin = emu_linear(g.buf_seg, g.buf_off);
        if (g.bufsiz > GUEST_RAM_END || lin + g.bufsiz > GUEST_RAM_END) {
            fail(m, GUEST_EFAULT);
            return;
        }
        *p = (GuestProfil){true, f, g.pc_mode ? PROF_PC_IP : PROF_PC_LINEAR, lin, g.bufsiz, g.offset, g.scale, 0};
        if (!session_start_timer(s)) {
            p->on = false;
            fail(m, GUEST_EINVAL);
            return;
        }
    }
    s->guest.counted = 0;
    c->r.w[EMU_AX] = 0;
    set_carry(m, false);
}

bool session_guest_mux(void *ctx, EmuMachine *m, uint32_t *clocks) {
    ProfSession *s = ctx;
    EmuCpu *c = emu_machine_cpu(m);
    uint16_t ax = c->r.w[EMU_AX];
    if (ax >> 8 != PROF_GUEST_MUX) return false;
    switch (ax & 0xFF) {
    case 0x00: /* installation check */
        c->r.w[EMU_AX] = (uint16_t)(PROF_GUEST_MUX << 8 | 0xFF);
        c->r.w[EMU_BX] = 0x4650; /* "PF" */
        c->r.w[EMU_CX] = 0x0100;
        *clocks = CLOCKS_CHECK;
        return true;
    case 0x01:
        guest_profil(s, m);
        *clocks = CLOCKS_PROFIL;
        return true;
    case 0x02: {
        uint64_t n = s->guest.counted > 0xFFFFFFFFu ? 0xFFFFFFFFu : s->guest.counted;
        c->r.w[EMU_AX] = (uint16_t)n;
        c->r.w[EMU_DX] = (uint16_t)(n >> 16);
        set_carry(m, false);
        *clocks = CLOCKS_TICKS;
        return true;
    }
    default:
        fail(m, GUEST_EINVAL);
        *clocks = CLOCKS_CHECK;
        return true;
    }
}

void session_guest_tick(ProfSession *s, uint16_t cs, uint16_t ip) {
    GuestProfil *p = &s->guest;
    int64_t at = prof_unix_counter_offset(p->flavour, prof_pc_of(p->pc_mode, cs, ip), p->offset, p->scale,
                                          p->bufsiz);
    if (at < 0) return;
    uint8_t *mem = emu_machine_mem(s->m);
    uint32_t lin = p->buf_lin + (uint32_t)at;
    uint16_t v = (uint16_t)(emu_peek16(mem, lin) + 1);
    emu_poke16(mem, lin, v);
    emu_cpu_mem_written(emu_machine_cpu(s->m), lin, 2);
    p->counted++;
}
