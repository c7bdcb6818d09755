/* dis_flow against dis_decode: the same length and flow fields (len, flow, far, indirect,
 * has_target, target_seg, target_off, vector) for every opcode x every second byte (the ModRM,
 * or an immediate) x a few patterns of the bytes after, behind no prefix, one, several, the
 * most the decoder takes and one more, cut short at every length and at two IPs (relative
 * targets wrap). Each cut ends at the end of its allocation, so that under ASan a read past
 * avail fails. */
#include "disasm.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { BUF = 32 };

static long failures, compared;
static uint8_t *buf; /* BUF bytes, malloc'd: a cut of n bytes is its last n */

static void compare(const uint8_t *bytes, size_t n, uint16_t ip) {
    for (size_t avail = 0; avail <= n; avail++) {
        uint8_t *code = buf + BUF - avail;
        memcpy(code, bytes, avail);
        DisInsn want, got;
        const unsigned wlen = dis_decode(code, avail, ip, NULL, &want);
        memset(&got, 0xA5, sizeof got); /* what dis_flow leaves unset shows */
        const unsigned glen = dis_flow(code, avail, ip, &got);
        compared++;
        if (glen == wlen && got.len == want.len && got.flow == want.flow && got.far == want.far &&
            got.indirect == want.indirect && got.has_target == want.has_target && got.target_seg == want.target_seg &&
            got.target_off == want.target_off && got.vector == want.vector && !got.text[0])
            continue;
        if (failures++ < 20) {
            printf("FAIL at %04X, %zu of:", ip, avail);
            for (size_t k = 0; k < n; k++) printf(" %02X", bytes[k]);
            printf(" ('%s'): dis_flow len %u flow %d far %d ind %d tgt %d %04X:%04X vec %02X, dis_decode len %u flow "
                   "%d far %d ind %d tgt %d %04X:%04X vec %02X\n",
                   want.text, glen, (int)got.flow, got.far, got.indirect, got.has_target, got.target_seg,
                   got.target_off, got.vector, wlen, (int)want.flow, want.far, want.indirect, want.has_target,
                   want.target_seg, want.target_off, want.vector);
        }
    }
}

int main(void) {
    buf = malloc(BUF);
    if (!buf) return 1;
    /* prefix runs: none, each alone, mixed ones, DIS_MAX_PREFIXES (still an instruction) and
     * one more (prefixes only: invalid) */
    static const uint8_t one[] = {0x26, 0x2E, 0x36, 0x3E, 0xF0, 0xF1, 0xF2, 0xF3};
    uint8_t runs[12][DIS_MAX_PREFIXES + 1];
    size_t run_len[12], nruns = 0;
    run_len[nruns++] = 0;
    for (size_t i = 0; i < sizeof one; i++) {
        runs[nruns][0] = one[i];
        run_len[nruns++] = 1;
    }
    memcpy(runs[nruns], (const uint8_t[]){0x2E, 0xF3, 0xF0}, 3);
    run_len[nruns++] = 3;
    for (size_t k = 0; k < DIS_MAX_PREFIXES + 1; k++) runs[nruns][k] = runs[nruns + 1][k] = one[(k * 5) % 8];
    run_len[nruns++] = DIS_MAX_PREFIXES;
    run_len[nruns++] = DIS_MAX_PREFIXES + 1;
    /* the bytes after the opcode's second: zeros, ones, both signs, a mix */
    static const uint8_t tails[4][5] = {
        {0x00, 0x00, 0x00, 0x00, 0x00}, {0xFF, 0xFF, 0xFF, 0xFF, 0xFF},
        {0x80, 0x7F, 0x01, 0xFE, 0x55}, {0x12, 0x34, 0x56, 0x78, 0x9A}};
    uint8_t seq[DIS_MAX_PREFIXES + 1 + 2 + 5];
    for (size_t r = 0; r < nruns; r++) {
        for (unsigned op = 0; op < 256; op++) {
            for (unsigned b2 = 0; b2 < 256; b2++) {
                for (size_t t = 0; t < 4; t++) {
                    size_t n = run_len[r];
                    memcpy(seq, runs[r], n);
                    seq[n++] = (uint8_t)op;
                    seq[n++] = (uint8_t)b2;
                    memcpy(seq + n, tails[t], 5);
                    n += 5;
                    compare(seq, n, t & 1 ? 0xFFF0 : (uint16_t)(op << 8 | b2));
                }
            }
        }
    }
    free(buf);
    if (failures) {
        printf("%ld of %ld decodes differ\n", failures, compared);
        return 1;
    }
    printf("ok: dis_flow = dis_decode on %ld decodes\n", compared);
    return 0;
}
