/* jarnac_solver._speedups, continued: plan_ladder in one call (Trie.ladder_plan; Trie.ladder_items).
 *
 * Key idea: planning/chains.py's chain_items and allocation.ladder, step for step, where their Python steps were
 * the cost (a planner's game calls plan_ladder a few hundred times on small racks; its Python was ~40% of
 * such a game, in hundreds of small steps: the walks' node lists, a packed key a word, the chains' lists,
 * the items, the sorts, the search reading them all back). Here the walks, the keys (from the nodes, less
 * the line's letters), the longest chains (the dynamic programme of _allocation.c, compiled into this
 * module too), the sorted chains and the allocation's search run in C; Python objects are made only for the
 * chains chosen (ladder_plan), or for every item where the caller needs them (ladder_items: the greedy
 * ladder under a short budget, and the twin of _items in tests/test_speedups.py). The same items in the
 * same order as _items makes, so the same ladder (the pinned records check it too).
 *
 * Trie.planner_move and Trie.start_values (planning/planout.py) go one step further: the planner's move decision
 * outside the end game (its ladder, every legal move sorted as first_moves sorts them, the candidates' ladders,
 * their turn values and the argmax) and its start's values (every action's sampled racks) each in one call,
 * handing back (None) what only Python decides exactly: a turn that fills the tray, a memo past its limit.
 *
 * Bounds: the walks are a rack's (at most n_nodes nodes each); the chains' memo and the search's are
 * MEMO_LIMIT states (past it, OutOfTime or an unproven answer, as at a deadline); ``check`` (the deadline) is
 * called at the first key and every 64th, and by the search as allocation.ladder calls it. planner_move's legal
 * moves are at most n_words x (lines + 1) (each word of a walk once per line), grown as they come; its lines
 * and start_values' at most MAX_SPEC_LINES.
 */
#include "_trie.h"
#include <math.h>
#if defined(__GNUC__)
#pragma GCC diagnostic ignored "-Wunused-function" /* the searches of _allocation.c this file does not call */
#endif
#define JARNAC_ALLOCATION_EMBEDDED

/* -- the searches' scratch: one block reused by every ladder search of a call ------------------------------
 *
 * A ladder search (ladder_totals) makes some 20 arrays (the walk's nodes, each group's keys and chains, the
 * memos, the search's levels) and frees them all before it returns; the planner's start makes ~160 such
 * searches a decision. Made with PyMem_Calloc and freed one by one, the allocators' own work was ~20% of a
 * lane game's C (perf, en: pymalloc, glibc's malloc, address_in_range). Inside a search (scratch_enter ..
 * scratch_leave) these files' PyMem_Calloc, PyMem_Malloc and PyMem_Free go through plan_calloc, plan_malloc
 * and plan_free: memory is cut from one block, kept while a caller holds it (scratch_hold: the lane's,
 * planner_move's and start_values' calls, tens to hundreds of searches), given back all at once at the
 * search's end (its mark), freed with the last hold. Every search's memory is dead at its end (each frees
 * what it makes), so nothing outlives the mark. What does not fit is PyMem's, as before; the block then
 * grows for the next search, up to SCRATCH_MAX (a bound on what is kept). Outside a search nothing changes.
 * PyMem_Realloc is not redirected: the searches do not call it (planner_decide's list of moves, outside a
 * search, does).
 *
 * One block for the process, used under the GIL: a thread's search runs to its end unless Python code runs
 * inside it (a finalizer, a callback) and lets another thread in. A search that begins while another
 * thread's is open (not the owner's) turns the block off until every such search has ended (its memory and
 * the owner's meanwhile are PyMem's), so two threads never cut from it at once. (A thread-local block
 * cost a __tls_get_addr call an allocation: half of what the block saved.) */
#define SCRATCH_START ((size_t)1 << 18)
#define SCRATCH_MAX ((size_t)1 << 24)
typedef struct {
    char *buf;
    size_t cap, used;
    size_t over;  /* what did not fit since the searches began (PyMem's) */
    size_t want;  /* the most the searches have asked for at once (the block's size for the next ones) */
    int depth;    /* searches open, of every thread */
    int foreign;  /* of them, begun by a thread other than the owner's: the block is off */
    int holds;
    unsigned long owner;  /* the thread of the first search open */
} Scratch;
static Scratch plan_scratch;

typedef struct { size_t used; int owned; } ScratchMark;

static void *plan_take(size_t n, size_t size, int zero) {
    Scratch *s = &plan_scratch;
    if (s->depth > 0 && s->foreign == 0 && (size == 0 || n <= SIZE_MAX / 2 / size)) {
        size_t bytes = (n * size + 15) & ~(size_t)15;  /* 16-byte aligned, as malloc's */
        void *p = NULL;
        if (bytes <= s->cap - s->used) {
            p = s->buf + s->used;
            s->used += bytes;
        } else {
            s->over += bytes;
        }
        if (s->used + s->over > s->want) s->want = s->used + s->over;
        if (p != NULL) {
            if (zero) memset(p, 0, n * size);
            return p;
        }
    }
    return zero ? PyMem_Calloc(n, size) : PyMem_Malloc(n * size);
}

static void *plan_calloc(size_t n, size_t size) { return plan_take(n, size, 1); }
static void *plan_malloc(size_t size) { return plan_take(1, size, 0); }
static void plan_free(void *p) {
    const Scratch *s = &plan_scratch;
    if ((char *)p >= s->buf && (char *)p < s->buf + s->cap) return;  /* given back at its search's mark */
    PyMem_Free(p);
}

/* The start of a search: its mark. */
static ScratchMark scratch_enter(void) {
    Scratch *s = &plan_scratch;
    unsigned long me = PyThread_get_thread_ident();
    ScratchMark m = {s->used, 1};
    if (s->depth == 0) s->owner = me;
    else if (me != s->owner) { m.owned = 0; s->foreign++; }
    s->depth++;
    return m;
}

static void scratch_drop(Scratch *s) {
    PyMem_Free(s->buf);
    s->buf = NULL;
    s->cap = s->used = s->want = s->over = 0;
}

/* The end of the search that began at ``m``: its memory given back; with no search left, the block sized for
   the most asked (or freed when no caller holds it). */
static void scratch_leave(ScratchMark m) {
    Scratch *s = &plan_scratch;
    if (m.owned) s->used = m.used;  /* a foreign search took nothing from the block */
    else s->foreign--;
    if (--s->depth > 0) return;
    s->over = 0;
    s->used = 0;
    if (s->holds == 0) { scratch_drop(s); return; }
    if (s->want > s->cap && s->cap < SCRATCH_MAX) {
        size_t cap = s->cap ? s->cap : SCRATCH_START;
        while (cap < s->want && cap < SCRATCH_MAX) cap *= 2;
        PyMem_Free(s->buf);
        s->buf = PyMem_Malloc(cap);  /* NULL: every search's memory is PyMem's, as before */
        s->cap = s->buf != NULL ? cap : 0;
    }
}

/* A caller of many searches keeps the block between them (scratch_release at its end). */
static void scratch_hold(void) {
    Scratch *s = &plan_scratch;
    if (s->holds++ == 0 && s->depth == 0 && s->buf == NULL) {
        s->buf = PyMem_Malloc(SCRATCH_START);  /* the first search too (NULL: PyMem's, as before) */
        s->cap = s->buf != NULL ? SCRATCH_START : 0;
    }
}
static void scratch_release(void) {
    if (--plan_scratch.holds == 0 && plan_scratch.depth == 0) scratch_drop(&plan_scratch);
}

#define PyMem_Calloc(n, size) plan_calloc((n), (size))
#define PyMem_Malloc(size) plan_malloc((size))
#define PyMem_Free(p) plan_free((p))
#include "_allocation.c"

typedef struct {
    uint32_t word;   /* the node's first word (numbers are alphabetical) */
    int tiles;       /* the key's tiles */
    long moves;      /* the longest chain ending here (its moves; < 1: none) */
    Py_ssize_t at;   /* its position in the walk's order */
} Cand;

/* Ranks of a str of chr(rank) into counts; -1 and an exception for a rank out of range. */
static int read_ranks(const Trie *t, PyObject *text, uint8_t *counts, int *top) {
    if (!PyUnicode_Check(text)) { PyErr_SetString(PyExc_TypeError, "a tally is a str of rank codes"); return -1; }
    Py_ssize_t n = PyUnicode_GET_LENGTH(text);
    int kind = PyUnicode_KIND(text);
    const void *data = PyUnicode_DATA(text);
    for (Py_ssize_t i = 0; i < n; i++) {
        Py_UCS4 r = PyUnicode_READ(kind, data, i);
        if (r >= (Py_UCS4)t->n_ranks) { PyErr_SetString(PyExc_ValueError, "a tile code is out of range"); return -1; }
        if (counts[r] < 255) counts[r]++;
        if ((int)r > *top) *top = (int)r;
    }
    return 0;
}

static Letters lanes(const uint8_t *counts, int n_ranks) {
    Letters l;
    memset(&l, 0, sizeof l);
    for (int r = 0; r < n_ranks; r++) l.w[r >> 3] |= (uint64_t)counts[r] << ((r & 7) * 8);
    return l;
}

/* The terminal nodes of [lo, hi) the walk reached (need, opt), in walk order: a private array (*out). */
static Py_ssize_t walk_nodes(Trie *t, const uint8_t *need, int need_top, const uint8_t *opt, int top, Py_ssize_t lo,
                             Py_ssize_t hi, uint32_t **out) {
    if (lo < 1) lo = 1;
    if (hi > (Py_ssize_t)t->n_terminals + 1) hi = (Py_ssize_t)t->n_terminals + 1;
    uint32_t n = 0;
    if (lo < hi) jarnac_trie_walk(t, need, need_top, opt, top, 0, 0, &n);
    uint32_t *nodes = PyMem_Malloc(sizeof(uint32_t) * ((size_t)n + 1));
    if (nodes == NULL) { PyErr_NoMemory(); return -1; }
    Py_ssize_t m = 0;
    for (uint32_t i = 0; i < n; i++)
        if (t->front[i] >= lo && t->front[i] < hi) nodes[m++] = t->front[i];
    *out = nodes;
    return m;
}

/* _longest of the keys of ``nodes`` less ``less``: each node's tiles, first word and chain (c set up and run);
   0, or -1 with an exception (OutOfTime from check or a full memo goes through). */
