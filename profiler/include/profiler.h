/* emu86 profiler: profiles of DOS programs, and the session that takes them on the machine.
 *
 *   - PROFIL (MS-DOS 2.0) .PRF: header formulas, the per-tick rule, the file writer and reader;
 *   - UNIX profil(2) buffers (System V, OSF/1 incl. its extended multi-range form, 4.4BSD,
 *     Linux): the kernels' index rules and the buffer as the kernel would have left it;
 *   - map files (Microsoft LINK .MAP, NASM map) for symbol names;
 *   - reports (PROHST-style histogram: text, CSV, JSON) and an SVG plot;
 *   - the exact profile: every cycle attributed to an instruction and a call stack, written in
 *     callgrind format and as folded stacks;
 *   - the session: the profiling timer, sampling rules and outputs of a run (emu86 --profil).
 *
 * All but the session (at the end) needs no machine. On each profiling tick the
 * machine takes a sample (the CS:IP chosen by the sampling rule) and hands it to
 * prof_sampler_tick() (or directly to prof_prf_tick() / prof_unix_tick()); the exact collector
 * is fed once per instruction and on control-flow events. Nothing here reads host time,
 * randomness or pointer values into an output, and no floating point affects an output: the
 * same inputs give the same bytes on any host. docs/profiler.md has the rules and decisions.
 *
 * Errors: functions that can fail return false (or NULL) and write a one-line message (no
 * trailing newline) naming the file or value into err[errlen] when err is not NULL. */
#ifndef EMU86_PROFILER_H
#define EMU86_PROFILER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* ------------------------------------------------------------------------------------------ */
/* Output buffers and files                                                                    */

/* A growable byte buffer. Zero-initialise; free with prof_buf_free. Every renderer appends to
 * one; on allocation failure `oom` is set and later appends are ignored. */
typedef struct ProfBuf {
    char *data;
    size_t len, cap;
    bool oom;
} ProfBuf;

void prof_buf_free(ProfBuf *b);

/* Write len bytes to path all at once: a temporary file in the same folder, then rename, so
 * there is never a half-written output. path "-" is standard output. */
bool prof_write_file(const char *path, const void *data, size_t len, char *err, size_t errlen);

/* Read a whole file (at most max bytes) into a new buffer (NUL-terminated, not counted). */
bool prof_read_file(const char *path, size_t max, ProfBuf *out, char *err, size_t errlen);

/* ------------------------------------------------------------------------------------------ */
/* PROFIL .PRF                                                                                 */

enum {
    PROF_PRF_HEADER_WORDS = 9,
    PROF_PRF_MIN_GRAIN = 60,   /* microseconds, as PROFIL asked: "Sample time (micro-sec) >= 60" */
    PROF_PRF_MIN_BUCKET = 1,   /* paragraphs per bucket, "must be > 0" */
};

/* The header, in file order (each a little-endian 16-bit word). */
typedef struct ProfPrfHeader {
    uint16_t clock_grain;   /* sample interval, microseconds */
    uint16_t bucket_num;    /* number of buckets */
    uint16_t bucket_siz;    /* paragraphs per bucket */
    uint16_t prog_low_pa;   /* first paragraph of the program image (PSP + 10h) */
    uint16_t prog_high_pa;  /* prog_low_pa + program size in paragraphs (16-bit sum) */
    uint16_t dos_pa;        /* I/O-DOS boundary: segment of the INT 20h vector */
    uint16_t hit_io;        /* ticks below dos_pa */
    uint16_t hit_dos;       /* ticks in [dos_pa, prog_low_pa) */
    uint16_t hit_high;      /* ticks at or above prog_high_pa */
} ProfPrfHeader;

typedef struct ProfPrf {
    ProfPrfHeader h;
    uint16_t *bucket;       /* h.bucket_num counters */
} ProfPrf;

