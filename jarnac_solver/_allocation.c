/* jarnac_solver._allocation: the exact allocation searches in C: the branch and bound of best_jarnac
 * (moves/steal_search.py, optimise) and the ladder's allocation of the rack to chains (planning/ladder.py).
 *
 * Key idea: the same search, step for step: the same candidate entries in the same (stable) order, the same
 * knapsack bounds, the same cuts and memo; only the language changes.  So the plan found is the one the pure
 * search finds (tests/test_speedups.py compares them), and the pure search stays the reference.
 *
 * Speed tricks:
 * - a letter multiset is four 64-bit words of 8-bit counts (ranks 0..31), each count under a guard bit:
 *   "fits in what is left" is one OR, one subtraction and one AND a word (the Python code does the same on
 *   one big int with 7-bit fields);
 * - the candidates of a node are filtered from its parent's list into one arena, a level per word placed:
 *   no allocation in the search;
 * - the memo of new-word states is an open-addressing hash table keyed by (letters left, slots, seating).
 *
 * This file is also compiled into _speedups by _plan.c (JARNAC_ALLOCATION_EMBEDDED: no module of its own
 * there), whose plan_ladder in one call runs these searches on chains it makes in C.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#define WORDS 4   /* 4 x 8 lanes: ranks 0..31 */

/* The most states a memo holds (budget.MEMO_LIMIT; a test checks they agree): its table has at most twice as
   many slots (~70 MB of Memo, Done or Below entries).  A search that needs one more stops as at a deadline
   (its answer unproven), so that no input grows a search past a few hundred MB. */
#define MEMO_LIMIT ((size_t)1 << 20)
/* The slots a memo starts with (it doubles at half full). Small: most searches of a game are a few states (a
   planner's ladder on a 7-letter rack), and a table of 1024 slots cleared for each was a good part of the
   planner's compiled decisions (measured, benchmarks/bench_game.py); the answers do not depend on it. */
#define MEMO_START ((size_t)64)
#define GUARD 0x8080808080808080ull

typedef struct { uint64_t w[WORDS]; } Letters;

typedef struct {
    Letters packed;
    long first, second;
    int used, is_short, fits_last;
    PyObject *item;  /* borrowed from the entry tuple, which the caller's lists keep alive */
} Entry;

typedef struct {
    Letters left;
    int slots, places, flags;  /* flags: thief short, thief last ok, passer short, passer last ok */
    int used;                  /* 0: empty bucket */
    Py_ssize_t start;
    long first, second;
} Memo;

/* The deadline of a search and Ctrl-C: every 64th node, signals are checked (a KeyboardInterrupt stops the
   search, as it stops the Python one), and once a first plan is found (``armed``: the greedy first branch
   always gives an answer, even with a budget of 0), ``deadline.check``. */
typedef struct {
    PyObject *check;        /* deadline.check, or NULL */
    PyObject *out_of_time;  /* OutOfTime: caught, the search then stops with the best found, unproven */
    long calls;
    int armed;              /* a first plan is found: the deadline counts */
    int stopped;            /* 1: an error is set; 2: the deadline passed */
} Clock;

typedef struct {
    Entry **lines;        /* lines[i]: its entries, best first */
    Py_ssize_t *line_len;
    Py_ssize_t n_lines;
    Entry *words;         /* the new words, best first (position = j) */
    Py_ssize_t n_words;
    long **fb, **sb;      /* first_bound[i][letters], second_bound[i][letters] */
    int free_lines, passer_free, last_free_thief, last_free_passer;
    long best_first, best_second;
    PyObject **chosen;    /* the items chosen on the current path */
    int n_chosen;
    PyObject **best;      /* the items of the best plan */
    int n_best;
    Py_ssize_t *arena;    /* candidate positions, one level of n_words per word placed */
    int levels;
    Memo *memo;
    size_t memo_cap, memo_count;
    Clock clock;
} Search;

static int fits(const Letters *left, const Letters *item) {
    for (int k = 0; k < WORDS; k++)
        if ((((left->w[k] | GUARD) - item->w[k]) & GUARD) != GUARD) return 0;
    return 1;
}

static Letters minus(const Letters *a, const Letters *b) {
    Letters r;
    for (int k = 0; k < WORDS; k++) r.w[k] = a->w[k] - b->w[k];
    return r;
}

/* A packed Python int (7 bits a rank) as 8-bit lanes; -1 if a rank above 31 is set. */
static int unpack(PyObject *packed, Letters *out) {
    unsigned char bytes[32];
    memset(out, 0, sizeof *out);
    /* The int's bytes directly (~0.4 us less an item than calling int.to_bytes). */
#if PY_VERSION_HEX >= 0x030D0000
    Py_ssize_t need = PyLong_AsNativeBytes(packed, bytes, 32,
                                           Py_ASNATIVEBYTES_LITTLE_ENDIAN | Py_ASNATIVEBYTES_UNSIGNED_BUFFER);
    if (need < 0) return -1;
    if (need > 32) return -2;
#else
    if (_PyLong_AsByteArray((PyLongObject *)packed, bytes, 32, 1, 0) < 0) {
        if (PyErr_ExceptionMatches(PyExc_OverflowError)) { PyErr_Clear(); return -2; }
        return -1;
    }
#endif
    if (bytes[28] || bytes[29] || bytes[30] || bytes[31]) return -2;  /* a rank of 32 or more (bits 224..255) */
    /* Each 7-bit rank from the two bytes it straddles, by shifts (bit by bit it was 11.5% of a best_jarnac
       call, by perf; rank 31 ends in byte 27, so byte + 1 <= 28 stays inside the buffer). */
    for (int r = 0; r < 32; r++) {
        int bit = 7 * r;
        unsigned pair = bytes[bit >> 3] | ((unsigned)bytes[(bit >> 3) + 1] << 8);
        out->w[r >> 3] |= (uint64_t)((pair >> (bit & 7)) & 0x7F) << ((r & 7) * 8);
    }
    return 0;
}

static int beaten(const Search *s, long first, long second) {
    return first < s->best_first || (first == s->best_first && second <= s->best_second);
}

static int seated(int left_slots, int used, int is_short, int last_ok, int last_free) {
    if (!last_free || used == 0 || left_slots > 0) return !is_short;
    return is_short || last_ok;
}

static long fill(long letters, long words, long longest) {
    if (longest <= 0) return 0;
    long full = letters / longest < words ? letters / longest : words;
    long rest = letters - full * longest;
    long r = rest < longest ? rest : longest;
    return full * longest * longest + (words > full ? r * r : 0);
}

/* 0 go on, 1 stop (the time is up, or an error is set). */
static int tick_every(Clock *c, long mask) {
    if (c->stopped) return 1;
    if (c->calls++ & mask) return 0;  /* every (mask + 1)th node */
    if (PyErr_CheckSignals() < 0) { c->stopped = 1; return 1; }
    if (c->check == NULL || !c->armed) return 0;
    PyObject *r = PyObject_CallNoArgs(c->check);
    if (r != NULL) { Py_DECREF(r); return 0; }
    c->stopped = 1;
    if (PyErr_ExceptionMatches(c->out_of_time)) { PyErr_Clear(); c->stopped = 2; }
    return 1;
}

/* Every 64th node: a node of the branch and bound is a few comparisons (the check, ~0.1 us, would double it). */
static int tick(Clock *c) { return tick_every(c, 63); }

static size_t memo_hash(const Letters *left, int slots, int places, int flags) {
    uint64_t h = 1469598103934665603ull;
    for (int k = 0; k < WORDS; k++) { h ^= left->w[k]; h *= 1099511628211ull; h ^= h >> 29; }
    h ^= (uint64_t)(slots * 131 + places * 17 + flags);
    h *= 0x9E3779B97F4A7C15ull;
    return (size_t)(h ^ (h >> 31));
}