static int node_chains(Trie *t, const uint32_t *nodes, Py_ssize_t n, const uint8_t *less, const Letters *weights,
                       Py_ssize_t n_weights, int base, int min_len, PyObject *check, PyObject *out_of_time, Chains *c,
                       Cand *cands) {
    c->base = base;
    c->check = check;
    c->out_of_time = out_of_time;
    c->n_keys = n;
    c->n_weights = n_weights;
    c->keys = PyMem_Calloc(n + 1, sizeof(Letters));
    c->weights = PyMem_Calloc(n_weights + 1, sizeof(Letters));
    c->starts = PyMem_Calloc(n + 1, 1);
    c->at_done = PyMem_Calloc(n + 1, 1);
    c->at_moves = PyMem_Calloc(n + 1, sizeof(long));
    c->at_prev = PyMem_Calloc(n + 1, sizeof(Py_ssize_t));
    for (c->slot_cap = 16; c->slot_cap < (size_t)n * 2 + 2; c->slot_cap *= 2) {}
    c->slots = PyMem_Calloc(c->slot_cap, sizeof(KeySlot));
    if (!c->keys || !c->weights || !c->starts || !c->at_done || !c->at_moves || !c->at_prev || !c->slots) {
        PyErr_NoMemory();
        return -1;
    }
    memcpy(c->weights, weights, sizeof(Letters) * (size_t)n_weights);
    for (size_t j = 0; j < c->slot_cap; j++) c->slots[j].index = -1;
    /* Speed: each key made in its lanes as the path up from the node is read, and the line's letters taken
       off eight ranks at a time (jarnac_trie_key_of's counts, then less, then lanes() were ~1/10 of a lane
       game's C, perf, en). A rank's count is at most 255 there; here a word's tiles are at most 127, so that
       the allocation's own lane tests (fits, minus) tell a count below the line's. */
    Letters less_lanes = lanes(less, t->n_ranks);
    for (Py_ssize_t k = 0; k < n; k++) {
        Letters key;
        memset(&key, 0, sizeof key);
        int size = 0;
        for (uint32_t v = nodes[k]; v != t->root; v = t->parent[v]) {
            if (v == 0 || size >= 127) { PyErr_SetString(PyExc_ValueError, "a node is not on the trie"); return -1; }
            int r = t->prank[v];
            key.w[r >> 3] += (uint64_t)1 << ((r & 7) * 8);
            size++;
        }
        if (!fits(&key, &less_lanes)) { PyErr_SetString(PyExc_ValueError, "a node does not hold its line"); return -1; }
        c->keys[k] = minus(&key, &less_lanes);
        cands[k].word = t->wids[t->wstart[nodes[k]]];
        cands[k].tiles = size;
        cands[k].at = k;
        c->starts[k] = (char)(base == 0 || size >= min_len);
        size_t j = memo_hash(&c->keys[k], 0, 0, 0) & (c->slot_cap - 1);
        while (c->slots[j].index >= 0 && memcmp(&c->slots[j].key, &c->keys[k], sizeof(Letters))) j = (j + 1) & (c->slot_cap - 1);
        if (c->slots[j].index < 0) { c->slots[j].key = c->keys[k]; c->slots[j].index = k; }
    }
    for (Py_ssize_t k = 0; k < n; k++) {
        if (chain_at(c, k) < 0) return -1;
        cands[k].moves = c->at_moves[k];
    }
    return 0;
}

static void free_chains(Chains *c) {
    PyMem_Free(c->keys); PyMem_Free(c->weights); PyMem_Free(c->starts); PyMem_Free(c->at_done);
    PyMem_Free(c->at_moves); PyMem_Free(c->at_prev); PyMem_Free(c->slots); PyMem_Free(c->below);
    memset(c, 0, sizeof *c);
}

/* sorted(key=(-moves, -gain, last word)): the gain is tiles² less a constant, so more tiles first. */
static int by_chain(const void *a, const void *b) {
    const Cand *x = a, *y = b;
    if (x->moves != y->moves) return x->moves > y->moves ? -1 : 1;
    if (x->tiles != y->tiles) return x->tiles > y->tiles ? -1 : 1;
    return (x->word > y->word) - (x->word < y->word);
}

/* singles: sorted(key=(-gain, word)). */
static int by_single(const void *a, const void *b) {
    const Cand *x = a, *y = b;
    if (x->tiles != y->tiles) return x->tiles > y->tiles ? -1 : 1;
    return (x->word > y->word) - (x->word < y->word);
}

/* The item tuple (packed key, moves, gain, used, short, [words of the chain]) of candidate x. */
static PyObject *item_of(Trie *t, const Chains *c, const Cand *x, const Cand *by_at, long moves, long gain, int used,
                         int is_short, int single) {
    uint8_t counts[MAX_RANKS];
    const Letters *key = &c->keys[x->at];
    for (int r = 0; r < t->n_ranks; r++) counts[r] = (uint8_t)(key->w[r >> 3] >> ((r & 7) * 8));
    PyObject *words = PyList_New(0);
    if (words == NULL) return NULL;
    if (single) {
        PyObject *w = jarnac_trie_word(t, x->word);
        if (w == NULL || PyList_Append(words, w) < 0) { Py_XDECREF(w); Py_DECREF(words); return NULL; }
        Py_DECREF(w);
    } else {
        for (Py_ssize_t at = x->at; at >= 0; at = c->at_prev[at]) {
            PyObject *w = jarnac_trie_word(t, by_at[at].word);
            if (w == NULL || PyList_Insert(words, 0, w) < 0) { Py_XDECREF(w); Py_DECREF(words); return NULL; }
            Py_DECREF(w);
        }
    }
    PyObject *packed = jarnac_packed_int(counts, t->n_ranks);
    if (packed == NULL) { Py_DECREF(words); return NULL; }
    return Py_BuildValue("(NlliON)", packed, moves, gain, used, is_short ? Py_True : Py_False, words);
}

/* One group of candidates: a line's extensions (line >= 0) or the new words (line -1), each group's chains. */
typedef struct {
    int line, old;          /* the line's index and tiles (new words: -1, 0) */
    Py_ssize_t n;           /* its keys, in walk order */
    Cand *by_at;            /* the keys, in walk order (a chain's words are read from here) */
    Letters *keys;          /* each key less the line's letters */
    Py_ssize_t *prev;       /* each key's chain: the key before it (-1: the start) */
    Cand *sorted;           /* the items, best first: keys with a chain (moves >= 1) */
    Py_ssize_t m;
    Cand *singles;          /* new words: every key as a single placement, most points first */
} Group;

typedef struct {
    Group *groups;          /* the lines' groups in line order, then the new words' (if any) */
    Py_ssize_t n_groups;
    int has_place;
    Letters rack;
    int rack_size;
} Candidates;

static void free_candidates(Candidates *cs) {
    for (Py_ssize_t g = 0; g < cs->n_groups; g++) {
        Group *gr = &cs->groups[g];
        PyMem_Free(gr->by_at); PyMem_Free(gr->keys); PyMem_Free(gr->prev); PyMem_Free(gr->sorted);
        PyMem_Free(gr->singles);
    }
    PyMem_Free(cs->groups);
    memset(cs, 0, sizeof *cs);
}

/* The group of nodes[0, n) (less ``less``): keys, chains, items sorted. 0, or -1 with an exception. */
static int make_group(Trie *t, Group *gr, const uint32_t *nodes, Py_ssize_t n, const uint8_t *less,
                      const Letters *weights, Py_ssize_t n_weights, int base, int min_len, PyObject *check,
                      PyObject *out_of_time) {
    Chains c;
    memset(&c, 0, sizeof c);
    int rc = -1;
    gr->n = n;
    gr->by_at = PyMem_Calloc(n + 1, sizeof(Cand));
    gr->sorted = PyMem_Calloc(n + 1, sizeof(Cand));
    gr->keys = PyMem_Calloc(n + 1, sizeof(Letters));
    gr->prev = PyMem_Calloc(n + 1, sizeof(Py_ssize_t));
    if (base != 0) gr->singles = PyMem_Calloc(n + 1, sizeof(Cand));
    if (!gr->by_at || !gr->sorted || !gr->keys || !gr->prev || (base != 0 && !gr->singles)) { PyErr_NoMemory(); goto done; }
    if (node_chains(t, nodes, n, less, weights, n_weights, base, min_len, check, out_of_time, &c, gr->by_at) < 0) goto done;
    memcpy(gr->keys, c.keys, sizeof(Letters) * (size_t)n);
    memcpy(gr->prev, c.at_prev, sizeof(Py_ssize_t) * (size_t)n);
    gr->m = 0;
    for (Py_ssize_t k = 0; k < n; k++)
        if (gr->by_at[k].moves >= 1) gr->sorted[gr->m++] = gr->by_at[k];
    qsort(gr->sorted, gr->m, sizeof(Cand), by_chain);
    if (base != 0) {
        memcpy(gr->singles, gr->by_at, sizeof(Cand) * (size_t)n);
        qsort(gr->singles, n, sizeof(Cand), by_single);
    }
    rc = 0;
done:
    free_chains(&c);
    return rc;
}

/* One line as the searches read it: off (no extension asked), or its counts (need), their highest rank, its
   tiles (old) and the node range [lo, hi) of its longer words. */
typedef struct {
    int on, need_top, old;
    Py_ssize_t lo, hi;
    uint8_t need[MAX_RANKS];
} LineSpec;

/* The groups of a rack (counts, its highest rank top, its size) on lines[0, n_lines): the walks and the chains
   made. 1 done, -1 an exception (the caller has checked the ranks: at most 32). */
static int candidates_of(Trie *t, const uint8_t *rack, int top, int rack_size, Py_ssize_t place_lo,
                         Py_ssize_t place_hi, const LineSpec *specs, Py_ssize_t n_lines, int min_len, PyObject *check,
                         PyObject *out_of_time, Candidates *cs) {
    uint8_t none[MAX_RANKS];
    memset(none, 0, sizeof none);
    cs->rack = lanes(rack, t->n_ranks);
    cs->rack_size = rack_size;
    /* The weights: one letter of each rank the rack holds, in rank order (the tally's order). */
    Letters weights[32];
    Py_ssize_t n_weights = 0;
    for (int r = 0; r < t->n_ranks; r++)
        if (rack[r]) {
            memset(&weights[n_weights], 0, sizeof(Letters));
            weights[n_weights].w[r >> 3] = (uint64_t)1 << ((r & 7) * 8);
            n_weights++;
        }
    cs->groups = PyMem_Calloc(n_lines + 2, sizeof(Group));
    if (cs->groups == NULL) { PyErr_NoMemory(); return -1; }
    uint32_t *nodes = NULL;
    for (Py_ssize_t i = 0; i < n_lines; i++) {
        const LineSpec *line = &specs[i];
        if (!line->on || top < 0 || line->need_top < 0) continue;
        Py_ssize_t n = walk_nodes(t, line->need, line->need_top, rack, top, line->lo, line->hi, &nodes);
        if (n < 0) return -1;
        if (n > 0) {
            Group *gr = &cs->groups[cs->n_groups++];
            gr->line = (int)i;
            gr->old = line->old;
            int rc = make_group(t, gr, nodes, n, line->need, weights, n_weights, 0, 0, check, out_of_time);
            if (rc == 0 && gr->m == 0) {  /* no chain on this line: no group (as _items keeps no empty list) */
                PyMem_Free(gr->by_at); PyMem_Free(gr->keys); PyMem_Free(gr->prev); PyMem_Free(gr->sorted);
                memset(gr, 0, sizeof *gr);
                cs->n_groups--;
            }
            if (rc < 0) { PyMem_Free(nodes); return -1; }
        }
        PyMem_Free(nodes);
        nodes = NULL;
    }
    if (place_lo < place_hi && top >= 0) {
        Py_ssize_t n = walk_nodes(t, none, -1, rack, top, place_lo, place_hi, &nodes);
        if (n < 0) return -1;
        if (n > 0) {
            Group *gr = &cs->groups[cs->n_groups++];
            gr->line = -1;
            cs->has_place = 1;
            int rc = make_group(t, gr, nodes, n, none, weights, n_weights, -1, min_len, check, out_of_time);
            PyMem_Free(nodes);
            if (rc < 0) return -1;
        } else {
            PyMem_Free(nodes);
        }
    }
    return 1;
}