/* What the header is computed from (the loader's facts and the user's two answers). */
typedef struct ProfPrfSetup {
    uint16_t psp_seg;       /* the program's PSP segment */
    bool is_exe;            /* MZ image (decided by the signature, not the extension) */
    uint32_t com_bytes;     /* .COM: file size in bytes */
    uint16_t exe_pages;     /* .EXE: the header's 512-byte page count (header included) */
    uint16_t dos_pa;        /* word at 0000:0082h when profiling starts */
    uint32_t grain_us;      /* >= 60, <= 65535 */
    uint32_t bucket_paras;  /* >= 1, <= 65535 */
} ProfPrfSetup;

/* Program size in paragraphs as PROFIL computed it, 16-bit: .COM = bytes rounded up to a
 * paragraph; .EXE = pages x 32 (the MZ header included). */
uint16_t prof_prf_program_paras(bool is_exe, uint32_t com_bytes, uint16_t exe_pages);

/* Fill the header (hits zero) and allocate zeroed buckets. False with a clear error for a
 * grain below 60 or above 65535, a bucket size of 0 or above 65535, or a program too big. */
bool prof_prf_init(ProfPrf *p, const ProfPrfSetup *s, char *err, size_t errlen);
void prof_prf_free(ProfPrf *p);

typedef enum { PROF_HIT_IO, PROF_HIT_DOS, PROF_HIT_HIGH, PROF_HIT_BUCKET } ProfHitClass;

/* The bucket division (x / siz, both 16-bit) as a multiply and shift: x * r >> 32 with
 * r = ceil(2^32 / siz), exact because x * (r * siz - 2^32) < 2^16 * siz <= 2^32. A run's
 * ticks compute r once (prof_sampler_ticks), not a division a sample. siz >= 1. */
static inline uint64_t prof_prf_recip(uint16_t siz) { return (uint64_t)(0xFFFFFFFFu / siz) + 1u; }

/* PROFIL's rule for one sample: paragraph = CS + (IP >> 4) as a 16-bit sum; below dos_pa: I/O;
 * below prog_low_pa: DOS; at or above prog_high_pa: high; else bucket (para - low) / siz, with
 * recip = prof_prf_recip(siz). */
static inline ProfHitClass prof_prf_classify_by(const ProfPrfHeader *h, uint64_t recip, uint16_t cs, uint16_t ip,
                                                uint16_t *bucket_index) {
    uint16_t para = (uint16_t)(cs + (ip >> 4));
    if (para < h->dos_pa) return PROF_HIT_IO;
    if (para < h->prog_low_pa) return PROF_HIT_DOS;
    if (para >= h->prog_high_pa) return PROF_HIT_HIGH;
    *bucket_index = (uint16_t)(((uint64_t)(uint16_t)(para - h->prog_low_pa) * recip) >> 32);
    return PROF_HIT_BUCKET;
}
static inline ProfHitClass prof_prf_classify(const ProfPrfHeader *h, uint16_t cs, uint16_t ip,
                                             uint16_t *bucket_index) {
    return prof_prf_classify_by(h, prof_prf_recip(h->bucket_siz), cs, ip, bucket_index);
}

/* Count one sample. Counters are 16-bit and wrap (65535 + 1 = 0), as the original's INC. */
static inline void prof_prf_tick_by(ProfPrf *p, uint64_t recip, uint16_t cs, uint16_t ip) {
    uint16_t i = 0;
    switch (prof_prf_classify_by(&p->h, recip, cs, ip, &i)) {
    case PROF_HIT_IO: p->h.hit_io++; break;
    case PROF_HIT_DOS: p->h.hit_dos++; break;
    case PROF_HIT_HIGH: p->h.hit_high++; break;
    case PROF_HIT_BUCKET: p->bucket[i]++; break;
    }
}
static inline void prof_prf_tick(ProfPrf *p, uint16_t cs, uint16_t ip) {
    prof_prf_tick_by(p, prof_prf_recip(p->h.bucket_siz), cs, ip);
}

/* Every sample counted in full, beside the .PRF's 16-bit counters that wrap: the classes'
 * counts, and the program's samples by byte (image offset), one 32-bit counter a byte from
 * prog_low_pa up to prog_high_pa. A session keeps one and writes it beside the .PRF (the
 * sidecar, below); the reports read the true counts and the routines' samples from it. */