static Memo *memo_find(Search *s, const Letters *left, int slots, int places, int flags) {
    int full = s->memo_count >= MEMO_LIMIT;  /* no more states: only the ones held are found */
    if (!full && (s->memo_count + 1) * 2 > s->memo_cap) {
        size_t cap = s->memo_cap ? s->memo_cap * 2 : MEMO_START;
        Memo *grown = PyMem_Calloc(cap, sizeof(Memo));
        if (grown == NULL) { PyErr_NoMemory(); s->clock.stopped = 1; return NULL; }
        for (size_t i = 0; i < s->memo_cap; i++) {
            Memo *m = &s->memo[i];
            if (!m->used) continue;
            size_t j = memo_hash(&m->left, m->slots, m->places, m->flags) & (cap - 1);
            while (grown[j].used) j = (j + 1) & (cap - 1);
            grown[j] = *m;
        }
        PyMem_Free(s->memo);
        s->memo = grown;
        s->memo_cap = cap;
    }
    size_t j = memo_hash(left, slots, places, flags) & (s->memo_cap - 1);
    for (;;) {
        Memo *m = &s->memo[j];
        if (!m->used) {
            if (full) { s->clock.stopped = 2; return NULL; }  /* a new state past the limit: stop, unproven */
            return m;
        }
        if (m->slots == slots && m->places == places && m->flags == flags && !memcmp(&m->left, left, sizeof *left))
            return m;
        j = (j + 1) & (s->memo_cap - 1);
    }
}

static void keep_best(Search *s, long first, long second) {
    s->clock.armed = 1;
    s->best_first = first;
    s->best_second = second;
    s->n_best = s->n_chosen;
    memcpy(s->best, s->chosen, sizeof(PyObject *) * s->n_chosen);
}

/* new_words of optimise: source[0..n_source) are positions in s->words. */
static void new_words(Search *s, const Py_ssize_t *source, Py_ssize_t n_source, int level, Py_ssize_t start,
                      Letters left, int letters, int slots, int places, int thief_short, int thief_last,
                      int passer_short, int passer_last, long first, long second) {
    if (tick(&s->clock)) return;
    if ((first > s->best_first || (first == s->best_first && second > s->best_second)) &&
        seated(slots, s->free_lines - slots, thief_short, thief_last, s->last_free_thief) &&
        seated(s->passer_free - places, places, passer_short, passer_last, s->last_free_passer))
        keep_best(s, first, second);
    if (!slots || places >= s->passer_free) return;
    if (beaten(s, first + s->fb[s->n_lines][letters], second + s->sb[s->n_lines][letters])) return;
    int flags = thief_short | thief_last << 1 | passer_short << 2 | passer_last << 3;
    Memo *seen = memo_find(s, &left, slots, places, flags);
    if (seen == NULL) return;
    if (seen->used && seen->start <= start &&
        (seen->first > first || (seen->first == first && seen->second >= second)))
        return;
    if (!seen->used || (start <= seen->start && (first > seen->first || (first == seen->first && second >= seen->second)))) {
        if (!seen->used) s->memo_count++;
        seen->used = 1; seen->left = left; seen->slots = slots; seen->places = places; seen->flags = flags;
        seen->start = start; seen->first = first; seen->second = second;
    }
    Py_ssize_t *cands = s->arena + (Py_ssize_t)level * s->n_words, n = 0;
    for (Py_ssize_t i = 0; i < n_source; i++) {
        const Entry *c = &s->words[source[i]];
        if (c->used <= letters && fits(&left, &c->packed)) cands[n++] = source[i];
    }
    int most = slots < s->passer_free - places ? slots : s->passer_free - places;
    int last_used = -1;
    for (Py_ssize_t k = 0; k < n; k++) {
        const Entry *c = &s->words[cands[k]];
        if (c->used != last_used) {
            last_used = c->used;
            long bound = fill(letters, most, c->used);
            if (beaten(s, first + bound, second + bound)) return;
        }
        if (c->is_short && (thief_short || passer_short)) continue;
        s->chosen[s->n_chosen++] = c->item;
        new_words(s, cands + k, n - k, level + 1, cands[k], minus(&left, &c->packed), letters - c->used, slots - 1,
                  places + 1, thief_short || c->is_short, thief_last || c->fits_last, passer_short || c->is_short,
                  passer_last || c->fits_last, first + c->first, second + c->second);
        s->n_chosen--;
        if (s->clock.stopped) return;
    }
}

static void line_steals(Search *s, Py_ssize_t i, Letters left, int letters, int slots, int thief_short,
                        int thief_last, long first, long second) {
    if (tick(&s->clock)) return;
    if (beaten(s, first + s->fb[i][letters], second + s->sb[i][letters])) return;
    if (i == s->n_lines || !slots) {
        new_words(s, s->arena + (Py_ssize_t)s->levels * s->n_words, s->n_words, 0, 0, left, letters, slots, 0,
                  thief_short, thief_last, 0, 0, first, second);
        return;
    }
    for (Py_ssize_t k = 0; k < s->line_len[i]; k++) {
        const Entry *e = &s->lines[i][k];
        if (e->used > letters || (e->is_short && thief_short) || !fits(&left, &e->packed)) continue;
        s->chosen[s->n_chosen++] = e->item;
        line_steals(s, i + 1, minus(&left, &e->packed), letters - e->used, slots - 1, thief_short || e->is_short,
                    thief_last || e->fits_last, first + e->first, second + e->second);
        s->n_chosen--;
        if (s->clock.stopped) return;
    }
    line_steals(s, i + 1, left, letters, slots, thief_short, thief_last, first, second);
}

/* -- the whole of optimise: entries, order and bounds made here from the candidate items ---------------- */

typedef struct { Entry e; Py_ssize_t order; } Ranked;

static int by_value(const void *a, const void *b) {
    const Ranked *x = a, *y = b;
    /* sorted(key=(-first, -second)), stable: the original order breaks ties */
    if (x->e.first != y->e.first) return x->e.first > y->e.first ? -1 : 1;
    if (x->e.second != y->e.second) return x->e.second > y->e.second ? -1 : 1;
    return (x->order > y->order) - (x->order < y->order);
}

/* r[0, m) sorted best first (stable: the order given breaks ties) into out[0, m). */
static void best_first(Ranked *r, Py_ssize_t m, Entry *out) {
    qsort(r, m, sizeof(Ranked), by_value);
    for (Py_ssize_t k = 0; k < m; k++) out[k] = r[k].e;
}

/* The lines' entries (kept[0, n), each its entries best first, none empty) as the search's lines: the most
   valuable first (lines.sort(key=-first of the head), stable), owned by s from here (kept[k] set to NULL).
   Their number of entries, or -1 with an exception. */
static Py_ssize_t order_lines(Search *s, Entry **kept, const Py_ssize_t *kept_len, Py_ssize_t n) {
    Ranked *heads = PyMem_Calloc(n + 1, sizeof(Ranked));
    s->lines = PyMem_Calloc(n + 1, sizeof(Entry *));
    s->line_len = PyMem_Calloc(n + 1, sizeof(Py_ssize_t));
    if (!heads || !s->lines || !s->line_len) { PyMem_Free(heads); PyErr_NoMemory(); return -1; }
    for (Py_ssize_t k = 0; k < n; k++) {
        heads[k].e = kept[k][0];
        heads[k].e.second = 0;
        heads[k].order = k;
    }
    qsort(heads, n, sizeof(Ranked), by_value);
    Py_ssize_t total = 0;
    for (Py_ssize_t k = 0; k < n; k++) {
        Py_ssize_t from = heads[k].order;
        s->lines[k] = kept[from];
        s->line_len[k] = kept_len[from];
        kept[from] = NULL;
        total += s->line_len[k];
    }
    s->n_lines = n;
    PyMem_Free(heads);
    return total;
}