/* A list of lines as the Python callers ask them (per line None or (its rank codes, node range lo, hi)) read
   into specs (at most max_lines); the count, or -1 with an exception. */
static Py_ssize_t read_lines(Trie *t, PyObject *lines, LineSpec *specs, Py_ssize_t max_lines) {
    Py_ssize_t n_lines = PyList_GET_SIZE(lines);
    if (n_lines > max_lines) { PyErr_SetString(PyExc_ValueError, "too many lines"); return -1; }
    for (Py_ssize_t i = 0; i < n_lines; i++) {
        PyObject *line = PyList_GET_ITEM(lines, i), *text;
        LineSpec *spec = &specs[i];
        memset(spec, 0, sizeof *spec);
        spec->need_top = -1;
        if (line == Py_None) continue;
        if (!PyArg_ParseTuple(line, "Unn", &text, &spec->lo, &spec->hi)) return -1;
        if (read_ranks(t, text, spec->need, &spec->need_top) < 0) return -1;
        spec->old = (int)PyUnicode_GET_LENGTH(text);
        spec->on = 1;
    }
    return n_lines;
}

#define MAX_SPEC_LINES 64

/* Every group of a tray: the arguments of ladder_items and ladder_plan (rack, place_lo, place_hi, lines, min_len)
   read, the walks and the chains made. 1 done, 0 for an alphabet of more than 32 ranks, -1 an exception. */
static int candidates(Trie *t, PyObject *rack_text, Py_ssize_t place_lo, Py_ssize_t place_hi, PyObject *lines,
                      int min_len, PyObject *check, PyObject *out_of_time, Candidates *cs) {
    memset(cs, 0, sizeof *cs);
    if (t->n_ranks > 32) return 0;  /* the Letters of _allocation.c hold 32 ranks: the Python path */
    if (jarnac_trie_prepare(t) < 0) return -1;
    uint8_t rack[MAX_RANKS];
    memset(rack, 0, sizeof rack);
    int top = -1;
    if (read_ranks(t, rack_text, rack, &top) < 0) return -1;
    Py_ssize_t n_lines = PyList_GET_SIZE(lines);
    LineSpec *specs = PyMem_Calloc(n_lines + 1, sizeof(LineSpec));
    if (specs == NULL) { PyErr_NoMemory(); return -1; }
    int rc = -1;
    if (read_lines(t, lines, specs, n_lines) >= 0)
        rc = candidates_of(t, rack, top, (int)PyUnicode_GET_LENGTH(rack_text), place_lo, place_hi, specs, n_lines,
                           min_len, check, out_of_time, cs);
    PyMem_Free(specs);
    return rc;
}

/* Item k of a group's sorted items (single: of its singles), as _items makes it. */
static PyObject *group_item(Trie *t, const Group *gr, Py_ssize_t k, int single, int min_len) {
    Chains view;  /* item_of reads the keys and the chains' previous keys */
    memset(&view, 0, sizeof view);
    view.keys = gr->keys;
    view.at_prev = gr->prev;
    const Cand *x = single ? &gr->singles[k] : &gr->sorted[k];
    long n2 = (long)x->tiles * x->tiles;
    if (single) return item_of(t, &view, x, gr->by_at, 1, n2, x->tiles, x->tiles < min_len, 1);
    if (gr->line >= 0)
        return item_of(t, &view, x, gr->by_at, x->moves, n2 - (long)gr->old * gr->old, x->tiles - gr->old, 0, 0);
    return item_of(t, &view, x, gr->by_at, x->moves, n2, x->tiles, 0, 0);
}

/* (line_items, new_items, singles) of every candidate, as _items makes them. */
static PyObject *all_items(Trie *t, const Candidates *cs, int min_len) {
    PyObject *line_items = PyList_New(0), *news = PyList_New(0), *singles = PyList_New(0), *result = NULL;
    if (!line_items || !news || !singles) goto done;
    for (Py_ssize_t g = 0; g < cs->n_groups; g++) {
        const Group *gr = &cs->groups[g];
        if (gr->line >= 0) {
            PyObject *items = PyList_New(gr->m), *index = PyLong_FromLong(gr->line);
            if (items == NULL || index == NULL) { Py_XDECREF(items); Py_XDECREF(index); goto done; }
            for (Py_ssize_t k = 0; k < gr->m; k++) {
                PyObject *item = group_item(t, gr, k, 0, min_len);
                PyObject *pair = item ? PyTuple_Pack(2, item, index) : NULL;
                Py_XDECREF(item);
                if (pair == NULL) { Py_DECREF(items); Py_DECREF(index); goto done; }
                PyList_SET_ITEM(items, k, pair);
            }
            Py_DECREF(index);
            int rc = PyList_Append(line_items, items);
            Py_DECREF(items);
            if (rc < 0) goto done;
        } else {
            for (Py_ssize_t k = 0; k < gr->m; k++) {
                PyObject *item = group_item(t, gr, k, 0, min_len);
                if (item == NULL || PyList_Append(news, item) < 0) { Py_XDECREF(item); goto done; }
                Py_DECREF(item);
            }
            for (Py_ssize_t k = 0; k < gr->n; k++) {
                PyObject *item = group_item(t, gr, k, 1, min_len);
                if (item == NULL || PyList_Append(singles, item) < 0) { Py_XDECREF(item); goto done; }
                Py_DECREF(item);
            }
        }
    }
    result = PyTuple_Pack(3, line_items, news, singles);
done:
    Py_XDECREF(line_items); Py_XDECREF(news); Py_XDECREF(singles);
    return result;
}

/* ladder_items(rack, place_lo, place_hi, lines, min_len, check, out_of_time) -> (line_items, new_items, singles)
   as planning/chains.py's chain_items makes them, or None for an alphabet of more than 32 letter ranks.
   rack: its rank codes (str); place_lo/hi: the place words' node range (equal: no place); lines: per line
   None or (its rank codes, node range lo, hi); min_len: the rules' minimum (a chain of new words starts at a
   word that long); check: the deadline's check or None. */
PyObject *Trie_ladder_items(Trie *t, PyObject *args, PyObject *kwds) {
    static char *kw[] = {"rack", "place_lo", "place_hi", "lines", "min_len", "check", "out_of_time", NULL};
    PyObject *rack_text, *lines, *check, *out_of_time;
    Py_ssize_t place_lo, place_hi;
    int min_len;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "UnnO!iOO", kw, &rack_text, &place_lo, &place_hi, &PyList_Type, &lines, &min_len, &check,
                          &out_of_time))
        return NULL;
    Candidates cs;
    int rc = candidates(t, rack_text, place_lo, place_hi, lines, min_len, check == Py_None ? NULL : check,
                        out_of_time, &cs);
    PyObject *result = rc < 0 ? NULL : rc == 0 ? Py_NewRef(Py_None) : all_items(t, &cs, min_len);
    free_candidates(&cs);
    return result;
}

/* Which candidate each chain of a search is: chain number n's answer object is refs[n] (the number n itself:
   no item is made before the search has chosen), from group group[n], its k[n]th item (single[n]: of the
   group's singles). */
typedef struct {
    PyObject **refs;
    Py_ssize_t *group, *k;
    char *single;
    Py_ssize_t n;
} Refs;

static void free_refs(Refs *R) {
    if (R->refs) for (Py_ssize_t k = 0; k < R->n; k++) Py_XDECREF(R->refs[k]);
    PyMem_Free(R->refs); PyMem_Free(R->group); PyMem_Free(R->k); PyMem_Free(R->single);
    memset(R, 0, sizeof *R);
}

/* The items of every group (the chains, and the new words' singles too). */
static Py_ssize_t candidates_total(const Candidates *cs) {
    Py_ssize_t total = 0;
    for (Py_ssize_t g = 0; g < cs->n_groups; g++) total += cs->groups[g].m + (cs->groups[g].line < 0 ? cs->groups[g].n : 0);
    return total;
}

/* _allocation.c's ladder search over the chains of cs, in _items's order (the lines' chains, the new chains,
   the singles): its answer (chain numbers for the lines, (number, None) pairs for the new chains; R says which
   candidate a number is), or NULL with an exception. L->clock.stopped == 2 after it: not proven (the deadline,
   or the memo's limit). The caller frees L and R. */
static PyObject *search_candidates(const Candidates *cs, int free_lines, int seat_min, PyObject *check,
                                   PyObject *out_of_time, Ladder *L, Refs *R) {
    Py_ssize_t total = candidates_total(cs);
    R->refs = PyMem_Calloc(total + 1, sizeof(PyObject *));
    R->group = PyMem_Calloc(total + 1, sizeof(Py_ssize_t));
    R->k = PyMem_Calloc(total + 1, sizeof(Py_ssize_t));
    R->single = PyMem_Calloc(total + 1, 1);
    L->lines = PyMem_Calloc(cs->n_groups + 1, sizeof(Chain *));
    L->line_len = PyMem_Calloc(cs->n_groups + 1, sizeof(Py_ssize_t));
    if (!R->refs || !R->group || !R->k || !R->single || !L->lines || !L->line_len) return PyErr_NoMemory();
#define NEW_REF(g, kk, s) \
    (R->group[R->n] = (g), R->k[R->n] = (kk), R->single[R->n] = (char)(s), R->refs[R->n] = PyLong_FromSsize_t(R->n), \
     R->refs[R->n++])
    for (Py_ssize_t g = 0; g < cs->n_groups; g++) {
        const Group *gr = &cs->groups[g];
        if (gr->line < 0) {
            L->news = PyMem_Calloc(gr->m + 1, sizeof(Chain));
            L->singles = PyMem_Calloc(gr->n + 1, sizeof(Chain));
            if (!L->news || !L->singles) return PyErr_NoMemory();
            for (Py_ssize_t k = 0; k < gr->m; k++) {
                const Cand *x = &gr->sorted[k];
                Chain *c = &L->news[k];
                c->packed = gr->keys[x->at]; c->moves = x->moves; c->gain = (long)x->tiles * x->tiles; c->used = x->tiles;
                if ((c->obj = NEW_REF(g, k, 0)) == NULL) return NULL;
            }
            for (Py_ssize_t k = 0; k < gr->n; k++) {
                const Cand *x = &gr->singles[k];
                Chain *c = &L->singles[k];
                c->packed = gr->keys[x->at]; c->moves = 1; c->gain = (long)x->tiles * x->tiles; c->used = x->tiles;
                if ((c->obj = NEW_REF(g, k, 1)) == NULL) return NULL;
            }
            L->n_new = gr->m;
            L->n_single = gr->n;
        } else {
            Chain *chains = PyMem_Calloc(gr->m + 1, sizeof(Chain));
            if (chains == NULL) return PyErr_NoMemory();
            L->lines[L->n_lines] = chains;
            L->line_len[L->n_lines++] = gr->m;
            for (Py_ssize_t k = 0; k < gr->m; k++) {
                const Cand *x = &gr->sorted[k];
                Chain *c = &chains[k];
                c->packed = gr->keys[x->at]; c->moves = x->moves;
                c->gain = (long)x->tiles * x->tiles - (long)gr->old * gr->old; c->used = x->tiles - gr->old;
                if ((c->obj = NEW_REF(g, k, 0)) == NULL) return NULL;
            }
        }
    }
#undef NEW_REF
    /* ladder()'s set-up and search, on these chains. */
    L->free = free_lines; L->seat_min = seat_min;
    L->clock.check = check;
    L->clock.out_of_time = out_of_time;
    L->greedy_pending = 1;
    L->fb = ladder_bounds(L, cs->rack_size, 0);
    if (L->fb == NULL || PyErr_Occurred()) return NULL;
    L->sb = ladder_bounds(L, cs->rack_size, 1);
    if (L->sb == NULL || PyErr_Occurred()) return NULL;
    return ladder_search(L, cs->rack, cs->rack_size);
}

