/* 8086 multiply and divide as the microcode does them (included by cpu/exec.inc, after the
 * bus primitives: B_cycles). */
#ifndef EMU86_CPU_MULDIV_H
#define EMU86_CPU_MULDIV_H

/* ---- multiply and divide, step by step as the microcode does them ----
 * The results, the flags the 8086 leaves (including the officially undefined ones) and the
 * number of clocks all follow from the microcode's shift-and-add / shift-and-subtract loops. */
typedef struct Alu {
    unsigned bits;
    uint16_t mask, msb;
} Alu;

/* NEGATE helper (the microcode's COR negate routine). Returns the carry (sign of tmpb). */
static int mc_negate(EmuCore *c, const Alu *a, uint16_t *tmpa, uint16_t *tmpb, uint16_t *tmpc,
                     int *neg, int skip, int *clk) {
    if (!skip) {
        int carry = *tmpc != 0;
        *tmpc = (uint16_t)(0u - *tmpc);
        *tmpa = carry ? (uint16_t)~*tmpa : (uint16_t)(0u - *tmpa);
        *clk += 5;
        *neg = !*neg;
    }
    int carry = (*tmpb & a->msb) != 0;
    setf(c, EMU_FLAG_CF, carry);
    *clk += 3;
    if (!carry) {
        *clk += 3;
    } else {
        *tmpb = (uint16_t)(0u - *tmpb);
        *neg = !*neg;
        *clk += 2;
    }
    return carry;
}

static ALWAYS_INLINE unsigned popcount16(unsigned v) {
    v = v - ((v >> 1) & 0x5555u);
    v = (v & 0x3333u) + ((v >> 2) & 0x3333u);
    v = (v + (v >> 4)) & 0x0F0Fu;
    return (v + (v >> 8)) & 0x1Fu;
}

/* CORX: shift-and-add multiply of tmpb by tmpc (both within the mask). The loop runs once per
 * bit of tmpc, low bit first: 5 clocks, one more when the bit is set (the add), and a clock
 * between iterations; 2 before and 2 after. Its result is the plain product, tmpa the high half
 * and tmpc the low half (the carry rotated in at the start leaves at the end). */
static ALWAYS_INLINE void mc_corx(const Alu *a, uint16_t tmpb, uint16_t *tmpa_out, uint16_t *tmpc,
                                  int carry, int *clk) {
    (void)carry;
    uint32_t p = (uint32_t)(tmpb & a->mask) * (*tmpc & a->mask);
    *clk += (int)(3 + 6 * a->bits + popcount16(*tmpc & a->mask));
    *tmpa_out = (uint16_t)(p >> a->bits);
    *tmpc = (uint16_t)(p & a->mask);
}

/* CORD: shift-and-subtract divide of tmpa:tmpc by tmpb. Returns 0 on overflow (tmpa >= tmpb).
 * Each of its `bits` iterations shifts the partial remainder left with the next dividend bit
 * (s) and subtracts tmpb when it can: at once when a bit leaves the top (path A, 8 clocks),
 * else after a trial subtraction that sets the flags (9 clocks when it succeeds, 8 when not);
 * the last one takes a clock more, or one less when its subtraction fails. 3 clocks before,
 * 4 after. tmpc ends as the complemented quotient, CF its top bit; the other flags are those
 * of the last trial subtraction (or of the overflow check when there was none). */
static ALWAYS_INLINE void cord_loop(const unsigned bits, unsigned *ta_io, unsigned tc, unsigned tb,
                                    unsigned *fx_io, unsigned *q_io, unsigned *n_a_io) {
    unsigned ta = *ta_io, fx = *fx_io, q = 0, n_a = 0;
    for (unsigned i = 0; i < bits; i++) {
        const unsigned s = (ta << 1) | ((tc >> (bits - 1)) & 1);
        tc <<= 1;
        const unsigned path_a = s >> bits, ge = s >= tb;
        ta = ge ? s - tb : s;
        fx = path_a ? fx : s;
        n_a += path_a;
        q = (q << 1) | ge;
    }
    *ta_io = ta;
    *fx_io = fx;
    *q_io = q;
    *n_a_io = n_a;
}

static int mc_cord(EmuCore *c, const Alu *a, uint16_t *tmpa_io, uint16_t tmpb, uint16_t *tmpc_io, int *cf,
                   int *clk) {
    const unsigned mask = a->mask, bits = a->bits, top = bits - 1;
    unsigned ta = *tmpa_io & mask, tc = *tmpc_io & mask, tb = tmpb & mask;
    if (ta >= tb) {
        *tmpa_io = (uint16_t)ta;
        *tmpc_io = (uint16_t)tc;
        alu_sub(c, (uint16_t)ta, (uint16_t)tb, 0, bits == 16);
        *clk += 4;
        return 0;
    }
    unsigned fx = ta, q = 0, n_a = 0;
    if (tb <= (mask >> 1) + 1) {
        /* No bit can leave the top (the partial remainder stays below tb, at most half the
         * range): plain long division of ta:tc, the last trial's minuend being twice the
         * remainder before the last step plus the dividend's last bit. */
        const uint32_t n = (uint32_t)ta << bits | tc;
        q = n / tb;
        ta = n % tb;
        fx = ((n >> 1) % tb) * 2 + (n & 1);
    } else if (bits == 16) {
        cord_loop(16, &ta, tc, tb, &fx, &q, &n_a);
    } else {
        cord_loop(8, &ta, tc, tb, &fx, &q, &n_a);
    }
    tc = ~q & mask;
    const unsigned carry = tc >> top;
    alu_sub(c, (uint16_t)fx, (uint16_t)tb, 0, bits == 16);
    setf(c, EMU_FLAG_CF, (int)carry);
    *cf = (int)carry;
    *tmpa_io = (uint16_t)ta;
    *tmpc_io = (uint16_t)tc;
    *clk += (int)(7 + 8 * bits + popcount16(q) - n_a) + ((q & 1) ? 1 : -1);
    return 1;
}

