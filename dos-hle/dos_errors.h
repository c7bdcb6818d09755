/* DOS error codes (INT 21h AX with carry set; AH=59h extended error), with the class, action
 * and locus that AH=59h reports for them. */
#ifndef EMU86_DOS_ERRORS_H
#define EMU86_DOS_ERRORS_H

#include <stdint.h>

enum {
    DOSERR_NONE = 0x00,
    DOSERR_BAD_FUNCTION = 0x01,
    DOSERR_FILE_NOT_FOUND = 0x02,
    DOSERR_PATH_NOT_FOUND = 0x03,
    DOSERR_TOO_MANY_OPEN = 0x04,
    DOSERR_ACCESS_DENIED = 0x05,
    DOSERR_BAD_HANDLE = 0x06,
    DOSERR_MCB_DESTROYED = 0x07,
    DOSERR_NO_MEMORY = 0x08,
    DOSERR_BAD_BLOCK = 0x09,
    DOSERR_BAD_ENVIRONMENT = 0x0A,
    DOSERR_BAD_FORMAT = 0x0B,
    DOSERR_BAD_ACCESS = 0x0C,
    DOSERR_BAD_DATA = 0x0D,
    DOSERR_BAD_DRIVE = 0x0F,
    DOSERR_REMOVE_CURDIR = 0x10,
    DOSERR_NOT_SAME_DEVICE = 0x11,
    DOSERR_NO_MORE_FILES = 0x12,
    DOSERR_WRITE_PROTECT = 0x13,
    DOSERR_SEEK = 0x19,
    DOSERR_WRITE_FAULT = 0x1D,
    DOSERR_READ_FAULT = 0x1E,
    DOSERR_GENERAL = 0x1F,
    DOSERR_SHARING = 0x20,
    DOSERR_FILE_EXISTS = 0x50,
    DOSERR_CANNOT_MAKE = 0x52,
    DOSERR_FAIL_INT24 = 0x53,
};

/* AH=59h: BH class, BL suggested action, CH locus for an error code. */
void dos_error_info(uint16_t code, uint8_t *cls, uint8_t *action, uint8_t *locus);
/* A short English name ("file not found") for messages and tests. */
const char *dos_error_name(uint16_t code);

#endif
