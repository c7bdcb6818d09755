/* The 8087's instructions (ESC D8h-DFh with its ModRM), as in the opcode table of Intel's 8087
 * data sheet; NASM's names ("fadd st1" for ST = ST op ST(1), "fadd to st1" for ST(1) = ST(1) op
 * ST, "fnstsw [bx]": the forms without WAIT, which is an instruction of its own). */
#include "disasm_internal.h"

#include <stdio.h>

static const char *const arith[8] = {"fadd", "fmul", "fcom", "fcomp", "fsub", "fsubr", "fdiv", "fdivr"};
static const char *const iarith[8] = {"fiadd", "fimul", "ficom", "ficomp", "fisub", "fisubr", "fidiv", "fidivr"};

typedef struct MemForm {
    const char *mn, *size;
} MemForm;

/* memory forms of D9h, DBh, DDh, DFh by the reg field (NULL: none on the 8087) */
static const MemForm mem_d9[8] = {{"fld", "dword "}, {0, 0}, {"fst", "dword "}, {"fstp", "dword "},
                                  {"fldenv", ""}, {"fldcw", ""}, {"fnstenv", ""}, {"fnstcw", ""}};
static const MemForm mem_db[8] = {{"fild", "dword "}, {0, 0}, {"fist", "dword "}, {"fistp", "dword "},
                                  {0, 0}, {"fld", "tword "}, {0, 0}, {"fstp", "tword "}};
static const MemForm mem_dd[8] = {{"fld", "qword "}, {0, 0}, {"fst", "qword "}, {"fstp", "qword "},
                                  {"frstor", ""}, {0, 0}, {"fnsave", ""}, {"fnstsw", ""}};
static const MemForm mem_df[8] = {{"fild", "word "}, {0, 0}, {"fist", "word "}, {"fistp", "word "},
                                  {"fbld", "tword "}, {"fild", "qword "}, {"fbstp", "tword "}, {"fistp", "qword "}};

/* D9h E0h-FFh: the instructions without operands (NULL: none on the 8087) */
static const char *const d9_e0[32] = {
    "fchs", "fabs", 0, 0, "ftst", "fxam", 0, 0, "fld1", "fldl2t", "fldl2e", "fldpi", "fldlg2", "fldln2", "fldz", 0,
    "f2xm1", "fyl2x", "fptan", "fpatan", "fxtract", 0, "fdecstp", "fincstp", "fprem", "fyl2xp1", "fsqrt", 0,
    "frndint", "fscale", 0, 0,
};

static void mnem_st(DisText *t, const char *mn, const char *to, unsigned i) {
    char s[8];
    snprintf(s, sizeof s, "st%u", i & 7);
    dis_puts(t, mn);
    dis_puts(t, " ");
    dis_puts(t, to);
    dis_puts(t, s);
}

static bool memory(DisText *t, uint8_t op, const DisModrm *m, int seg) {
    const MemForm *f;
    MemForm one;
    switch (op) {
    case 0xD8: one = (MemForm){arith[m->reg], "dword "}; f = &one; break;
    case 0xDA: one = (MemForm){iarith[m->reg], "dword "}; f = &one; break;
    case 0xDC: one = (MemForm){arith[m->reg], "qword "}; f = &one; break;
    case 0xDE: one = (MemForm){iarith[m->reg], "word "}; f = &one; break;
    case 0xD9: f = &mem_d9[m->reg]; break;
    case 0xDB: f = &mem_db[m->reg]; break;
    case 0xDD: f = &mem_dd[m->reg]; break;
    default: f = &mem_df[m->reg]; break;
    }
    if (!f->mn) return false;
    dis_puts(t, f->mn);
    dis_puts(t, " ");
    dis_mem(t, m, seg, f->size);
    return true;
}

bool dis_fpu(DisText *t, uint8_t op, const DisModrm *m, int seg) {
    if (m->mod != 3) return memory(t, op, m, seg);
    const unsigned r = m->reg, i = m->rm;
    switch (op) {
    case 0xD8: mnem_st(t, arith[r], "", i); return true;
    case 0xD9:
        if (r == 0) mnem_st(t, "fld", "", i);
        else if (r == 1) mnem_st(t, "fxch", "", i);
        else if (r == 2 && i == 0) dis_puts(t, "fnop");
        else if (r >= 4 && d9_e0[(r - 4) * 8 + i]) dis_puts(t, d9_e0[(r - 4) * 8 + i]);
        else return false;
        return true;
    case 0xDB: {
        static const char *const db_e0[4] = {"fneni", "fndisi", "fnclex", "fninit"};
        if (r != 4 || i > 3) return false;
        dis_puts(t, db_e0[i]);
        return true;
    }
    case 0xDC:
    {
        /* ST(i) = ST(i) op ST: E0h-E7h subtract ST(i) from ST (NASM's "fsubr to"), E8h-EFh ST
         * from ST(i); the same for divide */
        static const char *const dc[8] = {"fadd", "fmul", 0, 0, "fsubr", "fsub", "fdivr", "fdiv"};
        if (!dc[r]) return false; /* D0h-DFh: not on the 8087's list */
        mnem_st(t, dc[r], "to ", i);
        return true;
    }
    case 0xDD:
        if (r == 0) mnem_st(t, "ffree", "", i);
        else if (r == 2) mnem_st(t, "fst", "", i);
        else if (r == 3) mnem_st(t, "fstp", "", i);
        else return false;
        return true;
    case 0xDE: {
        static const char *const de[8] = {"faddp", "fmulp", 0, 0, "fsubrp", "fsubp", "fdivrp", "fdivp"};
        if (r == 3 && i == 1) dis_puts(t, "fcompp");
        else if (de[r]) mnem_st(t, de[r], "", i);
        else return false;
        return true;
    }
    default: return false; /* DAh, DFh: no register forms on the 8087 */
    }
}
