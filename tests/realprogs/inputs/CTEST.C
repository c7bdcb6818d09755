/* CTEST.C - the Microsoft C 5.1 run-time library on DOS: files (text and binary, seek, tell,
 * rename, remove, access), folders, the environment, the date from the DOS clock, a child run
 * with spawnlp (EXEC) and one with system() (COMMAND.COM /C), then standard input sorted. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <process.h>
#include <direct.h>
#include <io.h>

static int cmp(const void *a, const void *b)
{
    return strcmp(*(char **)a, *(char **)b);
}

int main(void)
{
    FILE *f;
    char buf[128], *lines[50];
    int n = 0, i, rc;
    long pos;
    time_t t;
    struct tm *tm;

    f = fopen("DATA.TMP", "w");
    for (i = 0; i < 5; i++)
        fprintf(f, "record %d\n", i * i);
    fclose(f);
    f = fopen("DATA.TMP", "rb");
    fseek(f, 0L, SEEK_END);
    pos = ftell(f);
    fseek(f, 10L, SEEK_SET);
    fgets(buf, sizeof buf, f);
    fclose(f);
    printf("size %ld, second line: %s", pos, buf);
    rename("DATA.TMP", "DATA2.TMP");
    printf("after rename: %d %d\n", access("DATA.TMP", 0), access("DATA2.TMP", 0));
    remove("DATA2.TMP");
    printf("after remove: %d\n", access("DATA2.TMP", 0));
    mkdir("SUBDIR");
    chdir("SUBDIR");
    getcwd(buf, sizeof buf);
    printf("cwd %s\n", buf);
    chdir("..");
    rmdir("SUBDIR");
    printf("PATH=%s\n", getenv("PATH"));
    time(&t);
    tm = localtime(&t);
    printf("date %d-%02d-%02d\n", tm->tm_year + 1900, tm->tm_mon + 1, tm->tm_mday);
    fflush(stdout);
    rc = spawnlp(P_WAIT, "HELLO.EXE", "HELLO.EXE", "spawned", "child", NULL);
    printf("spawnlp returned %d\n", rc);
    fflush(stdout);
    rc = system("ECHO from system()");
    printf("system returned %d\n", rc);
    while (n < 50 && fgets(buf, sizeof buf, stdin))
        lines[n++] = strdup(buf);
    qsort(lines, n, sizeof lines[0], cmp);
    for (i = 0; i < n; i++)
        fputs(lines[i], stdout);
    return n;
}