/* MUL/IMUL: returns hi:lo of the product in *hi, *lo; takes the clocks. */
static void do_mul(EmuCore *c, int word, uint16_t acc, uint16_t opnd, int is_signed, int negate,
                   uint16_t *hi, uint16_t *lo) {
    Alu a = {word ? 16u : 8u, (uint16_t)(word ? 0xFFFF : 0xFF), (uint16_t)(word ? 0x8000 : 0x80)};
    int clk = 2;
    uint16_t tmpc = acc & a.mask, tmpb = opnd & a.mask, tmpa = 0;
    int carry = (tmpc & a.msb) != 0;
    if (is_signed) {
        clk += 3;
        if (carry) {
            tmpc = (uint16_t)((0u - tmpc) & a.mask);
            negate = !negate;
            clk += 3;
        } else {
            clk += 1;
        }
        carry = mc_negate(c, &a, &tmpa, &tmpb, &tmpc, &negate, 1, &clk);
        tmpb &= a.mask;
    }
    clk += 2;
    mc_corx(&a, tmpb, &tmpa, &tmpc, carry, &clk);
    clk += 1;
    if (negate) {
        clk += 1;
        /* The microcode negates the full 16-bit temporaries: for a byte multiply the high byte
         * of tmpa becomes all ones, which the sign check below relies on. */
        mc_negate(c, &a, &tmpa, &tmpb, &tmpc, &negate, 0, &clk);
    }
    clk += 1;
    if (is_signed) {
        clk += 1;
        int cin = (tmpc & a.msb) != 0;
        uint16_t sigma = alu_add(c, tmpa, 0, (unsigned)cin, 1);
        (void)sigma;
        clk += 3;
        /* alu_add set AF and SZP from the 16-bit sum; CF/OF follow below */
        if (sigma == 0) {
            setf(c, EMU_FLAG_CF, 0);
            setf(c, EMU_FLAG_OF, 0);
            clk += 4;
        } else {
            setf(c, EMU_FLAG_CF, 1);
            setf(c, EMU_FLAG_OF, 1);
            clk += 3;
        }
        clk += 2;
    } else {
        clk += 6;
        int nz = tmpa != 0;
        setf(c, EMU_FLAG_CF, nz);
        setf(c, EMU_FLAG_OF, nz);
        clk += nz ? 3 : 4;
        set_szp(c, tmpa, word);
        setf(c, EMU_FLAG_AF, 0);
    }
    B_cycles(c, clk);
    *hi = tmpa & a.mask;
    *lo = tmpc & a.mask;
}

/* DIV/IDIV: returns 0 on a divide error (after taking the clocks up to the point where the
 * microcode detects it). */
static int do_div(EmuCore *c, int word, uint16_t dhi, uint16_t dlo, uint16_t divisor, int is_signed,
                  int negate, uint16_t *quot, uint16_t *rem) {
    Alu a = {word ? 16u : 8u, (uint16_t)(word ? 0xFFFF : 0xFF), (uint16_t)(word ? 0x8000 : 0x80)};
    int clk = 3;
    uint16_t tmpa = dhi, tmpc = dlo, tmpb = divisor;
    int cf = 0;
    if (is_signed) {
        clk += 1;
        int carry = (tmpa & a.msb) != 0;
        clk += 2;
        if (!carry) {
            clk += 1;
            mc_negate(c, &a, &tmpa, &tmpb, &tmpc, &negate, 1, &clk);
        } else {
            mc_negate(c, &a, &tmpa, &tmpb, &tmpc, &negate, 0, &clk);
        }
    }
    clk += 2;
    if (!mc_cord(c, &a, &tmpa, tmpb, &tmpc, &cf, &clk)) {
        B_cycles(c, clk);
        return 0;
    }
    uint16_t sigma = (uint16_t)~tmpc;
    clk += 2;
    if (is_signed) {
        clk += 1;
        clk += 1;
        if (!cf) {
            clk += 1;
            B_cycles(c, clk);
            return 0;
        }
        int carry = (dhi & a.msb) != 0;
        clk += 3;
        if (carry) tmpa = (uint16_t)(0u - tmpa);
        clk += 1;
        sigma = (uint16_t)(tmpc + 1);
        clk += 2;
        if (!negate) sigma = (uint16_t)~tmpc;
        clk += 1;
        setf(c, EMU_FLAG_CF, 0);
        setf(c, EMU_FLAG_OF, 0);
        clk += 2;
    }
    B_cycles(c, clk);
    *quot = sigma & a.mask;
    *rem = tmpa & a.mask;
    return 1;
}

#endif
