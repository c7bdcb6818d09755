/* The INT 21h call being served (dos_call.c): its registers, its result (carry, AX, the
 * flags the caller gets back), and the device-layer steps it asks the I/O layer to run. */
#ifndef EMU86_DOS_CALL_H
#define EMU86_DOS_CALL_H

#include "dos_state.h"

/* ---- registers of the call being served ---- */
#define R(d) ((d)->call->w)
#define S(d) ((d)->call->sreg)
#define rAX(d) R(d)[EMU_AX]
#define rBX(d) R(d)[EMU_BX]
#define rCX(d) R(d)[EMU_CX]
#define rDX(d) R(d)[EMU_DX]
#define rSI(d) R(d)[EMU_SI]
#define rDI(d) R(d)[EMU_DI]
#define rDS(d) S(d)[EMU_DS]
#define rES(d) S(d)[EMU_ES]
static inline uint8_t rAL(const Dos *d) { return (uint8_t)d->call->w[EMU_AX]; }
static inline uint8_t rAH(const Dos *d) { return (uint8_t)(d->call->w[EMU_AX] >> 8); }
static inline uint8_t rDL(const Dos *d) { return (uint8_t)d->call->w[EMU_DX]; }
static inline void setAL(Dos *d, uint8_t v) { d->call->w[EMU_AX] = (uint16_t)((d->call->w[EMU_AX] & 0xFF00) | v); }
static inline void setAH(Dos *d, uint8_t v) { d->call->w[EMU_AX] = (uint16_t)((d->call->w[EMU_AX] & 0x00FF) | v << 8); }
/* Success (carry clear) / failure (carry set, AX = code, remembered for AH=59h). */
void dos_ok(Dos *d);
void dos_fail(Dos *d, uint16_t code);
/* INT 21h function `ah`'s subfunction `al` is not implemented here: warned once (or the end of
 * the run with --strict); `answer` says what the caller gets. */
static inline void dos_unknown(Dos *d, uint8_t ah, uint8_t al, const char *answer) {
    emu_machine_unknown_call(d->m, 0x21, ah, al, answer);
}
void dos_set_zf(Dos *d, bool on);

/* ---- device-layer steps of the current call ---- */
void dos_step(Dos *d, uint8_t kind, uint16_t ax, uint16_t bx, uint16_t cx, uint16_t dx, uint32_t io_cost);
/* One character of CON output for the screen in the call's current run (a new run after
 * another step, or when the run has as many as CON's buffer holds): io_char each. */
void dos_step_con_char(Dos *d, uint8_t ch);
/* n characters, as n calls of dos_step_con_char. */
void dos_step_con_text(Dos *d, const uint8_t *b, size_t n);

#endif