typedef struct ProfPrfTally {
    uint64_t io, dos, high;
    uint32_t *at;
    uint32_t nat;      /* (uint16_t)(prog_high_pa - prog_low_pa) x 16 */
} ProfPrfTally;

/* A zeroed tally for a .PRF of this header (false: out of memory); free with prof_tally_free. */
bool prof_tally_init(ProfPrfTally *t, const ProfPrfHeader *h);
void prof_tally_free(ProfPrfTally *t);
/* The full count of bucket i (the sum of its bytes). */
uint64_t prof_tally_bucket(const ProfPrfTally *t, const ProfPrfHeader *h, uint32_t i);

/* PIT input clocks per sample: round(grain_us x 1.193182), in integers (halves round up). */
uint32_t prof_pit_divisor(uint32_t grain_us);

/* File length: 2 x (9 + bucket_num). */
size_t prof_prf_file_size(const ProfPrfHeader *h);

/* The file's bytes (little-endian words: header, then the buckets). */
bool prof_prf_encode(const ProfPrf *p, ProfBuf *out);
bool prof_prf_write(const ProfPrf *p, const char *path, char *err, size_t errlen);

/* Parse and validate a .PRF (name is used in messages): even length, at least the header,
 * length = 2 x (9 + bucket_num), bucket_siz >= 1, grain >= 60, bucket_num = size/siz + 1 with
 * size = prog_high_pa - prog_low_pa (16-bit). On success p owns a new bucket array. */
bool prof_prf_decode(ProfPrf *p, const uint8_t *data, size_t len, const char *name, char *err,
                     size_t errlen);
bool prof_prf_read(ProfPrf *p, const char *path, char *err, size_t errlen);

/* ------------------------------------------------------------------------------------------ */
/* UNIX profil(2)                                                                              */

typedef enum { PROF_UNIX_SYSV, PROF_UNIX_OSF, PROF_UNIX_BSD, PROF_UNIX_LINUX } ProfUnixFlavour;

/* "sysv", "osf", "bsd", "linux" (case-sensitive). */
bool prof_unix_flavour_parse(const char *name, ProfUnixFlavour *f);
const char *prof_unix_flavour_name(ProfUnixFlavour f);

/* Is profiling on for this scale and buffer size? System V, OSF/1: not for scale 0 or 1;
 * 4.4BSD: not for scale 0; Linux: not for scale < 2; all: not for bufsiz 0. System V reads
 * scale as a 16-bit fraction (scale & 0xFFFF). */
bool prof_unix_enabled(ProfUnixFlavour f, uint32_t scale, uint32_t bufsiz);

/* The kernel's rule: the byte offset in the buffer of the 16-bit counter for pc, or -1 when
 * the tick is not counted (off, pc below offset, or the counter not wholly inside the buffer).
 *   sysv, osf: r = ((pc - offset) x scale) >> 16, counter r / 2 (OSF/1: scale 2 is the
 *              "non-interrupting clock", every pc >= offset counts in counter 0);
 *   bsd, linux: counter ((pc - offset) / 2) x scale / 65536.
 * The same function serves a guest's own buffer (the guest-callable service). */
int64_t prof_unix_counter_offset(ProfUnixFlavour f, uint32_t pc, uint32_t offset, uint32_t scale,
                                 uint32_t bufsiz);

/* OSF/1 extended form: one address range [lowpc, highpc) with its own buffer of 32-bit
 * counters; byte r = ((pc - offset) x scale) >> 16 of the buffer, counter r / 4. The buffer
 * holds the counters up to the one of highpc - 1. */
typedef struct ProfUnixRange {
    uint32_t lowpc, highpc, offset, scale;
} ProfUnixRange;

enum { PROF_OSF_MAX_RANGES = 64 };

typedef struct ProfUnix {
    ProfUnixFlavour flavour;
    bool extended;                 /* OSF/1 multi-range form */
    /* traditional form */
    uint8_t *buf;                  /* bufsiz bytes of little-endian 16-bit counters */
    uint32_t bufsiz, offset, scale;
    /* extended form: ranges in decreasing lowpc order, each with its counters */
    int nranges;
    ProfUnixRange range[PROF_OSF_MAX_RANGES];
    uint32_t *count[PROF_OSF_MAX_RANGES];
    uint32_t ncount[PROF_OSF_MAX_RANGES];
    uint64_t ticks, counted;       /* samples seen, samples counted */
} ProfUnix;

