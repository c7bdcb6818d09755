/* Handles (dos_files.c): the SFT and each process's JFT, open, read, write, seek, dup, and
 * what the other files share of them (guest paths, host times, attributes). */
#ifndef EMU86_DOS_FILES_H
#define EMU86_DOS_FILES_H

#include "dos_sandbox.h"
#include "dos_state.h"

uint32_t dos_jft_addr(const Dos *d, uint16_t psp, uint16_t *count);
void dos_files_init(Dos *d);
void dos_fn_files(Dos *d, uint8_t ah); /* 3Ch-46h, 5Ah, 5Bh, 57h, 41h, 43h, 56h */
int dos_handle_sft(Dos *d, uint16_t handle); /* SFT index or -1 */
uint16_t dos_handle_read(Dos *d, uint16_t handle, uint16_t seg, uint16_t off, uint16_t n, uint16_t *got);
uint16_t dos_handle_write(Dos *d, uint16_t handle, uint16_t seg, uint16_t off, uint16_t n, uint16_t *put);
uint16_t dos_handle_read_bytes(Dos *d, uint16_t handle, uint8_t *buf, uint16_t n, uint16_t *got);
uint16_t dos_handle_write_bytes(Dos *d, uint16_t handle, const uint8_t *buf, uint16_t n, uint16_t *put);
void dos_close_process_files(Dos *d, uint16_t psp);
/* Close every file still open, stamping the written ones with DOS's clock, as DOS would at
 * the end (it needs the machine: dos_free calls it before the machine is freed). */
void dos_close_all_files(Dos *d);
void dos_sft_ref(Dos *d, int idx);
uint16_t dos_path_from_guest(Dos *d, uint16_t seg, uint16_t off, bool wild, DosPath *p);
int dos_open_parent(Dos *d, const DosPath *p, uint16_t *err);
void dos_stamp_now(Dos *d, uint16_t *date, uint16_t *time);
/* Set a host file's times to a DOS time (seconds since 1980, taken as UTC). */
void dos_set_host_time(int fd, int64_t dos_seconds);
void dos_file_datetime(int64_t unix_mtime, uint16_t *date, uint16_t *time);
uint8_t dos_attr_of(const DosDirEntry *e);

#endif