/* The chain number of an answer's entry (a number, or a (number, None) pair); -1 with an exception. */
static Py_ssize_t answer_ref(PyObject *e, const Refs *R, int *is_new) {
    *is_new = PyTuple_Check(e);
    Py_ssize_t r = PyLong_AsSsize_t(*is_new ? PyTuple_GET_ITEM(e, 0) : e);
    if (r < 0 || r >= R->n) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_SystemError, "a chain out of range");
        return -1;
    }
    return r;
}

/* ladder_plan(rack, place_lo, place_hi, lines, min_len, free, seat_min, check, seconds, out_of_time, per_item) ->
   plan_ladder's search in one call: ("plan", [(item, line or None) of the ladder chosen], proven) -- the items
   made for the chosen chains only -- or, when the deadline (its ``check``, None: no deadline) has fewer
   ``seconds`` left than the search's set-up costs (``per_item`` an item: ladder.py's _SECONDS_AN_ITEM),
   ("items", line_items, new_items, singles) for the greedy ladder; None for an alphabet of more than 32 letter ranks. The search is _allocation.c's ``ladder`` over
   the same chains in the same order (each chain's answer object a number until the end), so the same plan. */
PyObject *Trie_ladder_plan(Trie *t, PyObject *args, PyObject *kwds) {
    static char *kw[] = {"rack", "place_lo", "place_hi", "lines", "min_len", "free", "seat_min", "check", "seconds",
                         "out_of_time", "per_item", NULL};
    PyObject *rack_text, *lines, *check, *out_of_time;
    Py_ssize_t place_lo, place_hi;
    int min_len, free_lines, seat_min;
    double seconds, per_item;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "UnnO!iiiOdOd", kw, &rack_text, &place_lo, &place_hi, &PyList_Type, &lines, &min_len,
                          &free_lines, &seat_min, &check, &seconds, &out_of_time, &per_item))
        return NULL;
    if (free_lines < 0 || free_lines > 1000) { PyErr_SetString(PyExc_ValueError, "free lines out of range"); return NULL; }
    PyObject *result = NULL, *pairs = NULL, *answer = NULL;
    check = check == Py_None ? NULL : Py_NewRef(check);
    Candidates cs;
    int rc = candidates(t, rack_text, place_lo, place_hi, lines, min_len, check, out_of_time, &cs);
    Ladder L;
    memset(&L, 0, sizeof L);
    Refs R;
    memset(&R, 0, sizeof R);
    if (rc <= 0) { result = rc < 0 ? NULL : Py_NewRef(Py_None); goto done; }
    if (check != NULL && seconds < (double)candidates_total(&cs) * per_item) {
        PyObject *items = all_items(t, &cs, min_len);
        if (items != NULL) result = Py_BuildValue("(sOOO)", "items", PyTuple_GET_ITEM(items, 0),
                                                  PyTuple_GET_ITEM(items, 1), PyTuple_GET_ITEM(items, 2));
        Py_XDECREF(items);
        goto done;
    }
    answer = search_candidates(&cs, free_lines, seat_min, check, out_of_time, &L, &R);
    if (answer == NULL) goto done;
    /* The answer's numbers (lines' chains) and (number, None) pairs (new chains) as (item, line) pairs. */
    pairs = PyList_New(PyList_GET_SIZE(answer));
    if (pairs == NULL) goto done;
    for (Py_ssize_t a = 0; a < PyList_GET_SIZE(answer); a++) {
        int is_new;
        Py_ssize_t r = answer_ref(PyList_GET_ITEM(answer, a), &R, &is_new);
        if (r < 0) { Py_CLEAR(pairs); goto done; }
        const Group *gr = &cs.groups[R.group[r]];
        PyObject *item = group_item(t, gr, R.k[r], R.single[r], min_len);
        PyObject *line = is_new ? Py_NewRef(Py_None) : PyLong_FromLong(gr->line);
        PyObject *pair = item && line ? PyTuple_Pack(2, item, line) : NULL;
        Py_XDECREF(item); Py_XDECREF(line);
        if (pair == NULL) { Py_CLEAR(pairs); goto done; }
        PyList_SET_ITEM(pairs, a, pair);
    }
    result = Py_BuildValue("(sOO)", "plan", pairs, L.clock.stopped == 2 ? Py_False : Py_True);
done:
    free_refs(&R);
    Py_XDECREF(pairs); Py_XDECREF(answer);
    ladder_free(&L);
    free_candidates(&cs);
    Py_XDECREF(check);
    return result;
}

/* ladder_outcomes(jobs, min_len, vowel_ranks, out_of_time) -> for each job (rack, place_lo, place_hi, lines, free, seat_min:
   ladder_plan's arguments, no deadline) what its ladder leads to, without a Move or a Tray made: (moves,
   points gained, lines placed, vowels left on the rack, letters left on the rack, proven); None for an alphabet
   of more than 32 letter ranks. vowel_ranks[rank]: 1 for a vowel; out_of_time raised when a memo is full (as
   ladder_plan raises it: the caller plans that rack the other way). The same search as ladder_plan, so the same
   ladder (tests/test_planout.py checks these against plan_ladder's trays). The planner's start values eight
   sampled racks per action, twenty actions a start, with one call (planning/planout.py). */
PyObject *Trie_ladder_outcomes(Trie *t, PyObject *args) {
    PyObject *jobs, *out_of_time;
    int min_len;
    Py_buffer vowels;
    if (!PyArg_ParseTuple(args, "O!iy*O", &PyList_Type, &jobs, &min_len, &vowels, &out_of_time)) return NULL;
    PyObject *result = NULL;
    if (vowels.len < t->n_ranks) { PyErr_SetString(PyExc_ValueError, "ladder_outcomes: a vowel flag a rank"); goto out; }
    if (t->n_ranks > 32) { result = Py_NewRef(Py_None); goto out; }
    const uint8_t *is_vowel = vowels.buf;
    result = PyList_New(PyList_GET_SIZE(jobs));
    if (result == NULL) goto out;
    for (Py_ssize_t j = 0; j < PyList_GET_SIZE(jobs); j++) {
        PyObject *rack_text, *lines;
        Py_ssize_t place_lo, place_hi;
        int free_lines, seat_min;
        if (!PyArg_ParseTuple(PyList_GET_ITEM(jobs, j), "UnnO!ii", &rack_text, &place_lo, &place_hi, &PyList_Type,
                              &lines, &free_lines, &seat_min)) { Py_CLEAR(result); goto out; }
        if (free_lines < 0 || free_lines > 1000) {
            PyErr_SetString(PyExc_ValueError, "free lines out of range");
            Py_CLEAR(result);
            goto out;
        }
        Candidates cs;
        Ladder L;
        memset(&L, 0, sizeof L);
        Refs R;
        memset(&R, 0, sizeof R);
        PyObject *answer = NULL, *row = NULL;
        /* rc is never 0 here (the ranks were checked above): 1, or -1 with an exception. */
        int rc = candidates(t, rack_text, place_lo, place_hi, lines, min_len, NULL, out_of_time, &cs);
        if (rc > 0) answer = search_candidates(&cs, free_lines, seat_min, NULL, out_of_time, &L, &R);
        if (answer != NULL) {
            long moves = 0, gain = 0;
            int placed = 0, used = 0, used_vowels = 0, rack_vowels = 0;
            Letters rack = cs.rack;
            for (int r = 0; r < t->n_ranks; r++)
                if (is_vowel[r]) rack_vowels += (int)((rack.w[r >> 3] >> ((r & 7) * 8)) & 0xff);
            Py_ssize_t a;
            for (a = 0; a < PyList_GET_SIZE(answer); a++) {
                int is_new;
                Py_ssize_t r = answer_ref(PyList_GET_ITEM(answer, a), &R, &is_new);
                if (r < 0) break;
                const Group *gr = &cs.groups[R.group[r]];
                const Cand *x = R.single[r] ? &gr->singles[R.k[r]] : &gr->sorted[R.k[r]];
                const Letters *key = &gr->keys[x->at];
                moves += R.single[r] ? 1 : x->moves;
                gain += (long)x->tiles * x->tiles - (long)gr->old * gr->old * (gr->line >= 0);
                used += x->tiles - (gr->line >= 0 ? gr->old : 0);
                placed += gr->line < 0;
                for (int k = 0; k < t->n_ranks; k++)
                    if (is_vowel[k]) used_vowels += (int)((key->w[k >> 3] >> ((k & 7) * 8)) & 0xff);
            }
            if (a == PyList_GET_SIZE(answer))
                row = Py_BuildValue("(lliiiO)", moves, gain, placed, rack_vowels - used_vowels, cs.rack_size - used,
                                    L.clock.stopped == 2 ? Py_False : Py_True);
        }
        Py_XDECREF(answer);
        free_refs(&R);
        ladder_free(&L);
        free_candidates(&cs);
        if (row == NULL) { Py_CLEAR(result); goto out; }
        PyList_SET_ITEM(result, j, row);
    }
out:
    PyBuffer_Release(&vowels);
    return result;
}

/* -- best_jarnac's candidates and search in one call (Trie.jarnac_plan) ----------------------------------- */

/* What a candidate steal needs to become its row once chosen. */
typedef struct {
    uint32_t node, word;
    int tiles;
    Py_ssize_t line;  /* the index in ``lines`` of its line, -1 for a new word */
} Steal1;

static int steal_by_word(const void *a, const void *b) {
    uint32_t x = ((const Steal1 *)a)->word, y = ((const Steal1 *)b)->word;
    return (x > y) - (x < y);
}

