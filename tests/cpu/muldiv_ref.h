/* The multiply and divide microcode loops as they were first written, clock by clock (the
 * reference that tests/cpu/muldiv_check.c holds emu/cpu/muldiv.h's faster forms to). Names carry
 * a ref_ prefix; B_cycles must be defined before inclusion. */
#ifndef EMU86_MULDIV_REF_H
#define EMU86_MULDIV_REF_H

/* ---- multiply and divide, step by step as the microcode does them ----
 * The results, the flags the 8086 leaves (including the officially undefined ones) and the
 * number of clocks all follow from the microcode's shift-and-add / shift-and-subtract loops. */
typedef struct RefAlu {
    unsigned bits;
    uint16_t mask, msb;
} RefAlu;

static ALWAYS_INLINE uint16_t ref_rcl1(const RefAlu *a, uint16_t v, int *carry) {
    int out = (v & a->msb) != 0;
    v = (uint16_t)(((v << 1) | (unsigned)*carry) & a->mask);
    *carry = out;
    return v;
}
static ALWAYS_INLINE uint16_t ref_rcr1(const RefAlu *a, uint16_t v, int *carry) {
    int out = v & 1;
    v = (uint16_t)((v >> 1) | (*carry ? a->msb : 0));
    *carry = out;
    return v;
}

/* Subtract with the flags the microcode's ALU would set (used by the divide loop). */
static uint16_t ref_mc_sub_flags(EmuCore *c, const RefAlu *a, uint16_t x, uint16_t y, int *carry) {
    uint16_t r = alu_sub(c, x & a->mask, y & a->mask, 0, a->bits == 16);
    *carry = getf(c, EMU_FLAG_CF);
    return r & a->mask;
}

/* NEGATE helper (the microcode's COR negate routine). Returns the carry (sign of tmpb). */
static int ref_mc_negate(EmuCore *c, const RefAlu *a, uint16_t *tmpa, uint16_t *tmpb, uint16_t *tmpc,
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

/* CORX: shift-and-add multiply of tmpb by tmpc. */
static void ref_mc_corx(const RefAlu *a, uint16_t tmpb, uint16_t *tmpa_out, uint16_t *tmpc, int carry, int *clk) {
    uint16_t tmpa = 0;
    *tmpc = ref_rcr1(a, *tmpc, &carry);
    unsigned counter = a->bits - 1;
    *clk += 2;
    for (;;) {
        *clk += 1;
        if (carry) {
            uint32_t s = (uint32_t)tmpa + tmpb;
            carry = (s >> a->bits) & 1;
            tmpa = (uint16_t)(s & a->mask);
            *clk += 2;
        } else {
            *clk += 1;
        }
        tmpa = ref_rcr1(a, tmpa, &carry);
        *tmpc = ref_rcr1(a, *tmpc, &carry);
        *clk += 3;
        if (counter == 0) break;
        counter--;
        *clk += 1;
    }
    *clk += 2;
    *tmpa_out = tmpa;
}

/* CORD: shift-and-subtract divide of tmpa:tmpc by tmpb. Returns 0 on overflow. */
static int ref_mc_cord(EmuCore *c, const RefAlu *a, uint16_t *tmpa, uint16_t tmpb, uint16_t *tmpc, int *cf, int *clk) {
    int carry;
    *tmpa &= a->mask;
    tmpb &= a->mask;
    *tmpc &= a->mask;
    ref_mc_sub_flags(c, a, *tmpa, tmpb, &carry);
    unsigned counter = a->bits;
    *clk += 3;
    if (!carry) {
        *clk += 1;
        return 0;
    }
    while (counter > 0) {
        *tmpc = ref_rcl1(a, *tmpc, &carry);
        *tmpa = ref_rcl1(a, *tmpa, &carry);
        *clk += 4;
        if (carry) {
            *clk += 3;
            carry = 0;
            *tmpa = (uint16_t)((*tmpa - tmpb) & a->mask);
            if (--counter > 0) { *clk += 1; continue; }
            *clk += 2;
        } else {
            uint16_t r = ref_mc_sub_flags(c, a, *tmpa, tmpb, &carry);
            *clk += 2;
            if (!carry) {
                *clk += 2;
                *tmpa = r;
                if (--counter > 0) { *clk += 1; continue; }
                *clk += 2;
            } else {
                *clk += 1;
                if (--counter > 0) { *clk += 1; continue; }
            }
        }
    }
    *tmpc = ref_rcl1(a, *tmpc, &carry);
    ref_rcl1(a, *tmpc, &carry);
    setf(c, EMU_FLAG_CF, carry);
    *cf = carry;
    *clk += 4;
    return 1;
}

/* MUL/IMUL: returns hi:lo of the product in *hi, *lo; takes the clocks. */
static void ref_do_mul(EmuCore *c, int word, uint16_t acc, uint16_t opnd, int is_signed, int negate,
                   uint16_t *hi, uint16_t *lo) {
    RefAlu a = {word ? 16u : 8u, (uint16_t)(word ? 0xFFFF : 0xFF), (uint16_t)(word ? 0x8000 : 0x80)};
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
        carry = ref_mc_negate(c, &a, &tmpa, &tmpb, &tmpc, &negate, 1, &clk);
        tmpb &= a.mask;
    }
    clk += 2;
    ref_mc_corx(&a, tmpb, &tmpa, &tmpc, carry, &clk);
    clk += 1;
    if (negate) {
        clk += 1;
        /* The microcode negates the full 16-bit temporaries: for a byte multiply the high byte
         * of tmpa becomes all ones, which the sign check below relies on. */
        ref_mc_negate(c, &a, &tmpa, &tmpb, &tmpc, &negate, 0, &clk);
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
static int ref_do_div(EmuCore *c, int word, uint16_t dhi, uint16_t dlo, uint16_t divisor, int is_signed,
                  int negate, uint16_t *quot, uint16_t *rem) {
    RefAlu a = {word ? 16u : 8u, (uint16_t)(word ? 0xFFFF : 0xFF), (uint16_t)(word ? 0x8000 : 0x80)};
    int clk = 3;
    uint16_t tmpa = dhi, tmpc = dlo, tmpb = divisor;
    int cf = 0;
    if (is_signed) {
        clk += 1;
        int carry = (tmpa & a.msb) != 0;
        clk += 2;
        if (!carry) {
            clk += 1;
            ref_mc_negate(c, &a, &tmpa, &tmpb, &tmpc, &negate, 1, &clk);
        } else {
            ref_mc_negate(c, &a, &tmpa, &tmpb, &tmpc, &negate, 0, &clk);
        }
    }
    clk += 2;
    if (!ref_mc_cord(c, &a, &tmpa, tmpb, &tmpc, &cf, &clk)) {
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