/* A StealItem (packed, tiles, line, word, old, old_tiles) as an entry; 0 if no line of the rules can seat it. */
static int item_entry(PyObject *item, int min_len, int last_min, int by_swing, Entry *e) {
    if (!PyTuple_Check(item) || PyTuple_GET_SIZE(item) < 6) {
        PyErr_SetString(PyExc_TypeError, "a candidate is a StealItem tuple");
        return -1;
    }
    long tiles = PyLong_AsLong(PyTuple_GET_ITEM(item, 1)), old = PyLong_AsLong(PyTuple_GET_ITEM(item, 5));
    if (PyErr_Occurred()) return -1;
    if (tiles < min_len && tiles < last_min) return 0;
    int rc = unpack(PyTuple_GET_ITEM(item, 0), &e->packed);
    if (rc < 0) return rc;
    long gain = tiles * tiles, swing = gain + old * old;
    e->first = by_swing ? swing : gain;
    e->second = by_swing ? gain : swing;
    e->used = (int)(tiles - old);
    e->is_short = tiles < min_len;
    e->fits_last = tiles >= last_min;
    e->item = item;
    return 1;
}

/* Entries of a list of items, seatable ones only, best first (stable). */
static Py_ssize_t ranked_entries(PyObject *items, int min_len, int last_min, int by_swing, Entry **out) {
    if (!PyList_Check(items)) { PyErr_SetString(PyExc_TypeError, "candidates are a list"); return -1; }
    Py_ssize_t n = PyList_GET_SIZE(items), m = 0;
    Ranked *r = PyMem_Calloc(n + 1, sizeof(Ranked));
    *out = PyMem_Calloc(n + 1, sizeof(Entry));
    if (r == NULL || *out == NULL) { PyMem_Free(r); PyErr_NoMemory(); return -1; }
    for (Py_ssize_t k = 0; k < n; k++) {
        int rc = item_entry(PyList_GET_ITEM(items, k), min_len, last_min, by_swing, &r[m].e);
        if (rc < 0) { PyMem_Free(r); return rc; }
        if (rc) { r[m].order = k; m++; }
    }
    best_first(r, m, *out);
    PyMem_Free(r);
    return m;
}

/* allocation.knapsack_bounds, shared by both searches: t[i][m], the most groups i.. can be worth with m letters,
   groups 0..n_groups-1 the lines (one item each at most) and group n_groups the new words (any number of them).
   ``best_sizes(ctx, group, value, has)`` fills each size's best value in a group (has[a]: some item uses a
   letters; sizes above ``letters`` left out). NULL, or an exception set, on an error. */
typedef void (*BestSizes)(const void *ctx, Py_ssize_t group, int letters, long *value, int *has);

static long **bounds(Py_ssize_t n_groups, int letters, BestSizes best_sizes, const void *ctx) {
    long **t = PyMem_Calloc(n_groups + 1, sizeof(long *));
    long *value = PyMem_Calloc(letters + 2, sizeof(long));
    int *has = PyMem_Calloc(letters + 2, sizeof(int));
    if (t == NULL || value == NULL || has == NULL) { PyMem_Free(value); PyMem_Free(has); PyErr_NoMemory(); return t; }
    for (Py_ssize_t i = 0; i <= n_groups; i++) {
        t[i] = PyMem_Calloc(letters + 1, sizeof(long));
        if (t[i] == NULL) { PyMem_Free(value); PyMem_Free(has); PyErr_NoMemory(); return t; }
    }
    /* New words: any number of them, each of a size some new word has (the best value of that size; no word
       uses 0 letters, so a = 0 is never a size). */
    best_sizes(ctx, n_groups, letters, value, has);
    long *place = t[n_groups];
    for (int m = 1; m <= letters; m++) {
        long best = place[m - 1];
        for (int a = 1; a <= m; a++)
            if (has[a] && place[m - a] + value[a] > best) best = place[m - a] + value[a];
        place[m] = best;
    }
    for (Py_ssize_t i = n_groups - 1; i >= 0; i--) {
        memset(has, 0, sizeof(int) * (letters + 2));
        best_sizes(ctx, i, letters, value, has);
        const long *after = t[i + 1];
        for (int m = 0; m <= letters; m++) {
            long best = after[m];
            for (int a = 0; a <= m; a++)
                if (has[a] && after[m - a] + value[a] > best) best = after[m - a] + value[a];
            t[i][m] = best;
        }
    }
    PyMem_Free(value);
    PyMem_Free(has);
    return t;
}

static void keep_size(int used, long v, int letters, long *value, int *has) {
    if (used >= 0 && used <= letters && (!has[used] || v > value[used])) { has[used] = 1; value[used] = v; }
}

typedef struct { const Search *s; int which; } EntrySizes;

static void entry_sizes(const void *ctx, Py_ssize_t group, int letters, long *value, int *has) {
    const EntrySizes *c = ctx;
    const Search *s = c->s;
    const Entry *entries = group == s->n_lines ? s->words : s->lines[group];
    Py_ssize_t n = group == s->n_lines ? s->n_words : s->line_len[group];
    for (Py_ssize_t k = 0; k < n; k++) keep_size(entries[k].used, c->which ? entries[k].second : entries[k].first, letters, value, has);
}

/* The bounds of best_jarnac's search, for the first (which=0) or the second (1) part of the score. */
static long **knapsack(Search *s, int letters, int which) {
    EntrySizes ctx = {s, which};
    return bounds(s->n_lines, letters, entry_sizes, &ctx);
}

static PyObject *run_search(Search *s, Letters left, int rack_size, int free_lines, Py_ssize_t total) {
    s->levels = free_lines + 1;
    s->arena = PyMem_Calloc(((size_t)s->levels + 1) * (size_t)(s->n_words + 1), sizeof(Py_ssize_t));
    s->chosen = PyMem_Calloc((size_t)total + (size_t)free_lines + 1, sizeof(PyObject *));
    s->best = PyMem_Calloc((size_t)total + (size_t)free_lines + 1, sizeof(PyObject *));
    if (!s->arena || !s->chosen || !s->best) return PyErr_NoMemory();
    for (Py_ssize_t k = 0; k < s->n_words; k++) s->arena[(Py_ssize_t)s->levels * s->n_words + k] = k;
    line_steals(s, 0, left, rack_size, free_lines, 0, 0, 0, 0);
    if (s->clock.stopped == 1) return NULL;  /* an error other than the deadline */
    PyObject *chosen = PyList_New(s->n_best);
    if (chosen == NULL) return NULL;
    for (int k = 0; k < s->n_best; k++) PyList_SET_ITEM(chosen, k, Py_NewRef(s->best[k]));
    return Py_BuildValue("llNO", s->best_first, s->best_second, chosen, s->clock.stopped == 2 ? Py_False : Py_True);
}

static void free_search(Search *s) {
    if (s->lines) for (Py_ssize_t i = 0; i < s->n_lines; i++) PyMem_Free(s->lines[i]);
    PyMem_Free(s->lines); PyMem_Free(s->line_len); PyMem_Free(s->words);
    if (s->fb) for (Py_ssize_t i = 0; i <= s->n_lines; i++) PyMem_Free(s->fb[i]);
    if (s->sb) for (Py_ssize_t i = 0; i <= s->n_lines; i++) PyMem_Free(s->sb[i]);
    PyMem_Free(s->fb); PyMem_Free(s->sb);
    PyMem_Free(s->arena); PyMem_Free(s->chosen); PyMem_Free(s->best); PyMem_Free(s->memo);
}

/* optimise(per_line, places, rack, rack_size, free_lines, passer_free, min_len, last_min, by_swing,
            last_free_thief, last_free_passer, check, out_of_time) -> (first, second, chosen, exact) or None */