/* Traditional form. Rejects a scale above 0x10000 (System V: above 0xFFFF, its scale being a
 * 16-bit fraction) and a buffer above 16 MiB. A scale or size that turns profiling off is
 * accepted: the buffer then stays zero, as the kernel would leave it. */
bool prof_unix_init(ProfUnix *u, ProfUnixFlavour f, uint32_t bufsiz, uint32_t offset,
                    uint32_t scale, char *err, size_t errlen);
/* prof_unix_init's checks alone, nothing allocated (a session's checks before the run). */
bool prof_unix_check(ProfUnixFlavour f, uint32_t bufsiz, uint32_t scale, char *err, size_t errlen);
/* Extended form (OSF/1 only): 1..64 ranges, each lowpc < highpc, offset <= lowpc, scale <=
 * 0x10000, given in decreasing lowpc order and not overlapping, as the manual requires. */
bool prof_unix_init_ranges(ProfUnix *u, const ProfUnixRange *r, int n, char *err, size_t errlen);
/* prof_unix_init_ranges's checks alone, nothing allocated. */
bool prof_unix_check_ranges(const ProfUnixRange *r, int n, char *err, size_t errlen);
void prof_unix_free(ProfUnix *u);
void prof_unix_tick(ProfUnix *u, uint32_t pc);

/* Bytes of the buffer(s) as the kernel leaves them: the traditional buffer (bufsiz bytes); the
 * extended form's buffers one after another in the ranges' order, 32-bit little-endian. */
bool prof_unix_encode(const ProfUnix *u, ProfBuf *out);
bool prof_unix_write(const ProfUnix *u, const char *path, char *err, size_t errlen);

/* ------------------------------------------------------------------------------------------ */
/* Ticks: what the machine calls                                                               */

typedef enum { PROF_PC_LINEAR, PROF_PC_IP } ProfPcMode;

/* profil's pc for a sample: the 20-bit linear address, or IP alone. */
static inline uint32_t prof_pc_of(ProfPcMode m, uint16_t cs, uint16_t ip) {
    if (m == PROF_PC_IP) return ip;
    return (((uint32_t)cs << 4) + ip) & 0xFFFFFu;
}

/* The histograms a run fills; any pointer may be NULL (tally only with prf). */
typedef struct ProfSampler {
    ProfPrf *prf;
    ProfUnix *unix_profil;
    ProfPcMode pc_mode;
    uint64_t ticks;
    ProfPrfTally *tally;
} ProfSampler;

/* One profiling tick with its sample (CS:IP by the machine's sampling rule). O(1). */
void prof_sampler_tick(ProfSampler *s, uint16_t cs, uint16_t ip);

/* A sample as the machine hands it over (the layout of emu.h's EmuSample). */
typedef struct ProfCsIp {
    uint16_t cs, ip;
} ProfCsIp;

/* n ticks, in order: the same as n prof_sampler_tick calls, at less cost a tick. */
void prof_sampler_ticks(ProfSampler *s, const ProfCsIp *smp, unsigned n);

/* ------------------------------------------------------------------------------------------ */
/* Map files                                                                                   */

/* A symbol, its address in bytes from the start of the program image (the paragraph
 * prog_low_pa: a LINK map's SSSS:OOOO is SSSS x 16 + OOOO; a NASM map's Real is Real - origin). */
typedef struct ProfSymbol {
    uint32_t addr;
    char *name;
} ProfSymbol;

typedef struct ProfMap {
    ProfSymbol *sym;   /* sorted by address, then name */
    size_t nsym;
    const char *kind;  /* "link" or "nasm" */
} ProfMap;

