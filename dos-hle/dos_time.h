/* DOS date and time from the virtual clock: seconds since 1980-01-01 00:00:00 (DOS's own
 * first day), no time zones, no host clock. */
#ifndef EMU86_DOS_TIME_H
#define EMU86_DOS_TIME_H

#include <stdbool.h>
#include <stdint.h>

typedef struct DosDateTime {
    uint16_t year;              /* 1980-2107 */
    uint8_t month, day, wday;   /* wday: 0 = Sunday */
    uint8_t hour, min, sec, hund;
} DosDateTime;

/* Centiseconds since 1980-01-01 00:00:00.00 -> calendar (years past 2107 wrap to 1980). */
void dos_time_from_centis(uint64_t centis, DosDateTime *t);
/* Calendar -> centiseconds since 1980; false when the date is not a real one (1980-2099). */
bool dos_time_to_centis(const DosDateTime *t, uint64_t *centis);
/* Days in a month (1-12) of a year. */
int dos_days_in_month(int year, int month);
/* Packed directory-entry forms: time = h<<11 | m<<5 | s/2, date = (y-1980)<<9 | m<<5 | d. */
uint16_t dos_pack_time(const DosDateTime *t);
uint16_t dos_pack_date(const DosDateTime *t);
/* Seconds since 1980 from a packed date and time (for host file times); 0 if invalid. */
int64_t dos_unpack_seconds(uint16_t date, uint16_t time);

/* Master clock periods (14.31818 MHz) -> centiseconds. */
uint64_t dos_master_to_centis(uint64_t master);

/* Seconds between 1970-01-01 (UNIX) and 1980-01-01 (DOS). */
#define DOS_UNIX_OFFSET 315532800LL

#endif
