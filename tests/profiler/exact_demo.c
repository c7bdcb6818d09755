/* A fixed instruction stream through the exact-profile collector, as the CPU loop would feed
 * it: nested near calls, an INT 21h into the DOS layer, a hardware interrupt inside a
 * function, a PUSH + RET jump that must not pop the stack, a return two frames up. Checks the
 * totals, then writes callgrind and folded stacks (symbols from data/sample.map placed at
 * 0410:0000) for the golden and callgrind_annotate tests.
 * Usage: exact_demo MAP OUT.callgrind OUT.folded */
#include "check.h"
#include "profiler.h"

#include <stdlib.h>

static ProfExact *e;
static uint64_t cycles, insns;

static void insn(uint16_t cs, uint16_t ip, uint32_t c) {
    prof_exact_insn(e, cs, ip, c);
    cycles += c;
    insns++;
}

/* NASM sample.map: start 0100h, main_loop 0103h, compute 0110h, print_num 016Fh,
 * copy_block 02A2h (CS = PSP = 0400h, org 100h) */
static void leaf(void) {
    insn(0x0400, 0x02A2, 9);                   /* copy_block: REP MOVSB */
    insn(0x0400, 0x02A4, 3);
    insn(0x0400, 0x02A5, 16);                  /* RET */
    prof_exact_ret(e, 0x0400, 0x0115);
}

static void compute(bool irq) {
    insn(0x0400, 0x0110, 3);
    insn(0x0400, 0x0112, 19);                  /* CALL copy_block */
    prof_exact_call(e, 0x0400, 0x0112, 0x0400, 0x02A2, 0x0400, 0x0115, PROF_CALL_NEAR);
    leaf();
    if (irq) {                                 /* IRQ0 taken after the instruction at 0115 */
        insn(0x0400, 0x0115, 3);
        prof_exact_call(e, 0x0400, 0x0118, 0xF000, 0xFEA5, 0x0400, 0x0118, PROF_CALL_INT);
        insn(0xF000, 0xFEA5, 61);
        insn(0xF000, 0xFEA6, 44);              /* IRET */
        prof_exact_ret(e, 0x0400, 0x0118);
    }
    insn(0x0400, 0x0118, 20);                  /* RET */
    prof_exact_ret(e, 0x0400, 0x0106);
}

int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: exact_demo MAP OUT.callgrind OUT.folded\n");
        return 2;
    }
    e = prof_exact_new(0x0400, 0x0100);
    insn(0x0400, 0x0100, 4);                   /* start: MOV CX */
    for (int k = 0; k < 3; k++) {
        insn(0x0400, 0x0103, 19);              /* main_loop: CALL compute */
        prof_exact_call(e, 0x0400, 0x0103, 0x0400, 0x0110, 0x0400, 0x0106, PROF_CALL_NEAR);
        compute(k == 1);
        insn(0x0400, 0x0106, 51);              /* INT 21h */
        prof_exact_call(e, 0x0400, 0x0106, 0x0100, 0x0010, 0x0400, 0x0108, PROF_CALL_INT);
        insn(0x0100, 0x0010, 2);               /* the DOS stub: F1h trap with the service's */
        insn(0x0100, 0x0010, 300);             /* clocks, charged at the stub in slices */
        insn(0x0100, 0x0012, 44);              /* IRET */
        prof_exact_ret(e, 0x0400, 0x0108);
        insn(0x0400, 0x0108, 17);              /* LOOP */
    }
    /* PUSH + RET used as a jump: no frame returns to 0400:0200, the stack stays */
    insn(0x0400, 0x010A, 11);
    insn(0x0400, 0x010B, 16);
    prof_exact_ret(e, 0x0400, 0x0200);
    insn(0x0400, 0x0200, 4);
    /* a call that never returns normally: print_num exits through INT 21h/4Ch */
    insn(0x0400, 0x0201, 19);
    prof_exact_call(e, 0x0400, 0x0201, 0x0400, 0x016F, 0x0400, 0x0204, PROF_CALL_NEAR);
    insn(0x0400, 0x016F, 4);
    prof_exact_call(e, 0x0400, 0x0171, 0x0400, 0x0110, 0x0400, 0x0174, PROF_CALL_NEAR);
    compute(false);                            /* returns to 0106: matches no frame */
    insn(0x0400, 0x0174, 2);
    /* a return two frames up (like a longjmp): both frames go */
    prof_exact_call(e, 0x0400, 0x0174, 0x0400, 0x02A2, 0x0400, 0x0177, PROF_CALL_NEAR);
    insn(0x0400, 0x02A2, 9);
    prof_exact_ret(e, 0x0400, 0x0204);
    insn(0x0400, 0x0204, 3);
    /* the end: INT 21h/4Ch from inside a function, never returned from */
    insn(0x0400, 0x0207, 19);
    prof_exact_call(e, 0x0400, 0x0207, 0x0400, 0x016F, 0x0400, 0x020A, PROF_CALL_NEAR);
    insn(0x0400, 0x016F, 4);
    insn(0x0400, 0x0171, 51);
    prof_exact_call(e, 0x0400, 0x0171, 0x0100, 0x0010, 0x0400, 0x0173, PROF_CALL_INT);
    insn(0x0100, 0x0010, 200);

    CHECK_EQ(prof_exact_total_cycles(e), cycles);
    CHECK_EQ(prof_exact_total_insns(e), insns);
    CHECK_EQ(insns, 58);

    char err[512];
    ProfMap map;
    if (!prof_map_read(&map, argv[1], err, sizeof err)) {
        fprintf(stderr, "exact_demo: %s\n", err);
        return 1;
    }
    ProfNamer n = {&map, 0x4100, 933, NULL};
    ProfBuf cg = {0}, fo = {0};
    CHECK(prof_exact_callgrind(e, &n, "sample.com", "sample.com", &cg));
    CHECK(prof_exact_folded(e, &n, &fo));
    /* the folded counts add up to every cycle */
    uint64_t sum = 0;
    for (char *p = fo.data; p && *p;) {
        char *nl = strchr(p, '\n');
        char *sp = nl;
        while (sp > p && sp[-1] != ' ') sp--;
        sum += strtoull(sp, NULL, 10);
        p = nl + 1;
    }
    CHECK_EQ(sum, cycles);
    CHECK_STR_CONTAINS(fo.data, "start;compute;copy_block ");
    CHECK_STR_CONTAINS(fo.data, "start;0100:0010 ");
    CHECK_STR_CONTAINS(fo.data, "start;compute;F000:FEA5 ");
    CHECK_STR_CONTAINS(fo.data, "start;print_num;compute;copy_block ");
    CHECK_STR_CONTAINS(fo.data, "start;print_num;0100:0010 200\n");
    CHECK_STR_CONTAINS(cg.data, "fn=(");
    CHECK_STR_CONTAINS(cg.data, "calls=3 0x00010\n0x00003 318 21\n"); /* image offsets */
    if (!prof_write_file(argv[2], cg.data, cg.len, err, sizeof err) ||
        !prof_write_file(argv[3], fo.data, fo.len, err, sizeof err)) {
        fprintf(stderr, "exact_demo: %s\n", err);
        return 1;
    }
    /* no map: names are CS:IP */
    ProfBuf plain = {0};
    CHECK(prof_exact_folded(e, NULL, &plain));
    CHECK_STR_CONTAINS(plain.data, "0400:0100;0400:0110;0400:02A2 ");
    prof_buf_free(&plain);
    prof_buf_free(&cg);
    prof_buf_free(&fo);
    prof_map_free(&map);
    prof_exact_free(e);
    return check_done("exact_demo");
}