/* Parse a map (kind detected: NASM's "- NASM Map file" banner, a NASM listing's numbered
 * lines with offsets, else LINK). Never crashes on
 * garbage; errors name the file and line. A text with no LINK list or segment table (nor NASM
 * banner) is an error; a real map without symbols is not. */
bool prof_map_parse(ProfMap *m, const char *text, size_t len, const char *name, char *err,
                    size_t errlen);
bool prof_map_parse_link(ProfMap *m, const char *text, size_t len, const char *name, char *err,
                         size_t errlen);
bool prof_map_parse_nasm(ProfMap *m, const char *text, size_t len, const char *name, char *err,
                         size_t errlen);
/* A NASM listing (nasm -l FILE): its code's labels at their offsets (kind "nasm-listing"). */
bool prof_map_parse_nasm_listing(ProfMap *m, const char *text, size_t len, const char *name, char *err,
                                 size_t errlen);
bool prof_map_read(ProfMap *m, const char *path, char *err, size_t errlen);
void prof_map_free(ProfMap *m);

/* The symbol at or below addr (the last of equal addresses by name order), or NULL. */
const ProfSymbol *prof_map_lookup(const ProfMap *m, uint32_t addr);

/* Move every symbol by -delta bytes (symbols that would fall below 0 are dropped). */
void prof_map_rebase(ProfMap *m, uint32_t delta);

/* Add the symbols of from at the addresses where into has none (a map's names win over the
 * routines found in the code). */
bool prof_map_merge(ProfMap *into, const ProfMap *from);

/* ------------------------------------------------------------------------------------------ */
/* Program images and the routines found in them                                               */
/*                                                                                            */
/* Addresses in every output are offsets in the program's image, as a map's are: byte 0 is the */
/* first byte of the load segment (the .PRF's prog_low_pa, PSP + 10h), so a .COM's IP 0100h is */
/* offset 0000 and an .EXE's SSSS:OOOO (relative to the load segment, as LINK's map has it) is */
/* SSSS x 16 + OOOO. Code outside the program is written as its absolute CS:IP.                 */

/* A program's image as DOS loaded it: its bytes from the load segment on, relocated. */
typedef struct ProfImage {
    uint8_t *bytes;
    uint32_t size;
    uint16_t load_seg;           /* the image's first paragraph (PSP + 10h) */
    bool is_exe;
    uint16_t entry_cs, entry_ip; /* the first instruction (absolute CS) */
} ProfImage;

/* Rebuild the image from the program's file as DOS loads it at load_seg: a .COM's bytes (entry
 * PSP:0100h), an .EXE's load module with its relocations applied (entry from its header). */
bool prof_image_load(ProfImage *im, const uint8_t *file, size_t len, uint16_t load_seg, const char *name,
                     char *err, size_t errlen);
bool prof_image_read(ProfImage *im, const char *path, uint16_t load_seg, char *err, size_t errlen);
void prof_image_free(ProfImage *im);

/* Kinds of routine entries, in the order of precedence of their names at one address. */
typedef enum { PROF_ROUTINE_START, PROF_ROUTINE_VECTOR, PROF_ROUTINE_CALL } ProfRoutineKind;

/* An entry the run saw (a CALL's target, the handler of a vector the program installed). */
typedef struct ProfEntryPoint {
    uint16_t cs, ip;
    uint8_t kind;    /* ProfRoutineKind */
    uint8_t vector;  /* PROF_ROUTINE_VECTOR: which */
} ProfEntryPoint;

/* The routines of an image: a recursive-descent scan from its entry point and the given
 * entries, following jumps, branches and calls (not through registers or memory), stopping at
 * returns, data that decodes to nothing, and INT 20h/27h or INT 21h with AH = 00h, 31h, 4Ch;
 * then from each compiler prologue (PUSH BP; MOV BP,SP) in the bytes not reached.
 * The entry is "start", an installed handler "isr_1Ch", a CALL target "sub_1A66" (its image
 * offset). names gets them by image offset (kind "found"). False: out of memory. */
bool prof_discover(const ProfImage *im, const ProfEntryPoint *more, size_t nmore, ProfMap *names);
void prof_routine_name(ProfRoutineKind kind, uint8_t vector, uint32_t off, char *out, size_t len);

