/* DOS file names: 8.3 names, their 11-byte FCB form ("NAME    EXT"), wildcard matching, the
 * INT 21h AH=29h parser, device names, and canonical paths. Pure functions. */
#ifndef EMU86_DOS_NAMES_H
#define EMU86_DOS_NAMES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define DOS_MAX_PATH 128 /* an ASCIIZ path from the guest */
#define DOS_MAX_CWD 64   /* current directory, without drive and leading backslash */
#define DOS_MAX_DEPTH 32

/* Character devices known by name in any directory (with any extension). */
enum { DOS_DEV_NONE = 0, DOS_DEV_CON, DOS_DEV_AUX, DOS_DEV_PRN, DOS_DEV_NUL, DOS_DEV_CLOCK,
       DOS_DEV_COM1, DOS_DEV_LPT1, DOS_DEV_LPT2, DOS_DEV_LPT3, DOS_DEV_COM2 };

/* 8-byte device name as in its header ("CON     "), and its canonical form ("CON"). */
const char *dos_device_name(int dev);
void dos_device_name83(int dev, char out[13]);
/* The device an 11-byte FCB name (or a canonical NAME.EXT) names, or DOS_DEV_NONE. */
int dos_device_of_fcb(const uint8_t fcb11[11]);
int dos_device_of_name(const char *name83);

/* A character allowed in a file name (after upper-casing); wildcards are not. */
bool dos_name_char(uint8_t c);

/* "NAME.EXT" (canonical, upper case) <-> 11-byte FCB form. */
void dos_name_to_fcb(const char *name83, uint8_t fcb11[11]);
void dos_fcb_to_name(const uint8_t fcb11[11], char name83[13]);
/* Does the FCB-form name match the FCB-form pattern ('?' matches any character, also the
 * padding blanks)? */
bool dos_fcb_match(const uint8_t pattern[11], const uint8_t name[11]);
/* A host file name that is a valid 8.3 DOS name when upper-cased: its canonical form in out. */
bool dos_host_name_83(const char *host, char out[13]);

/* INT 21h AH=29h: parse a file name at s (n bytes available) into the FCB at fcb (drive byte
 * then 11 name bytes), with AL's control bits. Returns AL (00h no wildcards, 01h wildcards,
 * FFh invalid drive) and the count of bytes consumed in *used. valid_drive(d) tells if drive
 * d (1 = A) exists. */
uint8_t dos_parse_fcb_name(const uint8_t *s, size_t n, uint8_t ctl, uint8_t *fcb, size_t *used,
                           bool (*valid_drive)(void *ctx, int drive), void *ctx);

/* A canonical DOS path: drive (0 = A) and upper-case 8.3 components. */
typedef struct DosPath {
    int drive;
    int n;
    char comp[DOS_MAX_DEPTH][13];
    int device;  /* the last component names a device */
    bool wild;   /* the last component has wildcards (allowed only if asked) */
} DosPath;

/* Resolve a guest path against the current drive and that drive's current directory (cwd of
 * each drive: canonical "DIR\SUB" without leading backslash). '.' and '..' are resolved here;
 * '..' above the root fails. Returns 0 or a DOS error code (3 path not found, 2 file not
 * found for a bad final name, 15 invalid drive). */
uint16_t dos_path_resolve(const char *path, int cur_drive, const char *cwd_of_drive[26],
                          bool allow_wild, DosPath *out);
/* "C:\DIR\FILE.EXT" of a canonical path (comps [0, n)). */
void dos_path_format(const DosPath *p, int n, char *out, size_t len);

#endif