/* jarnac_plan(rack, place_lo, place_hi, lines, row_type, min_len, last_min, by_swing, free_lines, passer_free,
               last_free_thief, last_free_passer, check, out_of_time) -> (first, second, [rows chosen], proven),
   or None past 32 letter ranks: Trie.steals and _allocation.c's optimise in one call, the rows (``row_type``:
   moves/jarnac.py's _Row) made for the steals chosen only. lines: per line None or (its rank codes, node range
   lo, hi, index, old word, old tiles), as steals takes them. The same entries in the same order as optimise
   makes from steals' rows (each line's rows by word, then seatable ones best first, stable), so the same plan. */
PyObject *Trie_jarnac_plan(Trie *t, PyObject *args, PyObject *kwds) {
    static char *kw[] = {"rack", "place_lo", "place_hi", "lines", "row_type", "min_len", "last_min", "by_swing",
                         "free_lines", "passer_free", "last_free_thief", "last_free_passer", "check", "out_of_time",
                         NULL};
    PyObject *rack_text, *lines, *check, *out_of_time;
    PyTypeObject *type;
    Py_ssize_t place_lo, place_hi;
    int min_len, last_min, by_swing, free_lines, passer_free, last_thief, last_passer;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "UnnO!O!iipiippOO", kw, &rack_text, &place_lo, &place_hi, &PyList_Type, &lines,
                          &PyType_Type, &type, &min_len, &last_min, &by_swing, &free_lines, &passer_free, &last_thief,
                          &last_passer, &check, &out_of_time))
        return NULL;
    if (!PyType_IsSubtype(type, &PyTuple_Type) || type->tp_basicsize != PyTuple_Type.tp_basicsize ||
        type->tp_itemsize != PyTuple_Type.tp_itemsize) {
        PyErr_SetString(PyExc_TypeError, "the row type is a named tuple");
        return NULL;
    }
    if (free_lines < 0 || passer_free < 0 || free_lines > 1000) { PyErr_SetString(PyExc_ValueError, "counts out of range"); return NULL; }
    if (t->n_ranks > 32) Py_RETURN_NONE;
    if (jarnac_trie_prepare(t) < 0) return NULL;
    uint8_t rack[MAX_RANKS], need[MAX_RANKS], none[MAX_RANKS], counts[MAX_RANKS];
    memset(rack, 0, sizeof rack);
    memset(none, 0, sizeof none);
    int top = -1;
    if (read_ranks(t, rack_text, rack, &top) < 0) return NULL;
    int rack_size = (int)PyUnicode_GET_LENGTH(rack_text);
    Py_ssize_t n_lines = PyList_GET_SIZE(lines);
    PyObject *result = NULL, **refs = NULL, *found_list = NULL;
    Steal1 *steals = NULL;
    Py_ssize_t n_steals = 0, cap = 0, n_refs = 0;
    Entry **kept = NULL;
    Py_ssize_t *kept_len = NULL, n_kept = 0;
    uint32_t *nodes = NULL;
    Search s;
    memset(&s, 0, sizeof s);
    kept = PyMem_Calloc(n_lines + 1, sizeof(Entry *));
    kept_len = PyMem_Calloc(n_lines + 1, sizeof(Py_ssize_t));
    if (!kept || !kept_len) { PyErr_NoMemory(); goto done; }
    /* Each group (a line's extensions, then the new words): its steals by word, its seatable entries best first. */
    for (Py_ssize_t i = 0; i <= n_lines; i++) {
        const uint8_t *less = none;
        int less_top = -1, old_tiles = 0;
        Py_ssize_t lo = place_lo, hi = place_hi, n = 0;
        if (i < n_lines) {
            PyObject *line = PyList_GET_ITEM(lines, i), *text, *index, *old, *old_n;
            if (line == Py_None || top < 0) continue;
            if (!PyArg_ParseTuple(line, "UnnOOO", &text, &lo, &hi, &index, &old, &old_n)) goto done;
            memset(need, 0, sizeof need);
            if (read_ranks(t, text, need, &less_top) < 0) goto done;
            less = need;
            old_tiles = (int)PyUnicode_GET_LENGTH(text);
        } else if (top < 0) {
            break;
        }
        n = walk_nodes(t, less, less_top, rack, top, lo, hi, &nodes);
        if (n < 0) goto done;
        if (n_steals + n > cap) {
            Py_ssize_t grown_cap = (n_steals + n) * 2 + 16;
            Steal1 *grown = PyMem_Realloc(steals, sizeof(Steal1) * (size_t)grown_cap);
            PyObject **grown_refs = PyMem_Realloc(refs, sizeof(PyObject *) * (size_t)grown_cap);
            if (grown) steals = grown;
            if (grown_refs) refs = grown_refs;
            if (!grown || !grown_refs) { PyErr_NoMemory(); goto done; }
            cap = grown_cap;
        }
        Steal1 *group = n > 0 ? steals + n_steals : NULL;  /* no arithmetic on a NULL buffer (none grown yet) */
        for (Py_ssize_t k = 0; k < n; k++) {
            group[k].node = nodes[k];
            group[k].word = t->wids[t->wstart[nodes[k]]];
            group[k].line = i < n_lines ? i : -1;
        }
        PyMem_Free(nodes);
        nodes = NULL;
        if (n > 1) qsort(group, n, sizeof(Steal1), steal_by_word);
        Ranked *r = PyMem_Calloc(n + 1, sizeof(Ranked));
        if (r == NULL) { PyErr_NoMemory(); goto done; }
        Py_ssize_t m = 0;
        for (Py_ssize_t k = 0; k < n; k++) {
            int tiles = jarnac_trie_key_of(t, group[k].node, counts);
            if (tiles < 0) { PyMem_Free(r); goto done; }
            group[k].tiles = tiles;
            for (int q = 0; q < t->n_ranks; q++) counts[q] -= less[q];
            Py_ssize_t at = n_steals + k;
            refs[at] = PyLong_FromSsize_t(at);
            n_refs = at + 1;
            if (refs[at] == NULL) { PyMem_Free(r); goto done; }
            if (tiles < min_len && tiles < last_min) continue;  /* no line of the rules seats it */
            Entry *e = &r[m].e;
            long gain = (long)tiles * tiles, swing = gain + (long)old_tiles * old_tiles;
            e->packed = lanes(counts, t->n_ranks);
            e->first = by_swing ? swing : gain;
            e->second = by_swing ? gain : swing;
            e->used = tiles - old_tiles;
            e->is_short = tiles < min_len;
            e->fits_last = tiles >= last_min;
            e->item = refs[at];
            r[m].order = k;
            m++;
        }
        n_steals += n;
        Entry *entries = PyMem_Calloc(m + 1, sizeof(Entry));
        if (entries == NULL) { PyMem_Free(r); PyErr_NoMemory(); goto done; }
        best_first(r, m, entries);
        PyMem_Free(r);
        if (i == n_lines) {
            s.words = entries;
            s.n_words = m;
        } else if (m == 0) {
            PyMem_Free(entries);
        } else {
            kept[n_kept] = entries;
            kept_len[n_kept++] = m;
        }
    }
    /* optimise's set-up from here: the lines with a seatable steal, the most valuable first. */
    Py_ssize_t total = order_lines(&s, kept, kept_len, n_kept);
    if (total < 0) goto done;
    total += s.n_words;
    s.free_lines = free_lines; s.passer_free = passer_free;
    s.last_free_thief = last_thief; s.last_free_passer = last_passer;
    s.clock.check = check == Py_None ? NULL : check;
    s.clock.out_of_time = out_of_time;
    s.fb = knapsack(&s, rack_size, 0);
    if (PyErr_Occurred()) goto done;
    s.sb = knapsack(&s, rack_size, 1);
    if (PyErr_Occurred()) goto done;
    found_list = run_search(&s, lanes(rack, t->n_ranks), rack_size, free_lines, total);
    if (found_list == NULL) goto done;
    {
        /* (first, second, [refs], proven): each ref's row, made now. */
        long first = PyLong_AsLong(PyTuple_GET_ITEM(found_list, 0)), second = PyLong_AsLong(PyTuple_GET_ITEM(found_list, 1));
        PyObject *chosen = PyTuple_GET_ITEM(found_list, 2), *proven = PyTuple_GET_ITEM(found_list, 3);
        PyObject *rows = PyList_New(PyList_GET_SIZE(chosen));
        PyObject *zero = PyLong_FromLong(0);
        if (rows == NULL || zero == NULL) { Py_XDECREF(rows); Py_XDECREF(zero); goto done; }
        for (Py_ssize_t a = 0; a < PyList_GET_SIZE(chosen); a++) {
            Py_ssize_t at = PyLong_AsSsize_t(PyList_GET_ITEM(chosen, a));
            if (at < 0 || at >= n_steals) { Py_DECREF(rows); Py_DECREF(zero); if (!PyErr_Occurred()) PyErr_SetString(PyExc_SystemError, "a steal out of range"); goto done; }
            const Steal1 *x = &steals[at];
            PyObject *line_obj = Py_None, *old = Py_None, *old_n = zero, *text = NULL;
            memset(need, 0, sizeof need);
            int need_top = -1;
            if (x->line >= 0) {
                PyObject *line = PyList_GET_ITEM(lines, x->line), *index;
                Py_ssize_t lo, hi;
                if (!PyArg_ParseTuple(line, "UnnOOO", &text, &lo, &hi, &index, &old, &old_n)) { Py_DECREF(rows); Py_DECREF(zero); goto done; }
                line_obj = index;
                if (read_ranks(t, text, need, &need_top) < 0) { Py_DECREF(rows); Py_DECREF(zero); goto done; }
            }
            if (jarnac_trie_key_of(t, x->node, counts) < 0) { Py_DECREF(rows); Py_DECREF(zero); goto done; }
            for (int q = 0; q < t->n_ranks; q++) counts[q] -= need[q];
            PyObject *packed = jarnac_packed_int(counts, t->n_ranks), *number = PyLong_FromUnsignedLong(x->word);
            PyObject *row = packed && number ? jarnac_item_row(type, packed, x->tiles, number, line_obj, old, old_n) : NULL;
            if (row == NULL) {
                if (!packed || !number) { Py_XDECREF(packed); Py_XDECREF(number); }  /* else item_row released both */
                Py_DECREF(rows); Py_DECREF(zero); goto done;
            }
            PyList_SET_ITEM(rows, a, row);
        }
        Py_DECREF(zero);
        result = Py_BuildValue("(llNO)", first, second, rows, proven);
    }
done:
    Py_XDECREF(found_list);
    if (refs) for (Py_ssize_t k = 0; k < n_refs; k++) Py_XDECREF(refs[k]);
    PyMem_Free(refs);
    PyMem_Free(steals);
    PyMem_Free(nodes);
    if (kept) for (Py_ssize_t k = 0; k < n_kept; k++) PyMem_Free(kept[k]);
    PyMem_Free(kept); PyMem_Free(kept_len);
    free_search(&s);
    return result;
}

/* -- the planner's move decision in one call (Trie.planner_move) ------------------------------------------ */

/* Where a ladder leads (ladder_outcomes' numbers) and its first move as plan_ladder's _moves orders it. */
typedef struct {
    long moves, gain;
    int placed, vowels, left, n;
    int exact;               /* the search proven (not stopped at a memo's limit) */
    int first_kind;          /* 1 extend, 2 place (0: an empty ladder) */
    int first_line;          /* the line extended (extend) */
    uint32_t first_word;     /* the word's number */
} Totals;