/* ------------------------------------------------------------------------------------------ */
/* The sidecar of a .PRF                                                                       */

/* NAME.PRF.emu86, written beside every .PRF of emu86 (the .PRF stays byte for byte PROFIL's,
 * and PROFIL's readers never look at another file): the counters in full, the samples by
 * address, the routines' names the run used, the program's name. Text (sidecar.c has the
 * format; docs/profiler.md too). */
typedef struct ProfSidecar {
    ProfPrfHeader h;       /* the header of the .PRF it goes with (its hit_* not used) */
    uint64_t ticks;
    ProfPrfTally tally;
    ProfMap names;         /* image offsets */
    char *program;         /* as given to emu86, or NULL */
    char rule;             /* the sampling rule: 'i' (--sample irq), 'e' (exact), 0 not said */
} ProfSidecar;

void prof_sidecar_path(const char *prf_path, char *out, size_t len);
bool prof_sidecar_encode(const ProfSidecar *s, ProfBuf *out);
bool prof_sidecar_decode(ProfSidecar *s, const char *text, size_t len, const char *name, char *err,
                         size_t errlen);
/* Does it go with p: the same header, and every 16-bit counter its full count modulo 65536?
 * False with the reason in why. */
bool prof_sidecar_matches(const ProfSidecar *s, const ProfPrf *p, char *why, size_t len);
/* The sidecar of the .PRF at prf_path, if there is one and it goes with p. False when there is
 * none (note "") or it is unreadable or another run's (note says so, for a warning). */
bool prof_sidecar_read_for(ProfSidecar *s, const char *prf_path, const ProfPrf *p, char *note, size_t notelen);
void prof_sidecar_free(ProfSidecar *s);

/* ------------------------------------------------------------------------------------------ */
/* Reports                                                                                     */

typedef enum { PROF_FMT_TEXT, PROF_FMT_CSV, PROF_FMT_JSON } ProfFormat;

bool prof_format_parse(const char *name, ProfFormat *f);

typedef enum { PROF_SORT_ADDRESS, PROF_SORT_TIME } ProfSort;

typedef struct ProfReportOptions {
    ProfFormat format;
    bool all_buckets;      /* list empty buckets too */
    const char *title;     /* the .PRF's name as shown; NULL: none */
    ProfSort sort;         /* rows by address (PROHST's order) or by samples, most first */
    size_t top;            /* rows of each table at most; 0: all */
    const ProfPrfTally *tally; /* the counts in full (a sidecar's), or NULL: the .PRF's counters */
    const char *counts_from;   /* where the tally came from, for the listing (or NULL) */
} ProfReportOptions;

/* The PROHST-style histogram of a .PRF, symbolised with map (may be NULL): the routines (the
 * map's names, each with its bytes up to the next name) with their samples, then the buckets
 * with every name they cover. */
bool prof_report_render(const ProfPrf *p, const ProfMap *map, const ProfReportOptions *o,
                        ProfBuf *out);

/* The histogram as an SVG plot (bars per bucket, axes, the routines' names from map if given);
 * tally (or NULL) gives the counts in full. */
bool prof_plot_svg(const ProfPrf *p, const ProfPrfTally *tally, const ProfMap *map, const char *title,
                   ProfBuf *out);

/* `emu86 report FILE [options]` (argv[0] is "report"): a .PRF (with its sidecar, a map, the
 * program for names) or an exact profile in callgrind format (flat profile and call graph).
 * Returns 0, 1 (unreadable or invalid input, unwritable output) or 2 (bad usage). */
int prof_report_main(int argc, char **argv);

/* `emu86 annotate PROFILE... [--program FILE] [--map FILE] [--top N] [--routine NAME]`: the
 * hottest routines disassembled with the samples and clocks of each instruction. Returns 0,
 * 1 (input, output) or 2 (usage). */
int prof_annotate_main(int argc, char **argv);

/* `emu86 diff OLD NEW [--threshold POINTS] [--total-threshold PCT] [--by routine|bucket]`: two
 * profiles (two .PRF or two exact profiles) compared per routine. Returns 0 (no share moved by
 * more than the threshold), 1 (one did, or the total did) or 2 (usage, input, output). */
