/* Default costs of DOS services and the cost file reader. The defaults are estimates of what
 * MS-DOS 2.x/3.x and IO.SYS spend on a 4.77 MHz PC (order of magnitude, not measurements),
 * fixed so that runs are reproducible; docs/dos.md lists them. */
#include "dos_cost.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void set_range(DosCosts *c, int lo, int hi, uint32_t v) {
    for (int i = lo; i <= hi; i++) c->fn[i] = v;
}

void dos_costs_default(DosCosts *c) {
    memset(c, 0, sizeof *c);
    c->call = 250;
    c->per_byte = 12;
    c->int20 = 2000;
    c->int2f = 60;
    c->io_char = 180;
    c->io_request = 500;
    c->io_sector = 400;
    c->io_clock = 300;
    c->bios_disk = 1;
    c->bios_clock = 1;
    set_range(c, 0x00, 0xFF, 100);
    set_range(c, 0x01, 0x0C, 150);   /* console */
    c->fn[0x0A] = 300;
    set_range(c, 0x0F, 0x17, 3000);  /* FCB directory work */
    c->fn[0x14] = c->fn[0x15] = 1200;
    set_range(c, 0x21, 0x24, 1200);
    c->fn[0x27] = c->fn[0x28] = 1200;
    c->fn[0x29] = 400;
    set_range(c, 0x2A, 0x2D, 400);
    c->fn[0x30] = 50;
    set_range(c, 0x39, 0x3D, 4000);  /* paths: parse, search directories */
    c->fn[0x3E] = 800;
    c->fn[0x3F] = c->fn[0x40] = 600;
    c->fn[0x41] = c->fn[0x43] = c->fn[0x56] = 4000;
    c->fn[0x42] = 300;
    c->fn[0x44] = 200;
    c->fn[0x45] = c->fn[0x46] = 300;
    c->fn[0x47] = 500;
    set_range(c, 0x48, 0x4A, 600);
    c->fn[0x4B] = 20000;
    c->fn[0x4C] = 2000;
    c->fn[0x4E] = c->fn[0x4F] = 3000;
    c->fn[0x5A] = c->fn[0x5B] = 4000;
}

static bool parse_num(const char *s, uint32_t *v) {
    char *end;
    errno = 0;
    unsigned long x = strtoul(s, &end, 0);
    if (errno || end == s || *end || x > 100000000ul) return false;
    *v = (uint32_t)x;
    return true;
}

bool dos_costs_load(DosCosts *c, const char *path, char *err, size_t errlen) {
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(err, errlen, "%s: cannot read the cost file (%s)", path, strerror(errno));
        return false;
    }
    static const struct { const char *key; size_t off; } keys[] = {
        {"call", offsetof(DosCosts, call)}, {"per_byte", offsetof(DosCosts, per_byte)},
        {"int20", offsetof(DosCosts, int20)}, {"int2f", offsetof(DosCosts, int2f)},
        {"io.char", offsetof(DosCosts, io_char)}, {"io.request", offsetof(DosCosts, io_request)},
        {"io.sector", offsetof(DosCosts, io_sector)}, {"io.clock", offsetof(DosCosts, io_clock)},
        {"bios.disk", offsetof(DosCosts, bios_disk)}, {"bios.clock", offsetof(DosCosts, bios_clock)},
    };
    char line[256];
    int ln = 0;
    bool ok = true;
    while (ok && fgets(line, sizeof line, f)) {
        ln++;
        char *h = strchr(line, '#');
        if (h) *h = 0;
        char key[64], val[64], extra[8];
        int n = sscanf(line, "%63s %63s %7s", key, val, extra);
        if (n <= 0) continue;
        uint32_t v;
        if (n != 2 || !parse_num(val, &v)) {
            snprintf(err, errlen, "%s:%d: expected 'key value' with a number", path, ln);
            ok = false;
            break;
        }
        bool known = false;
        for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
            if (!strcmp(key, keys[i].key)) {
                *(uint32_t *)((char *)c + keys[i].off) = v;
                known = true;
            }
        }
        if (!known && !strncmp(key, "fn.", 3)) {
            char *end;
            unsigned long ah = strtoul(key + 3, &end, 16);
            if (*end || end == key + 3 || ah > 0xFF) {
                snprintf(err, errlen, "%s:%d: fn.XX needs a hex function number", path, ln);
                ok = false;
                break;
            }
            c->fn[ah] = v;
            known = true;
        }
        if (!known) {
            snprintf(err, errlen, "%s:%d: unknown cost '%s'", path, ln, key);
            ok = false;
        }
    }
    fclose(f);
    return ok;
}
