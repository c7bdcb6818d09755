/* Intel 8253 PIT, derived from time (see pit.h). */
#include "pc/pit.h"

#include <string.h>

static uint32_t bcd_to_bin(uint16_t v) {
    return (uint32_t)((v >> 12 & 15) * 1000 + (v >> 8 & 15) * 100 + (v >> 4 & 15) * 10 + (v & 15));
}
static uint16_t bin_to_bcd(uint32_t v) {
    v %= 10000;
    return (uint16_t)((v / 1000) << 12 | (v / 100 % 10) << 8 | (v / 10 % 10) << 4 | (v % 10));
}

/* Count in ticks for a written value: 0 means the largest count. */
static uint32_t count_of(const PitChannel *c, uint16_t written) {
    uint32_t n = c->bcd ? bcd_to_bin(written) : written;
    if (n == 0) n = c->bcd ? 10000 : 65536;
    return n;
}

static int periodic(const PitChannel *c) { return c->mode == 2 || c->mode == 3; }

/* Apply a pending count once its time has come. */
static void sync(PitChannel *c, uint64_t now) {
    if (c->has_next && now >= c->next_at) {
        c->start = c->next_at;
        c->n = c->next_n;
        c->has_next = 0;
    }
}

/* Ticks counted since the load, at `now` (taking a gate pause into account). */
static uint64_t elapsed(const PitChannel *c, uint64_t now) {
    uint64_t t = c->paused ? c->paused_at : now;
    return t >= c->start ? t - c->start : 0;
}

void pit_init(Pit *p) {
    memset(p, 0, sizeof *p);
    for (int i = 0; i < 3; i++) {
        p->ch[i].gate = 1;
        p->ch[i].rw = 3;
        p->ch[i].out_before = 1;
    }
}

int pit_out(Pit *p, int ch, uint64_t now) {
    PitChannel *c = &p->ch[ch];
    sync(c, now);
    if (!c->armed || now < c->start) return c->out_before;
    uint64_t k = elapsed(c, now);
    switch (c->mode) {
    case 0: return k >= c->n;
    case 1: return k >= c->n;
    case 2:
        if (!c->gate) return 1;
        return (k % c->n) != c->n - 1;
    case 3:
        if (!c->gate) return 1;
        return (k % c->n) < (c->n + 1) / 2;
    default: /* 4, 5: one low tick at terminal count */
        return k != c->n;
    }
}

uint16_t pit_counter(Pit *p, int ch, uint64_t now) {
    PitChannel *c = &p->ch[ch];
    sync(c, now);
    if (!c->armed || now < c->start) return c->written;
    uint64_t k = elapsed(c, now);
    uint32_t v, mod = c->bcd ? 10000 : 65536;
    switch (c->mode) {
    case 2: v = c->n - (uint32_t)(k % c->n); break;
    case 3: {
        uint32_t pos = (uint32_t)(k % c->n), h = (c->n + 1) / 2;
        v = pos < h ? c->n - 2 * pos : c->n - 2 * (pos - h);
        break;
    }
    default: /* 0, 1, 4, 5 count down through zero and wrap */
        v = (uint32_t)((c->n + mod - (k % mod)) % mod);
        break;
    }
    v %= mod;
    return c->bcd ? bin_to_bcd(v) : (uint16_t)v;
}

uint64_t pit_next_rise(Pit *p, int ch, uint64_t after) {
    PitChannel *c = &p->ch[ch];
    sync(c, after);
    if (!c->armed || c->paused) return PIT_NEVER;
    if (periodic(c) && !c->gate) return PIT_NEVER;
    uint64_t base = c->start;
    switch (c->mode) {
    case 0:
    case 1: {
        uint64_t t = base + c->n;
        return t > after ? t : PIT_NEVER;
    }
    case 2:
    case 3: {
        /* rising edges at start + j*n, j >= 1 */
        uint64_t j = after < base ? 1 : (after - base) / c->n + 1;
        uint64_t t = base + j * c->n;
        if (c->has_next && t > c->next_at) t = c->next_at;
        return t;
    }
    default: {
        uint64_t t = base + c->n + 1;
        return t > after ? t : PIT_NEVER;
    }
    }
}