int prof_diff_main(int argc, char **argv);

/* ------------------------------------------------------------------------------------------ */
/* Exact profile                                                                               */

/* The collector of every cycle. Feed, for each instruction that ends, prof_exact_insn with its
 * own start address and clocks; then, if it transferred control as a call (CALL, INT, a
 * hardware interrupt taken after it), prof_exact_call, or as a return (RET, RETF, IRET),
 * prof_exact_ret. A function is named by its entry address (the call's target). Returns pop
 * the shadow stack down to the frame whose return address matches; a return that matches no
 * frame is a jump (e.g. PUSH + RET) and pops nothing. */
typedef struct ProfExact ProfExact;

typedef enum { PROF_CALL_NEAR, PROF_CALL_FAR, PROF_CALL_INT } ProfCallKind;

ProfExact *prof_exact_new(uint16_t entry_cs, uint16_t entry_ip);
void prof_exact_free(ProfExact *e);
void prof_exact_insn(ProfExact *e, uint16_t cs, uint16_t ip, uint32_t cycles);
/* The same with an instruction count: 0 for clocks that belong to an address but are no new
 * instruction (a REP iteration after the first, an interrupt's entry sequence, a HLT's wait). */
void prof_exact_insns(ProfExact *e, uint16_t cs, uint16_t ip, uint32_t cycles, uint32_t insns);
/* site: the calling instruction (for a hardware interrupt: the interrupted one); target: the
 * first instruction of the callee; ret: where the matching return will go. */
void prof_exact_call(ProfExact *e, uint16_t site_cs, uint16_t site_ip, uint16_t target_cs,
                     uint16_t target_ip, uint16_t ret_cs, uint16_t ret_ip, ProfCallKind kind);
void prof_exact_ret(ProfExact *e, uint16_t to_cs, uint16_t to_ip);
uint64_t prof_exact_total_cycles(const ProfExact *e);
uint64_t prof_exact_total_insns(const ProfExact *e);

/* How addresses get names: symbols of map (program-relative) placed at linear address base
 * and valid below base + size; then the entry points of sys; other addresses are SSSS:OOOO. */
typedef struct ProfNamer {
    const ProfMap *map;
    uint32_t base, size;
    const ProfMap *sys; /* or NULL: names of entry points at linear addresses (e.g. the
                         * handlers of the interrupt vectors, "INT_21h"), used for a
                         * function that starts exactly there */
} ProfNamer;

/* callgrind format (events Cycles Instructions; calls= lines with inclusive costs), for
 * callgrind_annotate and KCachegrind. file names the program (fl=), cmd the command line in
 * the header (cmd:); either may be NULL. */
bool prof_exact_callgrind(const ProfExact *e, const ProfNamer *n, const char *file, const char *cmd,
                          ProfBuf *out);
/* Folded stacks: "outer;inner;leaf cycles", one line per stack, sorted. */
bool prof_exact_folded(const ProfExact *e, const ProfNamer *n, ProfBuf *out);

/* ------------------------------------------------------------------------------------------ */
/* A profiling session on the running machine                                                 */
/*                                                                                            */
/* The part of the library that attaches to the machine (emu/) and DOS (dos-hle/): the         */
/* profiling timer and its sampling rule, the .PRF, the UNIX profil buffer, the exact profile  */
/* (through the CPU's execution observer), the guest-callable profil service on INT 2Fh, and  */
/* the output files, written when the run has ended, whichever way it ended.                  */

typedef struct EmuMachine EmuMachine;
typedef struct Dos Dos;

/* The guest-callable profil service: INT 2Fh with AH = PROF_GUEST_MUX (docs/profiler.md).
 *   AL=00h installation check: AL=FFh, BX=4650h ("PF"), CX=0100h (interface 1.0).
 *   AL=01h profil: ES:BX -> ProfGuestArgs; CF clear and AX=0, or CF set and AX=22 (EINVAL: bad
 *          flavour, pc mode or scale) or 14 (EFAULT: buffer outside RAM). A buffer size or a
 *          scale that turns profiling off stops it (profil(0,0,0,0)).
 *   AL=02h ticks: DX:AX = profiling ticks counted in the guest's buffer since its last AL=01h.
 * The layout of the 18-byte argument block (little-endian): */