static PyObject *optimise(PyObject *self, PyObject *args, PyObject *kwds) {
    static char *kw[] = {"per_line", "places", "rack", "rack_size", "free_lines", "passer_free", "min_len", "last_min",
                         "by_swing", "last_free_thief", "last_free_passer", "check", "out_of_time", NULL};
    PyObject *per_line, *places, *rack, *check, *out_of_time;
    int rack_size, free_lines, passer_free, min_len, last_min, by_swing, last_thief, last_passer;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O!O!O!iiiiipppOO", kw, &PyList_Type, &per_line, &PyList_Type, &places, &PyLong_Type,
                          &rack, &rack_size, &free_lines, &passer_free, &min_len, &last_min, &by_swing, &last_thief,
                          &last_passer, &check, &out_of_time))
        return NULL;
    if (rack_size < 0 || rack_size > 100000 || free_lines < 0 || passer_free < 0 || free_lines > 1000) {
        PyErr_SetString(PyExc_ValueError, "counts out of range");
        return NULL;
    }
    Search s;
    memset(&s, 0, sizeof s);
    s.free_lines = free_lines; s.passer_free = passer_free;
    s.last_free_thief = last_thief; s.last_free_passer = last_passer;
    s.clock.check = check == Py_None ? NULL : check;
    s.clock.out_of_time = out_of_time;
    PyObject *result = NULL;
    Letters left;
    int rc = unpack(rack, &left);
    if (rc == -2) Py_RETURN_NONE;  /* more than 32 ranks: the Python search */
    if (rc < 0) return NULL;
    /* Lines with a seatable steal, each one's steals best first; then the most valuable lines first. */
    Py_ssize_t n_given = PyList_GET_SIZE(per_line), n_kept = 0, total = 0;
    Entry **kept = PyMem_Calloc(n_given + 1, sizeof(Entry *));
    Py_ssize_t *kept_len = PyMem_Calloc(n_given + 1, sizeof(Py_ssize_t));
    if (!kept || !kept_len) { PyMem_Free(kept); PyMem_Free(kept_len); PyErr_NoMemory(); return NULL; }
    for (Py_ssize_t i = 0; i < n_given; i++) {
        Entry *entries = NULL;
        Py_ssize_t n = ranked_entries(PyList_GET_ITEM(per_line, i), min_len, last_min, by_swing, &entries);
        if (n <= 0) {
            PyMem_Free(entries);
            if (n == 0) continue;
            if (n == -2) result = Py_NewRef(Py_None);
            total = -1;
            break;
        }
        kept[n_kept] = entries;
        kept_len[n_kept++] = n;
    }
    if (total == 0) total = order_lines(&s, kept, kept_len, n_kept);
    for (Py_ssize_t k = 0; k < n_kept; k++) PyMem_Free(kept[k]);  /* those not handed over (an error) */
    PyMem_Free(kept); PyMem_Free(kept_len);
    if (total < 0) goto done;
    s.n_words = ranked_entries(places, min_len, last_min, by_swing, &s.words);
    if (s.n_words < 0) {
        if (s.n_words == -2) result = Py_NewRef(Py_None);
        s.n_words = 0;
        goto done;
    }
    total += s.n_words;
    s.fb = knapsack(&s, rack_size, 0);
    if (PyErr_Occurred()) goto done;
    s.sb = knapsack(&s, rack_size, 1);
    if (PyErr_Occurred()) goto done;
    result = run_search(&s, left, rack_size, free_lines, total);
done:
    free_search(&s);
    return result;
}


/* -- the ladder's allocation (planning/ladder.py, plan_ladder) ------------------------------------------
 * The same search as the Python one: lines first (each its chains, best first, or none), then new chains
 * from the letters left by a dynamic programme memoised on (letters left, chains placed), the chain that
 * fills the tray's last free line a single placement; ties to the first found in the same order. */

typedef struct {
    Letters packed;
    long moves, gain;
    int used;
    PyObject *obj;  /* lines: the (item, line) pair given; new chains and singles: the item */
} Chain;

typedef struct {
    Letters left;
    int placed, filled;
    long first, second;
    Py_ssize_t item;  /* -1: none; below n_new a new chain (then the state it leaves); else a single */
} Done;

typedef struct {
    Chain **lines;
    Py_ssize_t *line_len, n_lines;
    Chain *news, *singles;
    Py_ssize_t n_new, n_single;
    long **fb, **sb;
    int free, seat_min, greedy_pending;
    Done *memo;
    size_t memo_cap, memo_count;
    PyObject **chosen;
    int n_chosen;
    long best_first, best_second;
    PyObject **best;      /* the best plan's line pairs */
    int n_best;
    int best_kind;        /* 0: no chain; 1: then the completion from best_left; 2: then best_greedy */
    Letters best_left;
    Py_ssize_t *greedy, *best_greedy;
    int n_greedy, n_best_greedy;
    Py_ssize_t *arena;    /* per level: the new chains that fit, then the singles that fit */
    Clock clock;
} Ladder;

static Done *done_find(Ladder *L, const Letters *left, int placed) {
    int full = L->memo_count >= MEMO_LIMIT;  /* no more states: only the ones held are found */
    if (!full && (L->memo_count + 1) * 2 > L->memo_cap) {
        size_t cap = L->memo_cap ? L->memo_cap * 2 : MEMO_START;
        Done *grown = PyMem_Calloc(cap, sizeof(Done));
        if (grown == NULL) { PyErr_NoMemory(); L->clock.stopped = 1; return NULL; }
        for (size_t i = 0; i < L->memo_cap; i++) {
            Done *d = &L->memo[i];
            if (!d->filled) continue;
            size_t j = memo_hash(&d->left, d->placed, 0, 0) & (cap - 1);
            while (grown[j].filled) j = (j + 1) & (cap - 1);
            grown[j] = *d;
        }
        PyMem_Free(L->memo);
        L->memo = grown;
        L->memo_cap = cap;
    }
    size_t j = memo_hash(left, placed, 0, 0) & (L->memo_cap - 1);
    for (;;) {
        Done *d = &L->memo[j];
        if (!d->filled && full) { L->clock.stopped = 2; return NULL; }  /* a new state past the limit: stop */
        if (!d->filled || (d->placed == placed && !memcmp(&d->left, left, sizeof *left))) return d;
        j = (j + 1) & (L->memo_cap - 1);
    }
}

