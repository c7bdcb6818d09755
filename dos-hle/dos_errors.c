/* DOS error codes: names, and the class / action / locus of AH=59h (MS-DOS 3.x values). */
#include "dos_errors.h"

/* classes */
enum { CL_OUT_OF_RES = 1, CL_TEMP = 2, CL_AUTH = 3, CL_INTERNAL = 4, CL_APP = 7, CL_NOT_FOUND = 8,
       CL_BAD_FORMAT = 9, CL_LOCKED = 10, CL_MEDIA = 11, CL_EXISTS = 12, CL_UNKNOWN = 13 };
/* actions */
enum { AC_RETRY = 1, AC_ABORT = 4, AC_IMMEDIATE_EXIT = 5, AC_USER = 7 };
/* locus */
enum { LO_UNKNOWN = 1, LO_BLOCK = 2, LO_NET = 3, LO_SERIAL = 4, LO_MEMORY = 5 };

static const struct {
    uint16_t code;
    uint8_t cls, action, locus;
    const char *name;
} table[] = {
    {DOSERR_BAD_FUNCTION, CL_APP, AC_ABORT, LO_UNKNOWN, "invalid function"},
    {DOSERR_FILE_NOT_FOUND, CL_NOT_FOUND, AC_USER, LO_BLOCK, "file not found"},
    {DOSERR_PATH_NOT_FOUND, CL_NOT_FOUND, AC_USER, LO_BLOCK, "path not found"},
    {DOSERR_TOO_MANY_OPEN, CL_OUT_OF_RES, AC_ABORT, LO_UNKNOWN, "too many open files"},
    {DOSERR_ACCESS_DENIED, CL_AUTH, AC_USER, LO_UNKNOWN, "access denied"},
    {DOSERR_BAD_HANDLE, CL_APP, AC_ABORT, LO_UNKNOWN, "invalid handle"},
    {DOSERR_MCB_DESTROYED, CL_APP, AC_IMMEDIATE_EXIT, LO_MEMORY, "memory control blocks destroyed"},
    {DOSERR_NO_MEMORY, CL_OUT_OF_RES, AC_ABORT, LO_MEMORY, "insufficient memory"},
    {DOSERR_BAD_BLOCK, CL_APP, AC_ABORT, LO_MEMORY, "invalid memory block address"},
    {DOSERR_BAD_ENVIRONMENT, CL_APP, AC_ABORT, LO_MEMORY, "invalid environment"},
    {DOSERR_BAD_FORMAT, CL_BAD_FORMAT, AC_USER, LO_MEMORY, "invalid format"},
    {DOSERR_BAD_ACCESS, CL_APP, AC_ABORT, LO_UNKNOWN, "invalid access code"},
    {DOSERR_BAD_DATA, CL_BAD_FORMAT, AC_ABORT, LO_UNKNOWN, "invalid data"},
    {DOSERR_BAD_DRIVE, CL_NOT_FOUND, AC_USER, LO_BLOCK, "invalid drive"},
    {DOSERR_REMOVE_CURDIR, CL_AUTH, AC_USER, LO_BLOCK, "attempt to remove the current directory"},
    {DOSERR_NOT_SAME_DEVICE, CL_UNKNOWN, AC_USER, LO_BLOCK, "not the same device"},
    {DOSERR_NO_MORE_FILES, CL_NOT_FOUND, AC_USER, LO_BLOCK, "no more files"},
    {DOSERR_WRITE_PROTECT, CL_MEDIA, AC_USER, LO_BLOCK, "disk write-protected"},
    {DOSERR_SEEK, CL_MEDIA, AC_RETRY, LO_BLOCK, "seek error"},
    {DOSERR_WRITE_FAULT, CL_MEDIA, AC_ABORT, LO_BLOCK, "write fault"},
    {DOSERR_READ_FAULT, CL_MEDIA, AC_ABORT, LO_BLOCK, "read fault"},
    {DOSERR_GENERAL, CL_UNKNOWN, AC_ABORT, LO_UNKNOWN, "general failure"},
    {DOSERR_SHARING, CL_LOCKED, AC_RETRY, LO_BLOCK, "sharing violation"},
    {DOSERR_FILE_EXISTS, CL_EXISTS, AC_USER, LO_BLOCK, "file exists"},
    {DOSERR_CANNOT_MAKE, CL_TEMP, AC_ABORT, LO_BLOCK, "cannot make directory entry"},
    {DOSERR_FAIL_INT24, CL_UNKNOWN, AC_ABORT, LO_UNKNOWN, "fail on INT 24h"},
};

void dos_error_info(uint16_t code, uint8_t *cls, uint8_t *action, uint8_t *locus) {
    for (unsigned i = 0; i < sizeof table / sizeof table[0]; i++) {
        if (table[i].code == code) {
            *cls = table[i].cls;
            *action = table[i].action;
            *locus = table[i].locus;
            return;
        }
    }
    *cls = CL_INTERNAL;
    *action = AC_ABORT;
    *locus = LO_UNKNOWN;
}

const char *dos_error_name(uint16_t code) {
    if (code == DOSERR_NONE) return "no error";
    for (unsigned i = 0; i < sizeof table / sizeof table[0]; i++)
        if (table[i].code == code) return table[i].name;
    return "unknown error";
}
