/* The exact profile of a run: the CPU's execution observer feeds every clock to the collector.
 *
 * Clocks between two observations belong to the first: an instruction's clocks run from its
 * first opcode fetch to the next one's, so every clock of the program's run is counted once.
 * Around an interrupt taken at a boundary (IRQ, NMI, single-step trap): the clocks before its
 * entry (a HLT's wait) stay with the interrupted instruction, and the entry sequence itself is
 * charged to the handler's first address, as part of the call. */
#include "exact_internal.h"
#include "session_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>


/* Which vectors' calls went to which handlers: the handlers are named after them. */
static void note_vector(ProfSession *s, uint8_t vec, uint16_t cs, uint16_t ip) {
    const uint32_t target = emu_linear(cs, ip);
    for (size_t i = 0; i < s->nvec_calls; i++)
        if (s->vec_calls[i].vec == vec && s->vec_calls[i].target == target) return;
    if (s->nvec_calls == s->vec_calls_cap) {
        size_t cap = s->vec_calls_cap ? s->vec_calls_cap * 2 : 32;
        VecCall *v = realloc(s->vec_calls, cap * sizeof *v);
        if (!v) return;
        s->vec_calls = v;
        s->vec_calls_cap = cap;
    }
    s->vec_calls[s->nvec_calls++] = (VecCall){target, (uint32_t)cs << 16 | ip, vec};
}

static int call_cmp(const void *a, const void *b) {
    const VecCall *x = a, *y = b;
    if (x->target != y->target) return x->target < y->target ? -1 : 1;
    return x->vec < y->vec ? -1 : x->vec > y->vec;
}

/* Interrupt handlers named by the vectors they were called through: INT_21h, INT_1Ch/23h, or
 * INT_01h/03h/04h+2 when more share one. */
static void name_vectors(ProfSession *s, ProfMap *m) {
    memset(m, 0, sizeof *m);
    if (s->nvec_calls) qsort(s->vec_calls, s->nvec_calls, sizeof *s->vec_calls, call_cmp);
    m->sym = calloc(s->nvec_calls + 1, sizeof *m->sym);
    if (!m->sym) return;
    for (size_t i = 0; i < s->nvec_calls;) {
        size_t k = i;
        char name[64];
        int len = snprintf(name, sizeof name, "INT_%02Xh", s->vec_calls[i].vec);
        while (++k < s->nvec_calls && s->vec_calls[k].target == s->vec_calls[i].target) {
            if (k - i < 3) len += snprintf(name + len, sizeof name - (size_t)len, "/%02Xh", s->vec_calls[k].vec);
        }
        if (k - i > 3) snprintf(name + len, sizeof name - (size_t)len, "+%u", (unsigned)(k - i - 3));
        m->sym[m->nsym].addr = s->vec_calls[i].target;
        m->sym[m->nsym].name = strdup(name);
        if (m->sym[m->nsym].name) m->nsym++;
        i = k;
    }
    m->kind = "vectors";
}

static uint16_t rd16(const uint8_t *mem, uint16_t seg, uint16_t off) {
    return (uint16_t)(mem[emu_linear(seg, off)] | mem[emu_linear(seg, (uint16_t)(off + 1))] << 8);
}

/* The return address a call left on the stack (near: IP, in the current CS; far and INT: IP,
 * CS). */
static void pushed_return(ProfSession *s, const EmuCpu *c, bool far, uint16_t *cs, uint16_t *ip) {
    const uint8_t *mem = emu_machine_mem(s->m);
    uint16_t ss = c->sreg[EMU_SS], sp = c->r.w[EMU_SP];
    *ip = rd16(mem, ss, sp);
    *cs = far ? rd16(mem, ss, (uint16_t)(sp + 2)) : c->sreg[EMU_CS];
}

static void flow_event(ProfSession *s, EmuCpu *c) {
    uint8_t flow = c->flow;
    c->flow = EMU_FLOW_NONE;
    uint16_t rcs, rip;
    switch (flow) {
    case EMU_FLOW_CALL_NEAR:
    case EMU_FLOW_CALL_FAR:
    case EMU_FLOW_INT:
        if (flow == EMU_FLOW_INT) note_vector(s, c->flow_vec, c->sreg[EMU_CS], c->ip);
        pushed_return(s, c, flow != EMU_FLOW_CALL_NEAR, &rcs, &rip);
        prof_exact_call(s->exact, c->insn_cs, c->insn_ip, c->sreg[EMU_CS], c->ip, rcs, rip,
                        flow == EMU_FLOW_CALL_NEAR  ? PROF_CALL_NEAR
                        : flow == EMU_FLOW_CALL_FAR ? PROF_CALL_FAR
                                                    : PROF_CALL_INT);
        break;
    case EMU_FLOW_RET: prof_exact_ret(s->exact, c->sreg[EMU_CS], c->ip); break;
    default: break;
    }
}

/* A new segment for the sites from st on in fn's context (left of them in the run): up to
 * the first that calls or returns, or to the run's end. */