/* complete_new: the best new chains from ``left``; 0 with (*first, *second), -1 when stopped. */
static int complete_new(Ladder *L, const Py_ssize_t *src, Py_ssize_t n_src, const Py_ssize_t *last, Py_ssize_t n_last,
                        Letters left, int letters, int placed, int level, long *first, long *second) {
    Done *d = done_find(L, &left, placed);
    if (d == NULL) return -1;
    if (d->filled) { *first = d->first; *second = d->second; return 0; }
    /* Every 8th state: one filters all the chains its caller tried (thousands), so 64 states between two
       looks at the clock could overrun a budget by tens of ms; every state cost 30% of an exact search. */
    if (tick_every(&L->clock, 7)) return -1;
    long bf = 0, bs = 0;
    Py_ssize_t bitem = -1;
    if (placed + 1 == L->free) {
        for (Py_ssize_t k = 0; k < n_last; k++) {
            const Chain *c = &L->singles[last[k]];
            if (c->used <= letters && fits(&left, &c->packed) && c->used >= L->seat_min) {
                bf = 1; bs = c->gain; bitem = L->n_new + last[k];
                break;  /* sorted by points: the first that may go there */
            }
        }
    } else if (placed < L->free) {
        Py_ssize_t width = L->n_new + L->n_single;
        Py_ssize_t *cands = L->arena + (Py_ssize_t)level * width, *lastf = cands + L->n_new, nc = 0, nl = 0;
        for (Py_ssize_t k = 0; k < n_src; k++) {
            const Chain *c = &L->news[src[k]];
            if (c->used <= letters && fits(&left, &c->packed)) cands[nc++] = src[k];
        }
        for (Py_ssize_t k = 0; k < n_last; k++) {
            const Chain *c = &L->singles[last[k]];
            if (c->used <= letters && fits(&left, &c->packed)) lastf[nl++] = last[k];
        }
        for (Py_ssize_t k = 0; k < nc; k++) {
            const Chain *c = &L->news[cands[k]];
            long sf, ss;
            if (complete_new(L, cands, nc, lastf, nl, minus(&left, &c->packed), letters - c->used, placed + 1,
                             level + 1, &sf, &ss) < 0)
                return -1;
            if (sf + c->moves > bf || (sf + c->moves == bf && ss + c->gain > bs)) {
                bf = sf + c->moves; bs = ss + c->gain; bitem = cands[k];
            }
        }
    }
    d = done_find(L, &left, placed);  /* again: the table may have grown meanwhile */
    if (d == NULL) return -1;
    d->filled = 1; d->left = left; d->placed = placed; d->first = bf; d->second = bs; d->item = bitem;
    L->memo_count++;
    *first = bf; *second = bs;
    return 0;
}

/* greedy_new: new chains best first while they fit, a single placement last (the anytime first answer). */
static void greedy_new(Ladder *L, Letters left, int letters, long *first, long *second) {
    int placed = 0;
    *first = 0; *second = 0;
    L->n_greedy = 0;
    for (Py_ssize_t k = 0; k < L->n_new; k++) {
        if (placed + 1 >= L->free) break;
        const Chain *c = &L->news[k];
        if (c->used <= letters && fits(&left, &c->packed)) {
            left = minus(&left, &c->packed); letters -= c->used; placed++;
            *first += c->moves; *second += c->gain;
            L->greedy[L->n_greedy++] = k;
        }
    }
    if (placed + 1 == L->free)
        for (Py_ssize_t k = 0; k < L->n_single; k++) {
            const Chain *c = &L->singles[k];
            if (c->used <= letters && fits(&left, &c->packed) && c->used >= L->seat_min) {
                *first += 1; *second += c->gain;
                L->greedy[L->n_greedy++] = L->n_new + k;
                break;
            }
        }
}

static int ladder_better(Ladder *L, long first, long second) {
    return first > L->best_first || (first == L->best_first && second > L->best_second);
}

static void keep_lines(Ladder *L, long first, long second, int kind) {
    L->clock.armed = 1;
    L->best_first = first; L->best_second = second; L->best_kind = kind;
    L->n_best = L->n_chosen;
    memcpy(L->best, L->chosen, sizeof(PyObject *) * L->n_chosen);
}

static void line_chains(Ladder *L, Py_ssize_t i, Letters left, int letters, long first, long second) {
    if (tick(&L->clock)) return;
    if (first + L->fb[i][letters] < L->best_first ||
        (first + L->fb[i][letters] == L->best_first && second + L->sb[i][letters] <= L->best_second))
        return;
    if (i == L->n_lines) {
        int greedy_leaf = L->greedy_pending;
        if (L->greedy_pending) {
            /* The first leaf is the greedy choice on every line: completed greedily too, so that a deadline
               leaves a good answer. */
            long gf, gs;
            L->greedy_pending = 0;
            greedy_new(L, left, letters, &gf, &gs);
            if (ladder_better(L, first + gf, second + gs)) {
                keep_lines(L, first + gf, second + gs, 2);
                memcpy(L->best_greedy, L->greedy, sizeof(Py_ssize_t) * L->n_greedy);
                L->n_best_greedy = L->n_greedy;
            }
        }
        Py_ssize_t width = L->n_new + L->n_single;
        const Py_ssize_t *all = L->arena + (Py_ssize_t)(L->free + 2) * width;
        long mf, ms;
        if (complete_new(L, all, L->n_new, all + L->n_new, L->n_single, left, letters, 0, 0, &mf, &ms) < 0) return;
        /* At the greedy leaf the exact completion replaces the greedy one it ties with: a budget that is
           not reached gives the ladder no budget gives (a default ceiling changes no answer). */
        if (ladder_better(L, first + mf, second + ms) ||
            (greedy_leaf && first + mf == L->best_first && second + ms == L->best_second)) {
            keep_lines(L, first + mf, second + ms, 1);
            L->best_left = left;
        }
        return;
    }
    for (Py_ssize_t k = 0; k < L->line_len[i]; k++) {
        const Chain *c = &L->lines[i][k];
        if (c->used > letters || !fits(&left, &c->packed)) continue;
        L->chosen[L->n_chosen++] = c->obj;
        line_chains(L, i + 1, minus(&left, &c->packed), letters - c->used, first + c->moves, second + c->gain);
        L->n_chosen--;
        if (L->clock.stopped) return;
    }
    line_chains(L, i + 1, left, letters, first, second);
}

/* An item (key, moves, gain, used, ...) as a chain; obj is what the answer lists for it. */
static int read_chain(PyObject *item, PyObject *obj, Chain *c) {
    if (!PyTuple_Check(item) || PyTuple_GET_SIZE(item) < 4) {
        PyErr_SetString(PyExc_TypeError, "a chain is a tuple (key, moves, gain, used, ...)");
        return -1;
    }
    int rc = unpack(PyTuple_GET_ITEM(item, 0), &c->packed);
    if (rc < 0) return rc;
    c->moves = PyLong_AsLong(PyTuple_GET_ITEM(item, 1));
    c->gain = PyLong_AsLong(PyTuple_GET_ITEM(item, 2));
    c->used = (int)PyLong_AsLong(PyTuple_GET_ITEM(item, 3));
    c->obj = obj;
    if (PyErr_Occurred()) return -1;
    return 0;
}

static Py_ssize_t read_chains(PyObject *list, Chain **out, int pairs) {
    if (!PyList_Check(list)) { PyErr_SetString(PyExc_TypeError, "chains are a list"); return -1; }
    Py_ssize_t n = PyList_GET_SIZE(list);
    *out = PyMem_Calloc(n + 1, sizeof(Chain));
    if (*out == NULL) { PyErr_NoMemory(); return -1; }
    for (Py_ssize_t k = 0; k < n; k++) {
        PyObject *obj = PyList_GET_ITEM(list, k), *item = obj;
        if (pairs) {
            if (!PyTuple_Check(obj) || PyTuple_GET_SIZE(obj) != 2) {
                PyErr_SetString(PyExc_TypeError, "a line's chains are (item, line) pairs");
                return -1;
            }
            item = PyTuple_GET_ITEM(obj, 0);
        }
        int rc = read_chain(item, obj, &(*out)[k]);
        if (rc < 0) return rc;
    }
    return n;
}

static long **read_bounds(PyObject *tables, Py_ssize_t rows, int letters) {
    if (!PyList_Check(tables) || PyList_GET_SIZE(tables) != rows) {
        PyErr_SetString(PyExc_ValueError, "a bound table has one row per line and one for the new chains");
        return NULL;
    }
    long **out = PyMem_Calloc(rows, sizeof(long *));
    if (out == NULL) return (long **)PyErr_NoMemory();
    for (Py_ssize_t i = 0; i < rows; i++) {
        PyObject *row = PyList_GET_ITEM(tables, i);
        out[i] = PyMem_Calloc(letters + 1, sizeof(long));
        if (out[i] == NULL) { PyErr_NoMemory(); return out; }
        if (!PyList_Check(row) || PyList_GET_SIZE(row) < letters + 1) {
            PyErr_SetString(PyExc_ValueError, "a bound row holds one bound per number of letters");
            return out;
        }
        for (int m = 0; m <= letters; m++) out[i][m] = PyLong_AsLong(PyList_GET_ITEM(row, m));
        if (PyErr_Occurred()) return out;
    }
    return out;
}