/* Load a freshly written count. */
static void load_count(PitChannel *c, uint64_t now) {
    uint32_t n = count_of(c, c->written);
    sync(c, now);
    c->has_count = 1;
    if (periodic(c) && c->armed && c->gate) {
        /* Running periodic counter: the new count starts at the end of the current period. */
        uint64_t k = now >= c->start ? now - c->start : 0;
        c->next_at = c->start + (k / c->n + 1) * c->n;
        c->next_n = n;
        c->has_next = 1;
        return;
    }
    c->n = n;
    c->has_next = 0;
    c->paused = 0;
    if (c->mode == 1 || c->mode == 5) {
        /* hardware triggered: waits for a rising gate edge */
        c->armed = 0;
        return;
    }
    c->start = now + 1; /* loaded on the next input clock */
    c->armed = 1;
}

void pit_write(Pit *p, int port, uint8_t v, uint64_t now) {
    port &= 3;
    if (port == 3) {
        int sc = v >> 6;
        if (sc == 3) return; /* not a command on the 8253 */
        PitChannel *c = &p->ch[sc];
        int rw = (v >> 4) & 3;
        if (rw == 0) { /* counter latch */
            if (!c->latched) {
                c->latch = pit_counter(p, sc, now);
                c->latched = c->rw == 3 ? 2 : 1;
                c->latch_msb_next = c->rw == 2;
            }
            return;
        }
        sync(c, now);
        c->rw = (uint8_t)rw;
        c->mode = (v >> 1) & 7;
        if (c->mode > 5) c->mode &= 3; /* 6 and 7 are modes 2 and 3 */
        c->bcd = v & 1;
        c->armed = 0;
        c->has_count = 0;
        c->has_next = 0;
        c->paused = 0;
        c->wait_msb = 0;
        c->read_msb = 0;
        c->latched = 0;
        c->out_before = c->mode == 0 ? 0 : 1;
        return;
    }
    PitChannel *c = &p->ch[port];
    switch (c->rw) {
    case 1: c->written = v; load_count(c, now); break;
    case 2: c->written = (uint16_t)(v << 8); load_count(c, now); break;
    default:
        if (!c->wait_msb) {
            c->written = (uint16_t)((c->written & 0xFF00) | v);
            c->wait_msb = 1;
            if (c->mode == 0) { /* writing the first byte stops a mode 0 count */
                sync(c, now);
                c->out_before = 0;
                c->armed = 0;
            }
        } else {
            c->written = (uint16_t)((c->written & 0x00FF) | v << 8);
            c->wait_msb = 0;
            load_count(c, now);
        }
        break;
    }
}

uint8_t pit_read(Pit *p, int port, uint64_t now) {
    port &= 3;
    if (port == 3) return 0xFF;
    PitChannel *c = &p->ch[port];
    if (c->latched) {
        uint8_t r = c->latch_msb_next ? (uint8_t)(c->latch >> 8) : (uint8_t)c->latch;
        c->latch_msb_next = !c->latch_msb_next;
        c->latched--;
        return r;
    }
    uint16_t v = pit_counter(p, port, now);
    switch (c->rw) {
    case 1: return (uint8_t)v;
    case 2: return (uint8_t)(v >> 8);
    default: {
        uint8_t r = c->read_msb ? (uint8_t)(v >> 8) : (uint8_t)v;
        c->read_msb = !c->read_msb;
        return r;
    }
    }
}

void pit_set_gate(Pit *p, int ch, int level, uint64_t now) {
    PitChannel *c = &p->ch[ch];
    level = level != 0;
    if (level == c->gate) return;
    sync(c, now);
    c->gate = (uint8_t)level;
    switch (c->mode) {
    case 0:
    case 4:
        if (!c->armed) break;
        if (!level) {
            c->paused = 1;
            c->paused_at = now;
        } else if (c->paused) {
            c->start += now - c->paused_at;
            c->paused = 0;
        }
        break;
    case 2:
    case 3:
        if (level && c->has_count) { /* rising gate reloads and restarts */
            c->start = now + 1;
            c->armed = 1;
            c->has_next = 0;
        }
        break;
    default: /* 1, 5: a rising gate triggers the count */
        if (level && c->has_count) {
            c->start = now + 1;
            c->armed = 1;
            c->out_before = 1;
        }
        break;
    }
}