enum { PROF_GUEST_MUX = 0xC0, PROF_GUEST_ARGS_SIZE = 18 };
typedef struct ProfGuestArgs {
    uint16_t buf_off, buf_seg; /* +0: far pointer to the buffer of 16-bit counters */
    uint32_t bufsiz;           /* +4: its size in bytes */
    uint32_t offset;           /* +8: pc offset (linear, or IP with pc_mode 1) */
    uint32_t scale;            /* +12: 16.16 fixed-point (0x10000 = 1; System V: 16 bits) */
    uint8_t flavour;           /* +16: 0 System V, 1 OSF/1, 2 4.4BSD, 3 Linux */
    uint8_t pc_mode;           /* +17: 0 the 20-bit linear address, 1 IP */
} ProfGuestArgs;

typedef struct ProfSessionConfig {
    const char *program;        /* the program's host path: names the default .PRF */
    const char *command;        /* the command line, for the callgrind header (may be NULL) */
    /* PROFIL */
    const char *prf_path;       /* NULL: none; "": fname.PRF in the current folder */
    uint32_t grain_us;          /* >= 60: the profiling timer's interval */
    uint32_t bucket_paras;      /* >= 1 */
    bool sample_exact;          /* the executing instruction, not what an IRQ0 would push */
    /* UNIX profil (host side) */
    const char *unix_path;      /* NULL: none */
    ProfUnixFlavour flavour;
    ProfPcMode pc_mode;
    bool offset_set, scale_set, bufsiz_set; /* otherwise: defaults covering the program */
    uint32_t offset, scale, bufsiz;
    const ProfUnixRange *ranges; /* OSF/1 extended form (offset = lowpc), any order */
    int nranges;
    /* exact profile */
    const char *callgrind_path, *folded_path;
    /* views */
    const char *plot_path;
    const char *map_path;
    uint32_t map_origin;        /* bytes subtracted from every map address */
    bool live_prf;              /* keep the histogram without writing it (a window shows it) */
} ProfSessionConfig;

typedef struct ProfSession ProfSession;

/* Check the configuration and read the map. NULL with a one-line message on a bad value or an
 * unreadable map. */
ProfSession *prof_session_new(const ProfSessionConfig *cfg, char *err, size_t errlen);
void prof_session_free(ProfSession *s);

/* Can every output file be written (its folder exists and is writable, it is not a folder)?
 * Checked before the run, so that a long run does not end in a lost profile. */
bool prof_session_check_outputs(const ProfSession *s, char *err, size_t errlen);

/* Attach before emu_machine_run, once the program is loaded: the start hook (the profiling
 * clock starts with the program's first instruction, as PROFIL's did) and the INT 2Fh profil
 * service. False with a message when the histogram cannot be made for this program (e.g. more
 * than 65535 buckets). */
bool prof_session_attach(ProfSession *s, Dos *dos, EmuMachine *m, char *err, size_t errlen);

/* After the run, however it ended: write every output (each to a temporary name, then renamed).
 * Calls msg once per file that could not be written; returns false if any. */
typedef void (*ProfMessageFn)(void *ctx, const char *line);
bool prof_session_finish(ProfSession *s, ProfMessageFn msg, void *ctx);

/* One line saying what was written (for a terminal), e.g.
 * "hello.PRF: 1234 samples (program 1000, DOS 200, I/O 30, high 4)"; "" when nothing was. */
void prof_session_summary(const ProfSession *s, char *buf, size_t len);

/* The live histogram (NULL until the program has started or without one), the map (or NULL),
 * and the number of ticks so far: for a window that draws the profile as it grows. */
const ProfPrf *prof_session_prf(const ProfSession *s);
const ProfMap *prof_session_map(const ProfSession *s);
uint64_t prof_session_ticks(const ProfSession *s);

#endif