typedef struct { const Ladder *L; int which; } ChainSizes;

static void chain_sizes(const void *ctx, Py_ssize_t group, int letters, long *value, int *has) {
    const ChainSizes *c = ctx;
    const Ladder *L = c->L;
    if (group < L->n_lines) {
        for (Py_ssize_t k = 0; k < L->line_len[group]; k++) {
            const Chain *ch = &L->lines[group][k];
            keep_size(ch->used, c->which ? ch->gain : ch->moves, letters, value, has);
        }
        return;
    }
    /* New chains and singles together, each size's best value at least 0. */
    for (Py_ssize_t k = 0; k < L->n_new + L->n_single; k++) {
        const Chain *ch = k < L->n_new ? &L->news[k] : &L->singles[k - L->n_new];
        keep_size(ch->used, c->which ? ch->gain : ch->moves, letters, value, has);
    }
    for (int a = 0; a <= letters; a++)
        if (has[a] && value[a] < 0) value[a] = 0;
}

/* allocation.knapsack_bounds of the ladder's chains (planning/ladder.py passes None for the tables): moves
   (which=0) or points (1) per number of letters. The same tables as the Python's, made without a list an item
   (~16% of a planner's plan_ladder). */
static long **ladder_bounds(const Ladder *L, int letters, int which) {
    ChainSizes ctx = {L, which};
    return bounds(L->n_lines, letters, chain_sizes, &ctx);
}

static int append_new(PyObject *list, Ladder *L, Py_ssize_t item) {
    PyObject *obj = item < L->n_new ? L->news[item].obj : L->singles[item - L->n_new].obj;
    PyObject *pair = PyTuple_Pack(2, obj, Py_None);
    if (pair == NULL) return -1;
    int rc = PyList_Append(list, pair);
    Py_DECREF(pair);
    return rc;
}

/* The best plan's (item, line) pairs: its lines, then its new chains. */
static PyObject *ladder_answer(Ladder *L) {
    PyObject *list = PyList_New(0);
    if (list == NULL) return NULL;
    for (int k = 0; k < L->n_best; k++)
        if (PyList_Append(list, L->best[k]) < 0) { Py_DECREF(list); return NULL; }
    if (L->best_kind == 2) {
        for (int k = 0; k < L->n_best_greedy; k++)
            if (append_new(list, L, L->best_greedy[k]) < 0) { Py_DECREF(list); return NULL; }
    } else if (L->best_kind == 1) {
        Letters left = L->best_left;
        int placed = 0;
        for (;;) {
            Done *d = done_find(L, &left, placed);
            if (d == NULL || !d->filled || d->item < 0) break;
            Py_ssize_t item = d->item;
            if (append_new(list, L, item) < 0) { Py_DECREF(list); return NULL; }
            if (item >= L->n_new) break;  /* a single placement ends the chains */
            left = minus(&left, &L->news[item].packed);
            placed++;
        }
    }
    return list;
}

/* The search of a Ladder whose chains, bounds, free lines, seat and clock are set: its working arrays made, the
   lines' chains tried, the best plan's (item, line) pairs (ladder_answer); NULL with an exception on an error
   (the deadline is no error: L->clock.stopped is then 2). Shared by ladder and _plan.c's ladder_plan. */
static PyObject *ladder_search(Ladder *L, Letters left, int rack_size) {
    Py_ssize_t width = L->n_new + L->n_single;
    L->arena = PyMem_Calloc(((size_t)L->free + 3) * (size_t)(width + 1), sizeof(Py_ssize_t));
    L->chosen = PyMem_Calloc((size_t)L->n_lines + 1, sizeof(PyObject *));
    L->best = PyMem_Calloc((size_t)L->n_lines + 1, sizeof(PyObject *));
    L->greedy = PyMem_Calloc((size_t)width + 1, sizeof(Py_ssize_t));
    L->best_greedy = PyMem_Calloc((size_t)width + 1, sizeof(Py_ssize_t));
    if (!L->arena || !L->chosen || !L->best || !L->greedy || !L->best_greedy) return PyErr_NoMemory();
    Py_ssize_t *all = L->arena + (Py_ssize_t)(L->free + 2) * width;
    for (Py_ssize_t k = 0; k < L->n_new; k++) all[k] = k;
    for (Py_ssize_t k = 0; k < L->n_single; k++) all[L->n_new + k] = k;
    line_chains(L, 0, left, rack_size, 0, 0);
    if (L->clock.stopped == 1) return NULL;  /* an error other than the deadline */
    return ladder_answer(L);
}

/* Everything a Ladder holds, freed (its chains' objects are the caller's). */
static void ladder_free(Ladder *L) {
    if (L->lines) for (Py_ssize_t i = 0; i < L->n_lines; i++) PyMem_Free(L->lines[i]);
    PyMem_Free(L->lines); PyMem_Free(L->line_len); PyMem_Free(L->news); PyMem_Free(L->singles);
    if (L->fb) for (Py_ssize_t i = 0; i <= L->n_lines; i++) PyMem_Free(L->fb[i]);
    if (L->sb) for (Py_ssize_t i = 0; i <= L->n_lines; i++) PyMem_Free(L->sb[i]);
    PyMem_Free(L->fb); PyMem_Free(L->sb); PyMem_Free(L->arena); PyMem_Free(L->chosen); PyMem_Free(L->best);
    PyMem_Free(L->greedy); PyMem_Free(L->best_greedy); PyMem_Free(L->memo);
    memset(L, 0, sizeof *L);
}

/* ladder(line_items, new_items, singles, first_bound, second_bound, rack, rack_size, free, seat_min, check,
          out_of_time) -> (pairs, exact), or None past 32 letter ranks; the bounds None: made here (ladder_bounds) */
static PyObject *ladder(PyObject *self, PyObject *args, PyObject *kwds) {
    static char *kw[] = {"line_items", "new_items", "singles", "first_bound", "second_bound", "rack", "rack_size",
                         "free", "seat_min", "check", "out_of_time", NULL};
    PyObject *line_items, *news, *singles, *fbt, *sbt, *rack, *check, *out_of_time;
    int rack_size, free, seat_min;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O!O!O!OOO!iiiOO", kw, &PyList_Type, &line_items, &PyList_Type, &news, &PyList_Type,
                          &singles, &fbt, &sbt, &PyLong_Type, &rack, &rack_size, &free, &seat_min, &check, &out_of_time))
        return NULL;
    if (rack_size < 0 || rack_size > 100000 || free < 0 || free > 1000) {
        PyErr_SetString(PyExc_ValueError, "counts out of range");
        return NULL;
    }
    Ladder L;
    memset(&L, 0, sizeof L);
    L.free = free; L.seat_min = seat_min;
    L.clock.check = check == Py_None ? NULL : check;
    L.clock.out_of_time = out_of_time;
    /* Always, budget or not: a search stopped by its memo limit (even under EXACT) keeps the greedy ladder, and
       the exact completion replaces it where they tie, so an unstopped search answers as without it. */
    L.greedy_pending = 1;
    PyObject *result = NULL;
    Letters left;
    int rc = unpack(rack, &left);
    if (rc == -2) Py_RETURN_NONE;
    if (rc < 0) return NULL;
    Py_ssize_t total = 0;
    L.n_lines = PyList_GET_SIZE(line_items);
    L.lines = PyMem_Calloc(L.n_lines + 1, sizeof(Chain *));
    L.line_len = PyMem_Calloc(L.n_lines + 1, sizeof(Py_ssize_t));
    if (!L.lines || !L.line_len) { PyErr_NoMemory(); goto done; }
    for (Py_ssize_t i = 0; i < L.n_lines; i++) {
        L.line_len[i] = read_chains(PyList_GET_ITEM(line_items, i), &L.lines[i], 1);
        if (L.line_len[i] < 0) {
            if (L.line_len[i] == -2) result = Py_NewRef(Py_None);
            L.line_len[i] = 0;
            goto done;
        }
        total += L.line_len[i];
    }
    L.n_new = read_chains(news, &L.news, 0);
    if (L.n_new < 0) { if (L.n_new == -2) result = Py_NewRef(Py_None); L.n_new = 0; goto done; }
    L.n_single = read_chains(singles, &L.singles, 0);
    if (L.n_single < 0) { if (L.n_single == -2) result = Py_NewRef(Py_None); L.n_single = 0; goto done; }
    L.fb = fbt == Py_None ? ladder_bounds(&L, rack_size, 0) : read_bounds(fbt, L.n_lines + 1, rack_size);
    if (L.fb == NULL || PyErr_Occurred()) goto done;
    L.sb = sbt == Py_None ? ladder_bounds(&L, rack_size, 1) : read_bounds(sbt, L.n_lines + 1, rack_size);
    if (L.sb == NULL || PyErr_Occurred()) goto done;
    (void)total;
    {
        PyObject *pairs = ladder_search(&L, left, rack_size);
        if (pairs == NULL) goto done;
        result = Py_BuildValue("NO", pairs, L.clock.stopped == 2 ? Py_False : Py_True);
    }
