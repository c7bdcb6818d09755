/* Calendar arithmetic for DOS dates (proleptic Gregorian, 1980 onwards). */
#include "dos_time.h"
#include "emu.h"
#include "dos.h"

#include <stdio.h>

static bool leap(int y) { return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0; }

int dos_days_in_month(int y, int m) {
    static const uint8_t d[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    if (m < 1 || m > 12) return 0;
    return d[m - 1] + (m == 2 && leap(y));
}

void dos_time_from_centis(uint64_t centis, DosDateTime *t) {
    uint64_t days = centis / 8640000u;
    uint32_t rest = (uint32_t)(centis % 8640000u);
    t->hund = (uint8_t)(rest % 100);
    rest /= 100;
    t->sec = (uint8_t)(rest % 60);
    rest /= 60;
    t->min = (uint8_t)(rest % 60);
    t->hour = (uint8_t)(rest / 60);
    t->wday = (uint8_t)((days + 2) % 7); /* 1980-01-01 was a Tuesday */
    /* 1980-2107 spans 46,752 days; a clock past that wraps as a DOS date field would */
    days %= 46752u;
    int y = 1980;
    for (;;) {
        int n = leap(y) ? 366 : 365;
        if (days < (uint64_t)n) break;
        days -= (uint64_t)n;
        y++;
    }
    int m = 1;
    while (days >= (uint64_t)dos_days_in_month(y, m)) {
        days -= (uint64_t)dos_days_in_month(y, m);
        m++;
    }
    t->year = (uint16_t)y;
    t->month = (uint8_t)m;
    t->day = (uint8_t)(days + 1);
}

bool dos_time_to_centis(const DosDateTime *t, uint64_t *centis) {
    if (t->year < 1980 || t->year > 2099 || t->month < 1 || t->month > 12 || t->day < 1 ||
        t->day > dos_days_in_month(t->year, t->month) || t->hour > 23 || t->min > 59 ||
        t->sec > 59 || t->hund > 99)
        return false;
    uint64_t days = 0;
    for (int y = 1980; y < t->year; y++) days += leap(y) ? 366u : 365u;
    for (int m = 1; m < t->month; m++) days += (uint64_t)dos_days_in_month(t->year, m);
    days += (uint64_t)(t->day - 1);
    *centis = ((days * 24u + t->hour) * 60u + t->min) * 6000u + t->sec * 100u + t->hund;
    return true;
}

uint16_t dos_pack_time(const DosDateTime *t) {
    return (uint16_t)(t->hour << 11 | t->min << 5 | t->sec / 2);
}

uint16_t dos_pack_date(const DosDateTime *t) {
    return (uint16_t)((t->year - 1980) << 9 | t->month << 5 | t->day);
}

int64_t dos_unpack_seconds(uint16_t date, uint16_t time) {
    DosDateTime t = {0};
    t.year = (uint16_t)(1980 + (date >> 9));
    t.month = (uint8_t)(date >> 5 & 15);
    t.day = (uint8_t)(date & 31);
    t.hour = (uint8_t)(time >> 11);
    t.min = (uint8_t)(time >> 5 & 63);
    t.sec = (uint8_t)((time & 31) * 2);
    uint64_t c;
    if (!dos_time_to_centis(&t, &c)) return 0;
    return (int64_t)(c / 100);
}

uint64_t dos_master_to_centis(uint64_t master) {
    /* 14,318,180 master periods a second: centis = master * 100 / 14318180 without overflow */
    return master / 14318180u * 100u + (master % 14318180u) * 100u / 14318180u;
}

bool dos_parse_epoch(const char *s, int64_t *epoch) {
    unsigned y, mo, dd, h = 0, mi = 0, se = 0;
    char sep = 0, tail = 0;
    int n = sscanf(s, "%4u-%2u-%2u%c%2u:%2u:%2u%c", &y, &mo, &dd, &sep, &h, &mi, &se, &tail);
    if (n == 6) se = 0;
    if (!(n == 3 || n == 6 || n == 7) || (n > 3 && sep != ' ' && sep != 'T')) {
        n = sscanf(s, "%4u-%2u-%2u%c%2u:%2u%c", &y, &mo, &dd, &sep, &h, &mi, &tail);
        if (n != 6 || (sep != ' ' && sep != 'T')) return false;
        se = 0;
    }
    DosDateTime t = {.year = (uint16_t)y, .month = (uint8_t)mo, .day = (uint8_t)dd,
                     .hour = (uint8_t)h, .min = (uint8_t)mi, .sec = (uint8_t)se};
    if (y > 2099 || mo > 12 || dd > 31 || h > 23 || mi > 59 || se > 59) return false;
    uint64_t c;
    if (!dos_time_to_centis(&t, &c)) return false;
    *epoch = (int64_t)(c / 100);
    return true;
}
