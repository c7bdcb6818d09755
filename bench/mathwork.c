/* mathwork.c: a benchmark guest for bench/realwork.sh, built with Microsoft C 5.1 (CL) under
 * emu86 at bench time, and the C file CL compiles as a workload. Integer arithmetic on
 * data that varies from one iteration to the next, so MUL and DIV see ever-different
 * operands: 16- and 32-bit linear congruential generators, string hashes, long division and
 * remainders (the run-time library's 32-bit helpers), Euclid's GCD, a sieve and trial
 * division, integer square roots, number-to-text conversion, block moves and compares.
 * It prints one checksum per part; the same arguments give the same output.
 *     MATHWORK [ROUNDS]       (default 4)
 * C89 for a 1987 compiler: declarations at block starts, no // comments. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SIEVE_N 8000
#define BUF_N 512

static unsigned char sieve_flags[SIEVE_N + 1];
static unsigned char buf_a[BUF_N];
static unsigned char buf_b[BUF_N];
static char text[40];

static unsigned seed16 = 1;
static unsigned long seed32 = 12345L;

/* x = x * 25173 + 13849 (mod 2^16): MUL with a varying multiplicand */
static unsigned rand16(void)
{
    seed16 = seed16 * 25173u + 13849u;
    return seed16;
}

/* the ANSI C example generator, in 32 bits: the library's long multiply */
static unsigned long rand32(void)
{
    seed32 = seed32 * 1103515245L + 12345L;
    return seed32;
}

/* djb2 over a zero-terminated string */
static unsigned hash_djb2(const char *s)
{
    unsigned h = 5381;
    while (*s)
        h = h * 33 + (unsigned char)*s++;
    return h;
}

/* a multiplicative hash of a block, with a varying multiplier */
static unsigned hash_block(const unsigned char *p, unsigned n, unsigned mult)
{
    unsigned h = 0;
    unsigned i;
    for (i = 0; i < n; i++)
        h = (h ^ p[i]) * (mult | 1);
    return h;
}

static unsigned gcd(unsigned a, unsigned b)
{
    while (b != 0) {
        unsigned t = a % b;
        a = b;
        b = t;
    }
    return a;
}

/* the integer square root by Newton's method: a DIV per step */
static unsigned isqrt(unsigned long n)
{
    unsigned long x, y;
    if (n < 2)
        return (unsigned)n;
    x = n;
    y = (x + 1) / 2;
    while (y < x) {
        x = y;
        y = (x + n / x) / 2;
    }
    return (unsigned)x;
}

/* n in base b (2..16) into text, most significant digit first */
static int to_base(unsigned long n, unsigned b, char *out)
{
    char tmp[34];
    int len = 0, i;
    do {
        tmp[len++] = "0123456789ABCDEF"[(int)(n % b)];
        n /= b;
    } while (n != 0);
    for (i = 0; i < len; i++)
        out[i] = tmp[len - 1 - i];
    out[len] = '\0';
    return len;
}

/* long division of a multi-digit decimal number (a string) by a small divisor, by hand */
static unsigned long_divide(const char *num, unsigned divisor, char *quot)
{
    unsigned rem = 0;
    int q = 0;
    while (*num) {
        unsigned cur = rem * 10 + (unsigned)(*num++ - '0');
        unsigned digit = cur / divisor;
        rem = cur % divisor;
        if (q > 0 || digit != 0)
            quot[q++] = (char)('0' + digit);
    }
    if (q == 0)
        quot[q++] = '0';
    quot[q] = '\0';
    return rem;
}

static unsigned sieve(void)
{
    unsigned i, j, count = 0;
    memset(sieve_flags, 1, sizeof sieve_flags);
    sieve_flags[0] = sieve_flags[1] = 0;
    for (i = 2; i * i <= SIEVE_N; i++)
        if (sieve_flags[i])
            for (j = i * i; j <= SIEVE_N; j += i)
                sieve_flags[j] = 0;
    for (i = 0; i <= SIEVE_N; i++)
        count += sieve_flags[i];
    return count;
}

/* primality by trial division: % with every odd divisor up to the root */
static int is_prime(unsigned long n)
{
    unsigned long d;
    if (n < 2)
        return 0;
    if (n % 2 == 0)
        return n == 2;
    for (d = 3; d * d <= n; d += 2)
        if (n % d == 0)
            return 0;
    return 1;
}

static unsigned part_rand(unsigned n)
{
    unsigned i, acc = 0;
    for (i = 0; i < n; i++) {
        unsigned r = rand16();
        acc += r / (unsigned)(1 + (i & 255));
        acc ^= (unsigned)(rand32() >> 16) % (unsigned)(3 + (r & 1023));
    }
    return acc;
}

static unsigned part_hash(unsigned n)
{
    unsigned i, acc = 0;
    for (i = 0; i < n; i++) {
        to_base(rand32(), 2 + i % 15, text);
        acc += hash_djb2(text);
    }
    for (i = 0; i < BUF_N; i++)
        buf_a[i] = (unsigned char)rand16();
    for (i = 0; i < 64; i++)
        acc ^= hash_block(buf_a, BUF_N, rand16());
    return acc;
}

static unsigned part_divide(unsigned n)
{
    char num[40], quot[40];
    unsigned i, acc = 0;
    for (i = 0; i < n; i++) {
        unsigned long a = rand32(), b = (rand32() >> 12) + 1;
        acc += (unsigned)(a / b) ^ (unsigned)(a % b);
        acc += gcd(rand16() | 1, (unsigned)(b & 0xFFFF) | 1);
        acc += isqrt(a >> (i & 7));
        sprintf(num, "%lu%lu", rand32(), a);
        acc += long_divide(num, 7 + (i % 89), quot);
        acc += (unsigned)strlen(quot);
    }
    return acc;
}

static unsigned part_primes(unsigned n)
{
    unsigned i, acc = sieve();
    unsigned long base = 100000L;
    for (i = 0; i < n; i++)
        if (is_prime(base + (unsigned long)rand16()))
            acc += i;
    return acc;
}

static unsigned part_blocks(unsigned n)
{
    unsigned i, acc = 0;
    for (i = 0; i < n; i++) {
        unsigned len = 1 + rand16() % (BUF_N - 1);
        unsigned from = rand16() % (BUF_N - len + 1);
        memcpy(buf_b, buf_a + from, len);
        memmove(buf_a + 1, buf_a, BUF_N - 1);
        acc += (unsigned)memcmp(buf_a, buf_b, len) + len;
    }
    return acc;
}

int main(int argc, char **argv)
{
    int rounds = argc > 1 ? atoi(argv[1]) : 4;
    int r;
    unsigned sum[5];
    memset(sum, 0, sizeof sum);
    for (r = 0; r < rounds; r++) {
        sum[0] += part_rand(4000);
        sum[1] += part_hash(600);
        sum[2] += part_divide(500);
        sum[3] += part_primes(300);
        sum[4] += part_blocks(400);
    }
    printf("rand %u\nhash %u\ndivide %u\nprimes %u\nblocks %u\n", sum[0], sum[1], sum[2],
           sum[3], sum[4]);
    return 0;
}