done:
    ladder_free(&L);
    return result;
}


/* -- the ladder's chains (planning/ladder.py, _Chains) ----------------------------------------------------
 * The longest chain ending at each word key, by dynamic programming over the letters added: the same
 * recursion (at / below), the same order of letters tried and the same tie-break (the smaller key), so the
 * same chains as the Python class. */

#define KEY_NONE (-1)  /* the -1 of the Python code: no chain */
#define KEY_ZERO (-2)  /* the key 0: the line itself, 0 moves */

typedef struct {
    Letters key;
    Py_ssize_t index;  /* -1: an empty slot */
} KeySlot;

typedef struct {
    Letters letters;
    int filled;
    long moves;
    Py_ssize_t key;    /* a key index, KEY_NONE or KEY_ZERO */
} Below;

typedef struct {
    Letters *keys;
    Py_ssize_t n_keys;
    KeySlot *slots;
    size_t slot_cap;
    Letters *weights;
    Py_ssize_t n_weights;
    int base;
    char *starts;
    char *at_done;
    long *at_moves;
    Py_ssize_t *at_prev;
    Below *below;
    size_t below_cap, below_count;
    PyObject *check;
    PyObject *out_of_time;  /* raised when the memo is full */
    long calls;
    int failed;
} Chains;

static int is_zero(const Letters *a) { return !(a->w[0] | a->w[1] | a->w[2] | a->w[3]); }

static Py_ssize_t key_index(const Chains *c, const Letters *k) {
    size_t j = memo_hash(k, 0, 0, 0) & (c->slot_cap - 1);
    for (;;) {
        const KeySlot *slot = &c->slots[j];
        if (slot->index < 0) return -1;
        if (!memcmp(&slot->key, k, sizeof *k)) return slot->index;
        j = (j + 1) & (c->slot_cap - 1);
    }
}

/* The packed integer order of two keys (KEY_NONE < KEY_ZERO < any word key; words by their counts, the
   highest rank first, as the 7-bit fields of the packed int compare). */
static int key_less(const Chains *c, Py_ssize_t a, Py_ssize_t b) {
    if (a < 0 || b < 0) {
        long va = a == KEY_NONE ? -1 : a == KEY_ZERO ? 0 : 1, vb = b == KEY_NONE ? -1 : b == KEY_ZERO ? 0 : 1;
        return va < vb;
    }
    for (int w = WORDS - 1; w >= 0; w--) {
        uint64_t x = c->keys[a].w[w], y = c->keys[b].w[w];
        for (int lane = 7; lane >= 0; lane--) {
            unsigned xa = (x >> (lane * 8)) & 0xFF, yb = (y >> (lane * 8)) & 0xFF;
            if (xa != yb) return xa < yb;
        }
    }
    return 0;
}

static Below *below_find(Chains *c, const Letters *letters) {
    int full = c->below_count >= MEMO_LIMIT;  /* no more states: only the ones held are found */
    if (!full && (c->below_count + 1) * 2 > c->below_cap) {
        size_t cap = c->below_cap ? c->below_cap * 2 : MEMO_START;
        Below *grown = PyMem_Calloc(cap, sizeof(Below));
        if (grown == NULL) { PyErr_NoMemory(); c->failed = 1; return NULL; }
        for (size_t i = 0; i < c->below_cap; i++) {
            if (!c->below[i].filled) continue;
            size_t j = memo_hash(&c->below[i].letters, 0, 0, 0) & (cap - 1);
            while (grown[j].filled) j = (j + 1) & (cap - 1);
            grown[j] = c->below[i];
        }
        PyMem_Free(c->below);
        c->below = grown;
        c->below_cap = cap;
    }
    size_t j = memo_hash(letters, 0, 0, 0) & (c->below_cap - 1);
    for (;;) {
        Below *b = &c->below[j];
        if (!b->filled && full) {  /* a new state past the limit: the caller's OutOfTime, as at a deadline */
            PyErr_SetNone(c->out_of_time);
            c->failed = 1;
            return NULL;
        }
        if (!b->filled || !memcmp(&b->letters, letters, sizeof *letters)) return b;
        j = (j + 1) & (c->below_cap - 1);
    }
}

static int chain_at(Chains *c, Py_ssize_t k);

/* below: the longest chain ending at a key inside ``letters`` (moves, key); 0, or -1 on an error. */
static int chain_below(Chains *c, Letters letters, long *moves, Py_ssize_t *key) {
    if (is_zero(&letters)) {
        if (c->base == 0) { *moves = 0; *key = KEY_ZERO; } else { *moves = -1; *key = KEY_NONE; }
        return 0;
    }
    Below *b = below_find(c, &letters);
    if (b == NULL) return -1;
    if (b->filled) { *moves = b->moves; *key = b->key; return 0; }
    if (!(c->calls++ & 63)) {  /* Ctrl-C and the deadline here too: a key's sub-multisets are up to 2^9 calls */
        if (PyErr_CheckSignals() < 0) { c->failed = 1; return -1; }
        PyObject *r = c->check ? PyObject_CallNoArgs(c->check) : Py_NewRef(Py_None);
        if (r == NULL) { c->failed = 1; return -1; }  /* OutOfTime goes to the caller, as in Python */
        Py_DECREF(r);
    }
    long best = -1;
    Py_ssize_t best_key = KEY_NONE;
    Py_ssize_t k = key_index(c, &letters);
    if (k >= 0) {
        if (chain_at(c, k) < 0) return -1;
        if (c->at_moves[k] >= 0) { best = c->at_moves[k]; best_key = k; }
    }
    for (Py_ssize_t i = 0; i < c->n_weights; i++) {
        if (!fits(&letters, &c->weights[i])) continue;
        long sub_moves;
        Py_ssize_t sub_key;
        if (chain_below(c, minus(&letters, &c->weights[i]), &sub_moves, &sub_key) < 0) return -1;
        if (sub_moves > best || (sub_moves == best && key_less(c, sub_key, best_key))) {
            best = sub_moves;
            best_key = sub_key;
        }
    }
    b = below_find(c, &letters);  /* again: the table may have grown meanwhile */
    if (b == NULL) return -1;
    b->filled = 1; b->letters = letters; b->moves = best; b->key = best_key;
    c->below_count++;
    *moves = best; *key = best_key;
    return 0;
}