/* The first word of a chosen chain (its earliest key's word). */
static uint32_t chain_first_word(const Group *gr, const Cand *x, int single) {
    if (single) return x->word;
    Py_ssize_t at = x->at;
    while (gr->prev[at] >= 0) at = gr->prev[at];
    return gr->by_at[at].word;
}

/* The longest ladder of a rack on specs (as plan_ladder searches it with no deadline): its totals. 1 done, 0 a
   memo past its limit (OutOfTime cleared: the caller hands the decision back), -1 an exception. */
static int ladder_totals_in(Trie *t, const uint8_t *rack, int rack_size, Py_ssize_t place_lo, Py_ssize_t place_hi,
                            const LineSpec *specs, Py_ssize_t n_lines, int min_len, int free_lines, int seat_min,
                            const uint8_t *is_vowel, PyObject *out_of_time, Totals *out);

/* ladder_totals_in inside the scratch (its memory given back at its end). */
static int ladder_totals(Trie *t, const uint8_t *rack, int rack_size, Py_ssize_t place_lo, Py_ssize_t place_hi,
                         const LineSpec *specs, Py_ssize_t n_lines, int min_len, int free_lines, int seat_min,
                         const uint8_t *is_vowel, PyObject *out_of_time, Totals *out) {
    ScratchMark mark = scratch_enter();
    int rc = ladder_totals_in(t, rack, rack_size, place_lo, place_hi, specs, n_lines, min_len, free_lines, seat_min,
                              is_vowel, out_of_time, out);
    scratch_leave(mark);
    return rc;
}

static int ladder_totals_in(Trie *t, const uint8_t *rack, int rack_size, Py_ssize_t place_lo, Py_ssize_t place_hi,
                            const LineSpec *specs, Py_ssize_t n_lines, int min_len, int free_lines, int seat_min,
                            const uint8_t *is_vowel, PyObject *out_of_time, Totals *out) {
    int top = -1;
    for (int r = 0; r < t->n_ranks; r++) if (rack[r]) top = r;
    Candidates cs;
    memset(&cs, 0, sizeof cs);
    Ladder L;
    memset(&L, 0, sizeof L);
    Refs R;
    memset(&R, 0, sizeof R);
    PyObject *answer = NULL;
    int rc = -1;
    memset(out, 0, sizeof *out);
    if (candidates_of(t, rack, top, rack_size, free_lines > 0 ? place_lo : 0, free_lines > 0 ? place_hi : 0, specs,
                      n_lines, min_len, NULL, out_of_time, &cs) > 0)
        answer = search_candidates(&cs, free_lines, seat_min, NULL, out_of_time, &L, &R);
    if (answer == NULL) {
        if (PyErr_ExceptionMatches(out_of_time)) { PyErr_Clear(); rc = 0; }
        goto done;
    }
    int rack_vowels = 0, used_vowels = 0, used = 0;
    for (int r = 0; r < t->n_ranks; r++)
        if (is_vowel[r]) rack_vowels += rack[r];
    int best_line = INT32_MAX, first_new = -1, first_long_new = -1;
    uint32_t line_word = 0, new_word = 0, long_word = 0;
    Py_ssize_t n = PyList_GET_SIZE(answer);
    for (Py_ssize_t a = 0; a < n; a++) {
        int is_new;
        Py_ssize_t r = answer_ref(PyList_GET_ITEM(answer, a), &R, &is_new);
        if (r < 0) goto done;
        const Group *gr = &cs.groups[R.group[r]];
        int single = R.single[r];
        const Cand *x = single ? &gr->singles[R.k[r]] : &gr->sorted[R.k[r]];
        const Letters *key = &gr->keys[x->at];
        out->moves += single ? 1 : x->moves;
        out->gain += (long)x->tiles * x->tiles - (long)gr->old * gr->old * (gr->line >= 0);
        used += x->tiles - (gr->line >= 0 ? gr->old : 0);
        out->placed += gr->line < 0;
        for (int k = 0; k < t->n_ranks; k++)
            if (is_vowel[k]) used_vowels += (int)((key->w[k >> 3] >> ((k & 7) * 8)) & 0xff);
        /* _moves: the lines' chains by line first; else the new chains, a short single (item[4]) last. */
        if (gr->line >= 0) {
            if (gr->line < best_line) { best_line = gr->line; line_word = chain_first_word(gr, x, 0); }
        } else {
            uint32_t w = chain_first_word(gr, x, single);
            if (first_new < 0) { first_new = (int)a; new_word = w; }
            if (first_long_new < 0 && !(single && x->tiles < min_len)) { first_long_new = (int)a; long_word = w; }
        }
    }
    out->n = (int)n;
    out->exact = L.clock.stopped != 2;
    out->vowels = rack_vowels - used_vowels;
    out->left = rack_size - used;
    if (best_line != INT32_MAX) {
        out->first_kind = 1; out->first_line = best_line; out->first_word = line_word;
    } else if (first_new >= 0) {
        out->first_kind = 2; out->first_line = -1; out->first_word = first_long_new >= 0 ? long_word : new_word;
    }
    rc = 1;
done:
    Py_XDECREF(answer);
    free_refs(&R);
    ladder_free(&L);
    free_candidates(&cs);
    return rc;
}

/* A legal move as first_moves orders it: (letters used, -points, its notation). */
typedef struct {
    int letters, points, kind, line, tiles;
    uint32_t word, node;
    char text[48];  /* str(move): "+WORD" or "N:OLD+ADDED=NEW" (words of at most 9 one-byte tiles) */
} Legal;

static int by_first_moves(const void *a, const void *b) {
    const Legal *x = a, *y = b;
    if (x->letters != y->letters) return x->letters < y->letters ? -1 : 1;
    if (x->points != y->points) return x->points > y->points ? -1 : 1;
    return strcmp(x->text, y->text);
}

/* The text of word number w (ASCII: one byte a tile, ``tiles`` bytes). */
static const char *word_text(const Trie *t, uint32_t w) { return t->text + t->wpos[w]; }

/* The weights turn_value_of reads (strategy.Weights): line, draw, leave, win, and the learned value's gain,
   rack and vowel (1, 0, 0 in the hand-set value: their terms are skipped then, as in Python, so the hand-set
   value is the same double). */
typedef struct { double line, draw, leave, win, gain, rack, vowel; } TurnWeights;

/* turn_value_of (planout.py), its operations in the same order (the same doubles, so the same ties). */
#if defined(__GNUC__) && !defined(__clang__)
__attribute__((optimize("fp-contract=off")))
#endif
static double turn_value_c(long gained, int lines, long words, int vowels, int rack, long bag,
                           const TurnWeights *w, int finish) {
#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#endif
    double value = (double)gained + w->line * (double)lines;
    value = value + w->draw * (double)(words < bag ? words : bag);
    if (w->leave != 0.0 && rack) {
        double off = (double)vowels - 0.4 * (double)rack;
        value = value - w->leave * (off < 0 ? -off : off);
    }
    if (w->gain != 1.0) value = value + (w->gain - 1.0) * (double)gained;
    if (w->rack != 0.0) value = value + w->rack * (double)rack;
    if (w->vowel != 0.0) value = value + w->vowel * (double)vowels;
    if (finish >= 0) value = value + (finish ? w->win : -w->line);
    return value;
}

/* The planner's move decision (strategy.choose_move outside the end game), the core of Trie.planner_move and of
   the lane's moves (_planlane.c): the rack (counts by rank, its size), its lines as the searches read them
   (specs[0, n_lines)) and their words' text (olds, for the notation's order), the ranges and ints as
   planner_move reads them. 1 and the answer (*kind 0 a pass, 1 an extension of *line, 2 a new word; *word its
   number), 0 where the decision is handed back (a turn that fills the tray, a memo past its limit), -1 an
   exception. The caller has checked the ranks (at most 32), an ASCII trie and at most 9 lines. */
