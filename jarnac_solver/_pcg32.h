/* The game's portable random generator in C: PCG32 (PCG-XSH-RR, 64-bit state, 32-bit output), the steps of
 * jarnac_solver/rng.py and docs/rules.md ("The draws' generator"), shared by every compiled lane.
 *
 * Seeding from a seed's text (SHA-256 of it, the first sixteen bytes as two little-endian words) is done in
 * Python (rng.py) and the state handed over: a lane reads a Pcg32's (state, inc), draws, and writes them back.
 * Plain C, no Python: tests/test_rng.py compiles it alone against the vectors of docs/rules.md.
 */
#ifndef JARNAC_PCG32_H
#define JARNAC_PCG32_H

#include <stdint.h>

typedef struct {
    uint64_t state;
    uint64_t inc; /* odd: the stream */
} Pcg32;

/* pcg32_random_r: the next 32-bit output. */
static inline uint32_t pcg32_next(Pcg32 *g) {
    uint64_t old = g->state;
    g->state = old * 6364136223846793005ULL + g->inc;
    uint32_t x = (uint32_t)(((old >> 18u) ^ old) >> 27u);
    uint32_t rot = (uint32_t)(old >> 59u);
    return (x >> rot) | (x << ((-rot) & 31u));
}

/* pcg32_srandom_r(initstate, initseq). */
static inline void pcg32_seed(Pcg32 *g, uint64_t initstate, uint64_t initseq) {
    g->state = 0u;
    g->inc = (initseq << 1u) | 1u;
    pcg32_next(g);
    g->state += initstate;
    pcg32_next(g);
}

/* pcg32_boundedrand_r: a number in [0, n) for 1 <= n <= 2**32 - 1 (outputs below 2**32 mod n drawn again). */
static inline uint32_t pcg32_below(Pcg32 *g, uint32_t n) {
    uint32_t threshold = (uint32_t)(-n) % n;
    for (;;) {
        uint32_t r = pcg32_next(g);
        if (r >= threshold) return r % n;
    }
}

/* Pcg32.shuffle: Fisher-Yates from the end, x[i] swapped with x[below(i + 1)]. */
static inline void pcg32_shuffle_bytes(Pcg32 *g, uint8_t *x, uint32_t len) {
    for (uint32_t i = len ? len - 1 : 0; i > 0; i--) {
        uint32_t j = pcg32_below(g, i + 1);
        uint8_t t = x[i];
        x[i] = x[j];
        x[j] = t;
    }
}

/* Pcg32.sample(range(n), k) into out[0, k): a partial Fisher-Yates from the front on pool (n entries, the
   caller's scratch), pool[i] swapped with pool[i + below(n - i)]. 0 done, -1 for k out of [0, n]. */
static inline int pcg32_sample_indexes(Pcg32 *g, uint32_t n, uint32_t k, uint32_t *pool, uint32_t *out) {
    if (k > n) return -1;
    for (uint32_t i = 0; i < n; i++) pool[i] = i;
    for (uint32_t i = 0; i < k; i++) {
        uint32_t j = i + pcg32_below(g, n - i);
        uint32_t t = pool[i];
        pool[i] = pool[j];
        pool[j] = t;
        out[i] = pool[i];
    }
    return 0;
}

#endif
