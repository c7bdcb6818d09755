/* BIGFILE.C - large model: a 150 KiB file written and read back with seeks past 64 KiB, then
 * the far heap grown from DOS (48h, 4Ah) until memory runs out. */
#include <stdio.h>
#include <stdlib.h>
#include <malloc.h>
#include <string.h>

int main(void)
{
    FILE *f;
    long i, pos;
    char far *blocks[40];
    int n = 0;
    unsigned j, sum = 0;
    unsigned char buf[512];

    f = fopen("BIG.DAT", "wb");
    for (i = 0; i < 300; i++) {
        memset(buf, (int)(i & 0xFF), sizeof buf);
        fwrite(buf, 1, sizeof buf, f);
    }
    fclose(f);
    f = fopen("BIG.DAT", "rb");
    fseek(f, 0L, SEEK_END);
    pos = ftell(f);
    fseek(f, 200L * 512 + 7, SEEK_SET);
    fread(buf, 1, 4, f);
    printf("size %ld, byte at 200*512+7: %d\n", pos, buf[0]);
    fseek(f, -513L, SEEK_END);
    fread(buf, 1, 2, f);
    printf("bytes at end-513: %d %d\n", buf[0], buf[1]);
    fclose(f);
    remove("BIG.DAT");
    while (n < 40 && (blocks[n] = _fmalloc(16000)) != NULL) {
        for (j = 0; j < 16000; j++)
            blocks[n][j] = (char)n;
        n++;
    }
    for (i = 0; i < n; i++)
        sum += (unsigned char)blocks[i][15999];
    printf("%d far blocks of 16000 bytes, sum %u\n", n, sum);
    return 0;
}