static int planner_decide(Trie *t, const uint8_t *rack, int rack_size, const LineSpec *specs, Py_ssize_t n_lines,
                          const char *const *olds, Py_ssize_t place_lo, Py_ssize_t place_hi, Py_ssize_t legal_lo,
                          Py_ssize_t legal_hi, const uint32_t *ds, const int *ints, long bag, const TurnWeights *w,
                          const uint8_t *is_vowel, PyObject *out_of_time, int *kind_out, int *line_out,
                          uint32_t *word_out) {
    int min_len = ints[0], line_max = ints[1], free_now = ints[2], seat_min = ints[3], rules_lines = ints[4];
    int last_min = ints[5], gap = ints[6], count = ints[7];
    int rc = -1, top = -1;
    LineSpec *work = NULL;
    Legal *legal = NULL;
    uint32_t *nodes = NULL;
    Py_ssize_t n_legal = 0, cap = 0;
    uint8_t counts[MAX_RANKS], none[MAX_RANKS];
    memset(none, 0, sizeof none);
    for (int r = 0; r < t->n_ranks; r++) if (rack[r]) top = r;
    work = PyMem_Calloc(n_lines + 2, sizeof(LineSpec));
    if (work == NULL) { PyErr_NoMemory(); goto out; }

    /* The longest ladder of the tray: no ladder, a pass; one that fills the tray, Python's (its finish). */
    Totals me;
    int found = ladder_totals(t, rack, rack_size, place_lo, place_hi, specs, n_lines, min_len, free_now, seat_min,
                              is_vowel, out_of_time, &me);
    if (found <= 0) { rc = found; goto out; }
    if (me.first_kind == 0) { *kind_out = 0; *line_out = -1; *word_out = 0; rc = 1; goto out; }
    if (me.placed >= free_now) { rc = 0; goto out; }
    double best = turn_value_c(me.gain, me.placed, me.moves, me.vowels, me.left, bag, w, -1);
    int best_kind = me.first_kind, best_line = me.first_line;
    uint32_t best_word = me.first_word;

    /* Every legal move (Trie.moves' walks: each line's longer words, then the new words), with its notation. */
    for (Py_ssize_t i = 0; i <= n_lines; i++) {
        const uint8_t *need = none;
        int need_top = -1, old = 0;
        Py_ssize_t lo = legal_lo, hi = legal_hi;
        if (i < n_lines) {
            if (!specs[i].on) continue;
            need = specs[i].need; need_top = specs[i].need_top; old = specs[i].old; lo = specs[i].lo; hi = specs[i].hi;
            if (need_top < 0) continue;
        } else if (free_now <= 0) {
            break;
        }
        if (top < 0) break;
        Py_ssize_t n = walk_nodes(t, need, need_top, rack, top, lo, hi, &nodes);
        if (n < 0) goto out;
        const char *old_text = i < n_lines ? olds[i] : "";
        for (Py_ssize_t k = 0; k < n; k++) {
            uint32_t v = nodes[k];
            int tiles = 10;
            while (tiles > 0 && v < ds[tiles]) tiles--;
            for (uint32_t s = t->wstart[v]; s < t->wstart[v + 1]; s++) {
                if (n_legal == cap) {
                    Py_ssize_t grown_cap = cap * 2 + 64;
                    Legal *grown = PyMem_Realloc(legal, sizeof(Legal) * (size_t)grown_cap);
                    if (grown == NULL) { PyErr_NoMemory(); goto out; }
                    legal = grown;
                    cap = grown_cap;
                }
                Legal *m = &legal[n_legal++];
                uint32_t wd = t->wids[s];
                const char *text = word_text(t, wd);
                m->word = wd; m->node = v; m->tiles = tiles;
                if (i < n_lines) {
                    /* "N:OLD+ADDED=NEW": ADDED the new word's letters less the old one's, sorted (added_letters).
                       Speed: the difference and its sort on the word's few bytes (a table of 256 counts cleared
                       for each of a decision's hundreds of moves was a good part of the planner's decisions). */
                    unsigned char added[16];
                    int n_added = 0;
                    for (int c = 0; c < tiles && n_added < 16; c++) added[n_added++] = (unsigned char)text[c];
                    for (int c = 0; c < old; c++)
                        for (int q = 0; q < n_added; q++)
                            if (added[q] == (unsigned char)old_text[c]) { added[q] = added[--n_added]; break; }
                    for (int a = 1; a < n_added; a++)
                        for (int b = a; b > 0 && added[b - 1] > added[b]; b--) {
                            unsigned char x = added[b]; added[b] = added[b - 1]; added[b - 1] = x;
                        }
                    char *p = m->text;
                    *p++ = (char)('1' + i); *p++ = ':';
                    memcpy(p, old_text, (size_t)old); p += old;
                    *p++ = '+';
                    for (int q = 0; q < n_added; q++) *p++ = (char)added[q];
                    *p++ = '=';
                    memcpy(p, text, (size_t)tiles); p += tiles;
                    *p = 0;
                    m->kind = 1; m->line = (int)i;
                    m->letters = tiles - old; m->points = tiles * tiles - old * old;
                } else {
                    m->text[0] = '+';
                    memcpy(m->text + 1, text, (size_t)tiles);
                    m->text[1 + tiles] = 0;
                    m->kind = 2; m->line = -1;
                    m->letters = tiles; m->points = tiles * tiles;
                }
            }
        }
        PyMem_Free(nodes);
        nodes = NULL;
    }
    if (n_legal > 1) qsort(legal, n_legal, sizeof(Legal), by_first_moves);

    /* Each candidate but the ladder's move: its ladder (move_outcomes' asks), its turn's value. */
    Py_ssize_t looked = n_legal < count ? n_legal : count;
    for (Py_ssize_t c = 0; c < looked; c++) {
        const Legal *m = &legal[c];
        if (m->kind == me.first_kind && m->word == me.first_word && (m->kind == 2 || m->line == me.first_line)) continue;
        if (jarnac_trie_key_of(t, m->node, counts) < 0) goto out;
        uint8_t left[MAX_RANKS];
        int placed = m->kind == 2, target = placed ? gap : m->line;
        const uint8_t *less = placed ? none : specs[m->line].need;
        for (int r = 0; r < t->n_ranks; r++) {
            int used = counts[r] - less[r];
            if (used < 0 || used > rack[r]) { PyErr_SetString(PyExc_SystemError, "planner_move: a move off the rack"); goto out; }
            left[r] = (uint8_t)(rack[r] - used);
        }
        memcpy(work, specs, sizeof(LineSpec) * (size_t)n_lines);
        Py_ssize_t n_after = target < n_lines ? n_lines : n_lines + 1;
        LineSpec *line = &work[target];
        memset(line, 0, sizeof *line);
        line->need_top = -1;
        if (m->tiles < line_max) {
            line->on = 1;
            memcpy(line->need, counts, (size_t)t->n_ranks);
            for (int r = 0; r < t->n_ranks; r++) if (counts[r]) line->need_top = r;
            line->old = m->tiles;
            int lo_d = m->tiles + 1 < 10 ? m->tiles + 1 : 10, hi_d = line_max + 1 < 10 ? line_max + 1 : 10;
            if (hi_d < lo_d) hi_d = lo_d;
            line->lo = ds[lo_d]; line->hi = ds[hi_d];
        }
        int free_after = free_now - placed;
        int seat = n_after < rules_lines ? last_min : min_len;
        Totals o;
        found = ladder_totals(t, left, rack_size - m->letters, place_lo, place_hi, work, n_after, min_len, free_after,
                              seat, is_vowel, out_of_time, &o);
        if (found <= 0) { rc = found; goto out; }
        if (free_after <= o.placed) { rc = 0; goto out; }  /* fills the tray: its finish */
        double value = turn_value_c(m->points + o.gain, placed + o.placed, 1 + o.moves, o.vowels, o.left,
                                    bag, w, -1);
        if (value > best) { best = value; best_kind = m->kind; best_line = m->line; best_word = m->word; }
    }
    *kind_out = best_kind; *line_out = best_line; *word_out = best_word;
    rc = 1;
out:
    PyMem_Free(nodes);
    PyMem_Free(legal);
    PyMem_Free(work);
    return rc;
}

/* planner_move(rack, lines, olds, place_lo, place_hi, legal_lo, legal_hi, depth_starts, ints, weights,
   vowel_ranks, out_of_time) -> strategy.choose_move's answer outside the end game, or None where it hands the
   decision back.

   rack: its rank codes; lines: line_asks' list; olds: the lines' words (str); place_lo/hi: the node range of
   the words a free line takes (plan_ladder's); legal_lo/hi: legal_moves' place range (the next line's
   minimum); depth_starts: the index's (d = 0..10); ints: (min_length, line_length, free lines, seat_min,
   rules.lines, last_line_min_length, the next line's index, bag size, candidates); weights: (line, draw,
   leave, gain, rack, vowel). The answer: (0, -1, 0) to pass (no ladder), (1, line, word number) an extension, (2, -1, word
   number) a new word. None: the decision needs what only Python holds -- a candidate's turn that fills the
   tray (its finish is searched), a memo past its limit, an alphabet past 32 ranks or not one ASCII byte a
   tile, more than 9 lines (the notation's order is then not the lines' order).

   The same decision, step for step: plan_ladder's longest ladder and its first move (_moves' order), the
   candidates first_moves takes (every legal move sorted by letters used, most points, its notation; the first
   ``candidates``), each one's ladder as move_outcomes asks it, each turn's value turn_value_of's, the best
   kept with the first on a tie (the ladder's move first). tests/test_planmove.py checks it against
   choose_move on random lexicons and rules.

   Bounds: the legal moves are each word of a walk once per line (at most n_words x (lines + 1)), grown as
   they come; each search's memo is MEMO_LIMIT states (past it: None). Every walk's nodes are copied out of the
   trie's scratch buffer before anything else runs (walk_nodes), and a move's text points into the trie's own
   text: the searches' Python numbers (as ladder_outcomes makes them) cannot hand the scratch to another query
   under a walk. */
PyObject *Trie_planner_move(Trie *t, PyObject *args) {
    PyObject *rack_text, *lines, *olds, *starts, *out_of_time;
    Py_ssize_t place_lo, place_hi, legal_lo, legal_hi;
    int min_len, line_max, free_now, seat_min, rules_lines, last_min, gap, count;
    long bag;
    TurnWeights w = {0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0};
    Py_buffer vowels;
    if (!PyArg_ParseTuple(args, "UO!O!nnnnO!(iiiiiiili)(dddddd)y*O", &rack_text, &PyList_Type, &lines, &PyTuple_Type,
                          &olds, &place_lo, &place_hi, &legal_lo, &legal_hi, &PyTuple_Type, &starts, &min_len,
                          &line_max, &free_now, &seat_min, &rules_lines, &last_min, &gap, &bag, &count, &w.line,
                          &w.draw, &w.leave, &w.gain, &w.rack, &w.vowel, &vowels, &out_of_time))
        return NULL;
    PyObject *result = NULL;
    LineSpec *specs = NULL;
    Py_ssize_t n_lines = PyList_GET_SIZE(lines);
    const uint8_t *is_vowel = vowels.buf;
    uint32_t ds[11];
    if (t->n_ranks > 32 || !t->ascii || n_lines > 9 || n_lines >= MAX_SPEC_LINES || line_max > 9 ||
        PyTuple_GET_SIZE(olds) != n_lines) { result = Py_NewRef(Py_None); goto out; }
    if (vowels.len < t->n_ranks) { PyErr_SetString(PyExc_ValueError, "planner_move: a vowel flag a rank"); goto out; }
    if (PyTuple_GET_SIZE(starts) != 11) { PyErr_SetString(PyExc_ValueError, "planner_move: 11 depth starts"); goto out; }
    for (int d = 0; d < 11; d++) {
        unsigned long v = PyLong_AsUnsignedLong(PyTuple_GET_ITEM(starts, d));
        if (v == (unsigned long)-1 && PyErr_Occurred()) goto out;
        ds[d] = (uint32_t)v;
    }
    if (free_now < 0 || free_now > 1000 || gap < 0 || gap > n_lines || min_len < 1 || count < 0) {
        PyErr_SetString(PyExc_ValueError, "planner_move: counts out of range");
        goto out;
    }
    for (Py_ssize_t i = 0; i < n_lines; i++) {
        PyObject *o = PyTuple_GET_ITEM(olds, i);
        if (!PyUnicode_Check(o) || !PyUnicode_IS_ASCII(o) || PyUnicode_GET_LENGTH(o) > 9) { result = Py_NewRef(Py_None); goto out; }
    }
    if (jarnac_trie_prepare(t) < 0) goto out;
    {
        uint8_t rack[MAX_RANKS];
        memset(rack, 0, sizeof rack);
        int top = -1;
        if (read_ranks(t, rack_text, rack, &top) < 0) goto out;
        int rack_size = (int)PyUnicode_GET_LENGTH(rack_text);
        specs = PyMem_Calloc(n_lines + 2, sizeof(LineSpec));
        if (specs == NULL) { PyErr_NoMemory(); goto out; }
        if (read_lines(t, lines, specs, n_lines) < 0) goto out;
        const char *old_texts[10];
        for (Py_ssize_t i = 0; i < n_lines; i++) {
            old_texts[i] = PyUnicode_AsUTF8(PyTuple_GET_ITEM(olds, i));
            if (old_texts[i] == NULL) goto out;
        }
        int ints[8] = {min_len, line_max, free_now, seat_min, rules_lines, last_min, gap, count};
        int kind, line;
        uint32_t word;
        scratch_hold();  /* the decision's ~20 searches share one block */
        int rc = planner_decide(t, rack, rack_size, specs, n_lines, old_texts, place_lo, place_hi, legal_lo, legal_hi,
                                ds, ints, bag, &w, is_vowel, out_of_time, &kind, &line, &word);
        scratch_release();
        if (rc < 0) goto out;
        if (rc == 0) result = Py_NewRef(Py_None);
        else result = Py_BuildValue("(iiI)", kind, line, (unsigned int)word);
    }
out:
    PyMem_Free(specs);
    PyBuffer_Release(&vowels);
    return result;
}