/* at: the longest chain ending exactly at key k (moves, previous key; KEY_NONE for a start). */
static int chain_at(Chains *c, Py_ssize_t k) {
    if (c->at_done[k]) return 0;
    if (!(c->calls++ & 63)) {  /* Ctrl-C and the deadline: the first word, then every 64th */
        if (PyErr_CheckSignals() < 0) { c->failed = 1; return -1; }
        PyObject *r = c->check ? PyObject_CallNoArgs(c->check) : Py_NewRef(Py_None);
        if (r == NULL) { c->failed = 1; return -1; }  /* OutOfTime goes to the caller, as in Python */
        Py_DECREF(r);
    }
    long best = (c->base == 0 || c->starts[k]) ? 1 : -1;
    Py_ssize_t prev = KEY_NONE;
    for (Py_ssize_t i = 0; i < c->n_weights; i++) {
        if (!fits(&c->keys[k], &c->weights[i])) continue;
        long moves;
        Py_ssize_t previous;
        if (chain_below(c, minus(&c->keys[k], &c->weights[i]), &moves, &previous) < 0) return -1;
        if ((moves >= 1 || (moves == 0 && c->base == 0)) && moves + 1 > best) {
            best = moves + 1;
            prev = moves >= 1 ? previous : KEY_NONE;
        }
    }
    c->at_done[k] = 1; c->at_moves[k] = best; c->at_prev[k] = prev;
    return 0;
}

/* chains(keys, weights, base, starts, check) -> [(moves, [key indexes of the chain, first to last])] a key,
   or None past 32 letter ranks; the deadline's exception (OutOfTime) goes through. */
static PyObject *chains(PyObject *self, PyObject *args, PyObject *kwds) {
    static char *kw[] = {"keys", "weights", "base", "starts", "check", "out_of_time", NULL};
    PyObject *keys, *weights, *starts, *check, *out_of_time = PyExc_MemoryError;
    int base;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O!O!iO!O|O", kw, &PyList_Type, &keys, &PyList_Type, &weights, &base, &PyList_Type,
                          &starts, &check, &out_of_time))
        return NULL;
    Chains c;
    memset(&c, 0, sizeof c);
    c.base = base;
    c.check = check == Py_None ? NULL : check;
    c.out_of_time = out_of_time;
    c.n_keys = PyList_GET_SIZE(keys);
    c.n_weights = PyList_GET_SIZE(weights);
    if (PyList_GET_SIZE(starts) != c.n_keys) { PyErr_SetString(PyExc_ValueError, "one start flag a key"); return NULL; }
    PyObject *result = NULL;
    c.keys = PyMem_Calloc(c.n_keys + 1, sizeof(Letters));
    c.weights = PyMem_Calloc(c.n_weights + 1, sizeof(Letters));
    c.starts = PyMem_Calloc(c.n_keys + 1, 1);
    c.at_done = PyMem_Calloc(c.n_keys + 1, 1);
    c.at_moves = PyMem_Calloc(c.n_keys + 1, sizeof(long));
    c.at_prev = PyMem_Calloc(c.n_keys + 1, sizeof(Py_ssize_t));
    for (c.slot_cap = 16; c.slot_cap < (size_t)c.n_keys * 2 + 2; c.slot_cap *= 2) {}
    c.slots = PyMem_Calloc(c.slot_cap, sizeof(KeySlot));
    if (!c.keys || !c.weights || !c.starts || !c.at_done || !c.at_moves || !c.at_prev || !c.slots) {
        PyErr_NoMemory();
        goto done;
    }
    for (size_t j = 0; j < c.slot_cap; j++) c.slots[j].index = -1;
    for (Py_ssize_t k = 0; k < c.n_keys; k++) {
        int rc = unpack(PyList_GET_ITEM(keys, k), &c.keys[k]);
        if (rc == -2) { result = Py_NewRef(Py_None); goto done; }
        if (rc < 0) goto done;
        c.starts[k] = (char)PyObject_IsTrue(PyList_GET_ITEM(starts, k));
        size_t j = memo_hash(&c.keys[k], 0, 0, 0) & (c.slot_cap - 1);
        while (c.slots[j].index >= 0 && memcmp(&c.slots[j].key, &c.keys[k], sizeof(Letters))) j = (j + 1) & (c.slot_cap - 1);
        if (c.slots[j].index < 0) { c.slots[j].key = c.keys[k]; c.slots[j].index = k; }
    }
    for (Py_ssize_t i = 0; i < c.n_weights; i++) {
        int rc = unpack(PyList_GET_ITEM(weights, i), &c.weights[i]);
        if (rc == -2) { result = Py_NewRef(Py_None); goto done; }
        if (rc < 0) goto done;
    }
    result = PyList_New(c.n_keys);
    if (result == NULL) goto done;
    for (Py_ssize_t k = 0; k < c.n_keys; k++) {
        if (chain_at(&c, k) < 0) { Py_CLEAR(result); goto done; }
        PyObject *path = PyList_New(0);
        if (path == NULL) { Py_CLEAR(result); goto done; }
        if (c.at_moves[k] >= 1)
            for (Py_ssize_t at = k; at >= 0; at = c.at_prev[at]) {
                PyObject *index = PyLong_FromSsize_t(at);
                if (index == NULL || PyList_Insert(path, 0, index) < 0) {
                    Py_XDECREF(index); Py_DECREF(path); Py_CLEAR(result); goto done;
                }
                Py_DECREF(index);
            }
        PyObject *pair = Py_BuildValue("lN", c.at_moves[k], path);
        if (pair == NULL) { Py_CLEAR(result); goto done; }
        PyList_SET_ITEM(result, k, pair);
    }
done:
    PyMem_Free(c.keys); PyMem_Free(c.weights); PyMem_Free(c.starts); PyMem_Free(c.at_done);
    PyMem_Free(c.at_moves); PyMem_Free(c.at_prev); PyMem_Free(c.slots); PyMem_Free(c.below);
    return result;
}

#ifndef JARNAC_ALLOCATION_EMBEDDED  /* _plan.c compiles this file's searches into _speedups too */
static PyMethodDef methods[] = {
    {"chains", (PyCFunction)(void (*)(void))chains, METH_VARARGS | METH_KEYWORDS,
     "chains(keys, weights, base, starts, check, out_of_time=MemoryError) -> [(moves, chain key indexes)] a key, "
     "or None past 32 letter ranks: the longest chains of planning/ladder.py's _Chains (out_of_time raised when "
     "its memo is full)"},
    {"ladder", (PyCFunction)(void (*)(void))ladder, METH_VARARGS | METH_KEYWORDS,
     "ladder(line_items, new_items, singles, first_bound, second_bound, rack, rack_size, free, seat_min, check, "
     "out_of_time) -> ((item, line) pairs, exact), or None past 32 letter ranks: plan_ladder's allocation"},
    {"optimise", (PyCFunction)(void (*)(void))optimise, METH_VARARGS | METH_KEYWORDS,
     "optimise(per_line, places, rack, rack_size, free_lines, passer_free, min_len, last_min, by_swing, "
     "last_free_thief, last_free_passer, check, out_of_time) -> (first, second, chosen, exact), or None past 32 "
     "letter ranks: optimise of moves/steal_search.py"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "jarnac_solver._allocation",
    "The branch and bound of best_jarnac in C (see jarnac_solver/_allocation.c).", -1, methods,
};

PyMODINIT_FUNC PyInit__allocation(void) {
    PyObject *m = PyModule_Create(&module);
    if (m != NULL && PyModule_AddIntConstant(m, "MEMO_LIMIT", (long)MEMO_LIMIT) < 0) Py_CLEAR(m);
    return m;
}
#endif
