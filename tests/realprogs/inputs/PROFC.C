/* A C program for emu86's profiles (tests/realprogs, the profiles scenario): routines of
 * different weights (a sieve, a sort through the library's qsort, a checksum, formatting),
 * compiled by Microsoft C 5.1 under emu86, then profiled with and without its map. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 1500

static unsigned seed = 1;
static int values[N];
static char flags[4001];
static char text[64];

static unsigned next(void)
{
    seed = seed * 25173u + 13849u;
    return seed;
}

static int primes(int limit)
{
    int i, k, count = 0;
    memset(flags, 1, sizeof flags);
    for (i = 2; i <= limit; i++) {
        if (!flags[i])
            continue;
        count++;
        for (k = i + i; k <= limit; k += i)
            flags[k] = 0;
    }
    return count;
}

static int compare(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return x < y ? -1 : x > y;
}

static unsigned checksum(const int *v, int n)
{
    unsigned sum = 0;
    int i;
    for (i = 0; i < n; i++)
        sum = (sum << 1 | sum >> 15) ^ (unsigned)v[i];
    return sum;
}

int main(void)
{
    int round, i, count = 0;
    unsigned sum = 0, len = 0;
    for (round = 0; round < 6; round++) {
        count += primes(4000);
        for (i = 0; i < N; i++)
            values[i] = (int)(next() & 0x7FFF);
        qsort(values, N, sizeof values[0], compare);
        sum ^= checksum(values, N);
        for (i = 0; i < 200; i++)
            len += sprintf(text, "%d %u %x", values[i], sum, i);
    }
    printf("primes %d checksum %04X text %u\n", count, sum, len);
    return 0;
}