/* One start action's value (strategy.start_options' mean_value, compiled): the mean turn_value_of of the ladders
   of its sampled racks, each the kept letters (base, base_size of them) and the first ints[3] (take) letters of
   a sampled draw (draws[k * 16 ...], n_draws[k] of them, rank codes), on the tray's lines (specs); ints:
   (min_length, free lines, seat_min, take, an opponent known); behind: the points the tray is behind. The
   core of Trie.start_values and of the lane's starts (_planlane.c): the sum in the samples' order divided by
   their count, as mean_value makes it (the same doubles). 1 and *mean, *exact; 0 a memo past its limit
   (handed back); -1 an exception. */
/* The ladders of one start decision's sampled racks, by rack: every action's racks are played on the same tray
   (the same lines, rules and ranges), so a rack met again -- the same letters kept and drawn by another action
   or sample, common with the frequent letters -- has the same Totals. Speed: a decision values up to 8 samples
   of each of ~20 actions, one ladder search each (the starts are ~1/3 of a lane game's instructions); the racks
   met again are not searched again: ~2% fewer instructions a planner game (cachegrind, 50 games, en and fr).
   Only proven answers (rc 1) are kept; past RACK_MEMO_CAP / 2 racks, or past 32 ranks, nothing more is kept
   (the searches are made as before). */
#define RACK_MEMO_CAP 512  /* slots, at most half used: the default 8 samples of at most 21 actions are 168 racks */
typedef struct {
    Letters key[RACK_MEMO_CAP];
    Totals value[RACK_MEMO_CAP];
    unsigned char used[RACK_MEMO_CAP];
    int count;
} RackMemo;

static Totals *rack_memo_find(RackMemo *rm, const Letters *key, int *found) {
    size_t j = memo_hash(key, 0, 0, 0) & (RACK_MEMO_CAP - 1);
    while (rm->used[j]) {
        if (!memcmp(&rm->key[j], key, sizeof *key)) { *found = 1; return &rm->value[j]; }
        j = (j + 1) & (RACK_MEMO_CAP - 1);
    }
    *found = 0;
    if (rm->count * 2 >= RACK_MEMO_CAP) return NULL;  /* full enough: not kept */
    rm->key[j] = *key;
    return &rm->value[j];  /* marked used once its value is written (rack_memo_keep) */
}

static void rack_memo_keep(RackMemo *rm, Totals *slot, const Totals *o) {
    size_t j = (size_t)(slot - rm->value);
    rm->value[j] = *o;
    rm->used[j] = 1;
    rm->count++;
}

/* A new, empty memo (NULL with MemoryError set). */
static RackMemo *rack_memo_new(void) {
    RackMemo *rm = PyMem_Malloc(sizeof(RackMemo));
    if (rm == NULL) { PyErr_NoMemory(); return NULL; }
    memset(rm->used, 0, sizeof rm->used);
    rm->count = 0;
    return rm;
}

static int start_mean(Trie *t, const uint8_t *base, int base_size, const uint8_t *draws, const int *n_draws,
                      int samples, const LineSpec *specs, Py_ssize_t n_lines, Py_ssize_t place_lo, Py_ssize_t place_hi,
                      const int *ints, long bag, long behind, const TurnWeights *w, const uint8_t *is_vowel,
                      PyObject *out_of_time, RackMemo *rm, double *mean, int *exact) {
    int min_len = ints[0], free_now = ints[1], seat_min = ints[2], take = ints[3], known = ints[4];
    double total = 0.0;
    *exact = 1;
    if (t->n_ranks > 32) rm = NULL;  /* a rack's key is 32 counts (lanes) */
    for (int k = 0; k < samples; k++) {
        uint8_t rack[MAX_RANKS];
        memcpy(rack, base, (size_t)t->n_ranks);
        int n_draw = n_draws[k] < take ? n_draws[k] : take;
        for (int q = 0; q < n_draw; q++)
            if (rack[draws[k * 16 + q]] < 255) rack[draws[k * 16 + q]]++;
        Totals o;
        Totals *slot = NULL;
        int found = 0;
        if (rm != NULL) {
            Letters key = lanes(rack, t->n_ranks);
            slot = rack_memo_find(rm, &key, &found);
        }
        if (found) {
            o = *slot;
        } else {
            int rc = ladder_totals(t, rack, base_size + n_draw, place_lo, place_hi, specs, n_lines, min_len, free_now,
                                   seat_min, is_vowel, out_of_time, &o);
            if (rc <= 0) return rc;
            if (slot != NULL) rack_memo_keep(rm, slot, &o);
        }
        *exact = *exact && o.exact;
        int finish = known && o.placed == free_now ? o.gain > behind : -1;
        total = total + turn_value_c(o.gain, o.placed, o.moves, o.vowels, o.left, bag - take, w, finish);
    }
    *mean = total / (double)samples;
    return 1;
}

/* start_values(kept, drawn, takes, lines, place_lo, place_hi, ints, weights, vowel_ranks, out_of_time) -> for
   each action of the planner's start (strategy.start_options: drawing one, exchanging three), the mean value of
   its sampled racks' turns and whether every ladder was proven: [(mean, proven)]; None where a memo passed its
   limit (the caller values them its own way) or past 32 letter ranks.

   kept: each action's rack letters kept (rank codes); drawn: the sampled draws (rank codes, in the order
   drawn), the same for every action; takes: the letters each action takes from the bag (1: a draw, 3: an
   exchange): action a's k-th rack is kept[a] and the first takes[a] letters of drawn[k]. lines: line_asks'
   list of the tray (every rack is played on its lines); ints: (min_length, free lines, seat_min, bag size,
   the points the tray is behind the opponent's score (a finish wins past them), whether an opponent is known);
   weights: (line, draw, leave, win, gain, rack, vowel). Each value is turn_value_of's of outcomes' numbers, summed in the samples'
   order and divided by their count, as mean_value does (the same doubles). tests/test_planmove.py checks it
   against start_options' own steps.

   Bounds: one search at a time (its memo MEMO_LIMIT states); the answer one pair an action. */
PyObject *Trie_start_values(Trie *t, PyObject *args) {
    PyObject *kept, *drawn, *takes, *lines, *out_of_time;
    Py_ssize_t place_lo, place_hi;
    int min_len, free_now, seat_min, known;
    long bag, behind;
    TurnWeights w = {0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0};
    Py_buffer vowels;
    if (!PyArg_ParseTuple(args, "O!O!O!O!nn(iiillp)(ddddddd)y*O", &PyList_Type, &kept, &PyList_Type, &drawn,
                          &PyList_Type, &takes, &PyList_Type, &lines, &place_lo, &place_hi, &min_len, &free_now,
                          &seat_min, &bag, &behind, &known, &w.line, &w.draw, &w.leave, &w.win, &w.gain,
                          &w.rack, &w.vowel, &vowels,
                          &out_of_time))
        return NULL;
    PyObject *result = NULL;
    LineSpec *specs = NULL;
    RackMemo *memo = NULL;
    Py_ssize_t n_actions = PyList_GET_SIZE(takes), n_lines = PyList_GET_SIZE(lines);
    if (t->n_ranks > 32) { result = Py_NewRef(Py_None); goto out; }
    if (vowels.len < t->n_ranks) { PyErr_SetString(PyExc_ValueError, "start_values: a vowel flag a rank"); goto out; }
    Py_ssize_t samples = PyList_GET_SIZE(drawn);
    if (samples < 1 || PyList_GET_SIZE(kept) != n_actions || free_now < 0 || free_now > 1000 ||
        n_lines >= MAX_SPEC_LINES) {
        PyErr_SetString(PyExc_ValueError, "start_values: counts out of range");
        goto out;
    }
    if (jarnac_trie_prepare(t) < 0) goto out;
    specs = PyMem_Calloc(n_lines + 1, sizeof(LineSpec));
    if (specs == NULL) { PyErr_NoMemory(); goto out; }
    if (read_lines(t, lines, specs, n_lines) < 0) goto out;
    memo = rack_memo_new();  /* every action's racks on the same lines */
    if (memo == NULL) goto out;
    PyObject *list = PyList_New(n_actions);
    if (list == NULL) goto out;
    for (Py_ssize_t a = 0; a < n_actions; a++) {
        long take = PyLong_AsLong(PyList_GET_ITEM(takes, a));
        if (take == -1 && PyErr_Occurred()) { Py_DECREF(list); goto out; }
        if (take < 0) take = 0;
        double total = 0.0;
        int exact = 1;
        uint8_t base[MAX_RANKS];
        memset(base, 0, sizeof base);
        int top = -1;
        PyObject *text = PyList_GET_ITEM(kept, a);
        if (read_ranks(t, text, base, &top) < 0) { Py_DECREF(list); goto out; }
        int base_size = (int)PyUnicode_GET_LENGTH(text);
        uint8_t draws[64 * 16];
        int n_draws[64];
        /* Past 64 samples or 16 letters a draw: the caller's own steps (the same values). */
        if (samples > 64) { Py_DECREF(list); result = Py_NewRef(Py_None); goto out; }
        for (Py_ssize_t k = 0; k < samples; k++) {
            PyObject *draw = PyList_GET_ITEM(drawn, k);
            if (!PyUnicode_Check(draw)) { PyErr_SetString(PyExc_TypeError, "a draw is a str of rank codes"); Py_DECREF(list); goto out; }
            Py_ssize_t n_draw = PyUnicode_GET_LENGTH(draw) < take ? PyUnicode_GET_LENGTH(draw) : take;
            if (n_draw > 16) { Py_DECREF(list); result = Py_NewRef(Py_None); goto out; }
            n_draws[k] = (int)n_draw;
            for (Py_ssize_t q = 0; q < n_draw; q++) {
                Py_UCS4 r = PyUnicode_READ_CHAR(draw, q);
                if (r >= (Py_UCS4)t->n_ranks) { PyErr_SetString(PyExc_ValueError, "a tile code is out of range"); Py_DECREF(list); goto out; }
                draws[k * 16 + q] = (uint8_t)r;
            }
        }
        int ints[6] = {min_len, free_now, seat_min, (int)take, known, 0};
        scratch_hold();  /* the action's sampled racks' searches share one block */
        int rc = start_mean(t, base, base_size, draws, n_draws, (int)samples, specs, n_lines, place_lo, place_hi, ints,
                            bag, behind, &w, (const uint8_t *)vowels.buf, out_of_time, memo, &total, &exact);
        scratch_release();
        if (rc <= 0) {
            Py_DECREF(list);
            if (rc == 0) result = Py_NewRef(Py_None);
            goto out;
        }
        PyObject *pair = Py_BuildValue("(dO)", total, exact ? Py_True : Py_False);
        if (pair == NULL) { Py_DECREF(list); goto out; }
        PyList_SET_ITEM(list, a, pair);
    }
    result = list;
out:
    PyMem_Free(memo);
    PyMem_Free(specs);
    PyBuffer_Release(&vowels);
    return result;
}

/* The planner's lane and the players' PCG32 draws (Trie.selfplay_planner, Trie.pcg_sample, pcg_shuffle): they
   call the searches above. */
#include "_planlane.c"