static ExactSeg *new_seg(ProfExact *e, uint32_t fn, const EmuObsSite *st, uint32_t left) {
    uint32_t n = 1;
    while (n < left && !st[n - 1].flow) n++;
    ExactSeg *g = exact_seg_new(e, fn, n);
    if (!g) return NULL;
    for (uint32_t i = 0; i < n; i++) {
        g->site[i] = (ExactSegSite){emu_linear(st[i].cs, st[i].ip), st[i].clocks};
        g->sum += st[i].clocks;
    }
    return g;
}

/* EMU_OBS_SITES: a run of replayed instructions, in segments (exact_internal.h): the memo of a
 * segment's first site keeps it (with the segments' generation and the context's function).
 * It still fits where the sites up to its last are in this run, and its last calls or returns
 * or is the run's last. The clocks since the last call not in the sites' own (none, unless
 * something unreported ran between) go to the first, as they would one by one. */
static void observe_sites(ProfSession *s, EmuCpu *c, uint32_t clocks) {
    ProfExact *e = s->exact;
    const uint32_t ns = c->obs_nsites;
    EmuObsSite *const site = c->obs_sites;
    uint32_t node = e->stack[e->depth - 1].node, first_node = node;
    uint64_t sum = 0;
    for (uint32_t i = 0; i < ns;) {
        const uint32_t fn = e->node[node].fn;
        ExactSeg *g = (ExactSeg *)(uintptr_t)site[i].memo[1];
        if (site[i].memo[0] != ((uint64_t)e->seg_gen << 32 | fn) || g->n > ns - i ||
            (g->n < ns - i && !site[i + g->n - 1].flow)) {
            g = new_seg(e, fn, site + i, ns - i);
            if (!g) return;
            site[i].memo[0] = (uint64_t)e->seg_gen << 32 | fn;
            site[i].memo[1] = (uint64_t)(uintptr_t)g;
        }
        g->count++;
        e->node[node].self_cycles += g->sum;
        e->node[node].self_insns += g->n;
        sum += g->sum;
        i += g->n;
        const EmuObsSite *l = &site[i - 1];
        if (l->flow) {
            if (l->flow == EMU_FLOW_CALL_NEAR)
                prof_exact_call(e, l->cs, l->ip, l->cs, l->to_ip, l->cs, l->ret_ip, PROF_CALL_NEAR);
            else if (i < ns)
                prof_exact_ret(e, site[i].cs, site[i].ip);
            else
                prof_exact_ret(e, c->sreg[EMU_CS], c->ip);
            node = e->stack[e->depth - 1].node;
        }
    }
    e->total_cycles += clocks;
    e->total_insns += ns;
    if (ns && clocks != sum) { /* (as the counter: modulo) */
        e->node[first_node].self_cycles += clocks - sum;
        ExactInsn *first = exact_insn_slot(e, e->node[first_node].fn, emu_linear(site[0].cs, site[0].ip));
        if (first) first->cycles += clocks - sum;
    }
}

static void observe(void *ctx, EmuCpu *c, EmuObsEvent ev) {
    ProfSession *s = ctx;
    uint32_t clocks = (uint32_t)(c->cycles - s->last_cycles);
    s->last_cycles = c->cycles;
    switch (ev) {
    case EMU_OBS_INSN: {
        /* a REP iteration after the first, or a service's next slice, is no new instruction */
        uint32_t n = (uint32_t)(c->instructions - s->last_insns);
        s->last_insns = c->instructions;
        prof_exact_insns(s->exact, c->insn_cs, c->insn_ip, clocks, n);
        if (c->flow) flow_event(s, c);
        break;
    }
    case EMU_OBS_INT_BEGIN:
        if (clocks) prof_exact_insns(s->exact, c->insn_cs, c->insn_ip, clocks, 0);
        break;
    case EMU_OBS_SITES:
        s->last_insns = c->instructions;
        observe_sites(s, c, clocks);
        if (c->flow) flow_event(s, c);
        break;
    case EMU_OBS_INT_END:
        c->flow = EMU_FLOW_INT;
        flow_event(s, c);
        prof_exact_insns(s->exact, c->sreg[EMU_CS], c->ip, clocks, 0);
        break;
    }
}

bool session_exact_start(ProfSession *s) {
    EmuCpu *c = emu_machine_cpu(s->m);
    s->exact = prof_exact_new(c->sreg[EMU_CS], c->ip);
    if (!s->exact) return false;
    s->last_cycles = c->cycles;
    s->last_insns = c->instructions;
    emu_cpu_set_observer(c, observe, s);
    emu_cpu_observe_sites(c, true);
    return true;
}

bool session_exact_write(ProfSession *s, ProfMessageFn msg, void *ctx) {
    ProfMap sys;
    name_vectors(s, &sys);
    ProfNamer n = {&s->names, (uint32_t)s->facts.image_para * 16u, (uint32_t)s->prog_paras * 16u, &sys};
    bool ok = true;
    exact_settle(s->exact);
    if (s->cfg.callgrind_path) {
        ProfBuf b = {0};
        prof_exact_callgrind(s->exact, &n, s->cfg.program, s->cfg.command, &b);
        ok &= session_write_buf(s->cfg.callgrind_path, &b, msg, ctx);
    }
    if (s->cfg.folded_path) {
        ProfBuf b = {0};
        prof_exact_folded(s->exact, &n, &b);
        ok &= session_write_buf(s->cfg.folded_path, &b, msg, ctx);
    }
    prof_map_free(&sys);
    return ok;
}
