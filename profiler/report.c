/* prof_report_render: pick the format. */
#include "report_rows.h"

#include <string.h>

bool prof_format_parse(const char *name, ProfFormat *f) {
    if (!strcmp(name, "text")) *f = PROF_FMT_TEXT;
    else if (!strcmp(name, "csv")) *f = PROF_FMT_CSV;
    else if (!strcmp(name, "json")) *f = PROF_FMT_JSON;
    else return false;
    return true;
}

bool prof_report_render(const ProfPrf *p, const ProfMap *map, const ProfReportOptions *o,
                        ProfBuf *out) {
    ReportData d;
    if (!report_rows_build(&d, p, map, o)) {
        report_rows_free(&d);
        return false;
    }
    bool ok;
    switch (o->format) {
    case PROF_FMT_CSV: ok = report_csv(&d, out); break;
    case PROF_FMT_JSON: ok = report_json(&d, o->title, out); break;
    default: ok = report_text(&d, o->title, out); break;
    }
    report_rows_free(&d);
    return ok && !out->oom;
}
