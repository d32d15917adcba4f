/* jarnac_solver._speedups: the alphagram trie walked in C, in place over the flat arrays of a .jlex file.
 *
 * Key idea: the file already holds the trie as arrays (see lexicon/flat.py); this module walks them where
 * they lie (a memory map or a bytes object) and builds only the Python objects of the answer.  The walk is
 * the pure-Python walk's algorithm step for step (breadth-first by letter rank, see lexicon/index.py), so
 * both implementations return the same nodes in the same order: the pure one stays the reference, and a
 * property test compares the two.
 *
 * Speed tricks, each measured on fr (benchmarks/bench_search.py --native):
 * - words are numbered alphabetically when the file is built; a query sorts integers (a radix sort) and
 *   only then turns numbers into str: sorting str objects took half of a query;
 * - each word's str is made once and kept (the cache), so a query only increments reference counts;
 * - the walk's fronts live in one scratch buffer per trie, allocated once: no allocation per query.
 * Safety: every array is checked when the trie is made (bounds, one parent per node, ranks increasing,
 * word numbers a permutation, UTF-8), so no query can read outside the buffers, whatever the file holds.
 */
#include "_trie.h"

static PyObject *FormatError;  /* jarnac_solver.errors.LexiconFormatError, a ValueError */


/* -- checks made once, when a trie is made ---------------------------------------------------------- */

static PyObject *current_source;  /* the trie being checked: its messages name it */

static int fail(const char *msg) {
    if (current_source) PyErr_Format(FormatError, "%U: %s", current_source, msg);
    else PyErr_SetString(FormatError, msg);
    return -1;
}

static int get_section(Trie *t, PyObject *sections, const char *name, Py_ssize_t itemsize, Py_ssize_t count,
                       const void **out, Py_ssize_t *len_out) {
    PyObject *obj = PyDict_GetItemString(sections, name);
    if (obj == NULL) {
        PyErr_Format(FormatError, "%U: section %s is missing", t->source, name);
        return -1;
    }
    Py_buffer *b = &t->bufs[t->n_bufs];
    if (PyObject_GetBuffer(obj, b, PyBUF_SIMPLE) < 0) return -1;
    t->n_bufs++;
    if (count >= 0 && b->len != count * itemsize) {
        PyErr_Format(FormatError, "%U: section %s holds %zd bytes, expected %zd", t->source, name, b->len, count * itemsize);
        return -1;
    }
    if (itemsize == 4 && ((uintptr_t)b->buf % 4) != 0) {
        PyErr_Format(FormatError, "%U: section %s is not aligned on 4 bytes", t->source, name);
        return -1;
    }
    *out = b->buf;
    if (len_out) *len_out = b->len;
    return 0;
}

static int valid_utf8(const unsigned char *s, Py_ssize_t n, int *ascii) {
    *ascii = 1;
    Py_ssize_t i = 0;
    /* ASCII runs 8 bytes at a time (the bundled lists are ASCII: ~0.3 ms for fr instead of ~2 ms). */
    while (i + 8 <= n) {
        uint64_t w;
        memcpy(&w, s + i, 8);
        if (w & 0x8080808080808080ull) break;
        i += 8;
    }
    while (i < n) {
        unsigned char c = s[i];
        if (c < 0x80) { i++; continue; }
        *ascii = 0;
        int more;
        uint32_t cp;
        if ((c & 0xE0) == 0xC0) { more = 1; cp = c & 0x1F; }
        else if ((c & 0xF0) == 0xE0) { more = 2; cp = c & 0x0F; }
        else if ((c & 0xF8) == 0xF0) { more = 3; cp = c & 0x07; }
        else return 0;
        if (i + more >= n) return 0;
        for (int k = 1; k <= more; k++) {
            if ((s[i + k] & 0xC0) != 0x80) return 0;
            cp = (cp << 6) | (s[i + k] & 0x3F);
        }
        if ((more == 1 && cp < 0x80) || (more == 2 && cp < 0x800) || (more == 3 && cp < 0x10000) ||
            cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
            return 0;
        i += more + 1;
    }
    return 1;
}

static int is_sep(char c) { return c == ' ' || c == '\n'; }

static Py_ssize_t word_end(const Trie *t, Py_ssize_t pos) {
    const char *p = t->text + pos, *end = t->text + t->text_len;
    while (p < end && !is_sep(*p)) p++;
    return p - t->text;
}

static int check_structure(Trie *t) {
    const uint32_t *start = t->start;
    if (start[0] != 0 || start[t->n_nodes] != t->n_edges) return fail("the edge offsets do not cover the edges");
    if (t->root == 0 || t->root >= t->n_nodes) return fail("the root is not a node");
    uint8_t *seen = PyMem_Calloc(t->n_nodes, 1);
    if (seen == NULL) { PyErr_NoMemory(); return -1; }
    int rc = -1;
    for (uint32_t node = 0; node < t->n_nodes; node++) {
        if (start[node] > start[node + 1] || start[node + 1] > t->n_edges) { fail("the edge offsets decrease"); goto done; }
        int last = -1;
        for (uint32_t e = start[node]; e < start[node + 1]; e++) {
            int r = t->rank[e];
            uint32_t c = t->child[e];
            if (r <= last || r >= t->n_ranks) { fail("a node's letters are not increasing ranks"); goto done; }
            last = r;
            /* One parent per node and never the root: the part a walk reaches is a tree, so a walk ends and
               reaches each node once (the scratch buffer of n_nodes entries always suffices). */
            if (c == 0 || c >= t->n_nodes || c == t->root || seen[c]) { fail("a node has two parents"); goto done; }
            seen[c] = 1;
        }
    }
    const uint32_t *ws = t->wstart;
    if (ws[0] != 0 || ws[1] != 0 || ws[t->n_terminals + 1] != t->n_words) { fail("the word offsets do not cover the words"); goto done; }
    for (uint32_t node = 1; node <= t->n_terminals; node++)
        if (ws[node + 1] <= ws[node]) { fail("a terminal node without words"); goto done; }
    /* Bounds only (what memory safety needs); that the numbers are a permutation pointing at word starts
       is checked with the agreement of the layouts (files not shipped with the package). */
    for (uint32_t s = 0; s < t->n_words; s++)
        if (t->wids[s] >= t->n_words) { fail("a word number is out of range"); goto done; }
    for (uint32_t a = 0; a < t->n_words; a++)
        if ((Py_ssize_t)t->wpos[a] >= t->text_len) { fail("a word position lies outside the words"); goto done; }
    if (!valid_utf8((const unsigned char *)t->text, t->text_len, &t->ascii)) { fail("the words are not UTF-8"); goto done; }
    rc = 0;
done:
    PyMem_Free(seen);
    return rc;
}

/* The checks that the two layouts agree (run on files not shipped with the package): the words in
   alphabetical order, and each slot's number pointing at the slot's own word in the text lines. */
static int check_agreement(Trie *t) {
    uint8_t *seen = PyMem_Calloc(t->n_words + 1, 1);
    if (seen == NULL) { PyErr_NoMemory(); return -1; }
    for (uint32_t s = 0; s < t->n_words; s++) {
        if (seen[t->wids[s]]) { PyMem_Free(seen); return fail("the word numbers are not a permutation"); }
        seen[t->wids[s]] = 1;
    }
    PyMem_Free(seen);
    for (uint32_t a = 0; a < t->n_words; a++) {
        uint32_t p = t->wpos[a];
        if (is_sep(t->text[p]) || (p > 0 && !is_sep(t->text[p - 1]))) return fail("a word position is not the start of a word");
    }
    for (uint32_t a = 1; a < t->n_words; a++) {
        Py_ssize_t p = t->wpos[a - 1], q = t->wpos[a];
        Py_ssize_t lp = word_end(t, p) - p, lq = word_end(t, q) - q;
        int c = memcmp(t->text + p, t->text + q, lp < lq ? lp : lq);
        if (c > 0 || (c == 0 && lp >= lq)) return fail("the word numbers are not in alphabetical order");
    }
    Py_ssize_t pos = 0;
    uint32_t slot = 0;
    for (uint32_t node = 1; node <= t->n_terminals; node++) {
        for (uint32_t s = t->wstart[node]; s < t->wstart[node + 1]; s++, slot++) {
            if (pos >= t->text_len || t->wpos[t->wids[s]] != (uint32_t)pos) return fail("the word numbers do not match the word lines");
            pos = word_end(t, pos);
            char want = s + 1 < t->wstart[node + 1] ? ' ' : '\n';
            if (pos < t->text_len && t->text[pos] != want) return fail("the word lines do not match the word offsets");
            pos++;
        }
    }
    /* The last word ends the text: no separator after it (pos is one past the end), nothing more. */
    if (t->n_words ? pos != t->text_len + 1 : t->text_len != 0) return fail("the word lines hold more words than the offsets");
    return 0;
}

static int check_edges(Trie *t, PyObject *sections, PyObject *counts) {
    const void *pp, *cp;
    if (get_section(t, sections, "parents", 4, t->n_edges, &pp, NULL) < 0) return -1;
    if (get_section(t, sections, "children", 4, t->n_edges, &cp, NULL) < 0) return -1;
    const uint32_t *parents = pp, *children = cp;
    Py_ssize_t n = PyTuple_GET_SIZE(counts), at = 0;
    if (n != t->n_ranks) return fail("edge_counts has one count per letter");
    /* Each edge by letter is a distinct edge by node (the same count of each: the layouts are one set). */
    uint8_t *matched = PyMem_Calloc(t->n_edges + 1, 1);
    if (matched == NULL) { PyErr_NoMemory(); return -1; }
    int rc = -1;
    for (Py_ssize_t r = 0; r < n; r++) {
        Py_ssize_t k = PyLong_AsSsize_t(PyTuple_GET_ITEM(counts, r));
        if (k < 0 || at + k > (Py_ssize_t)t->n_edges) { if (!PyErr_Occurred()) fail("edge_counts do not add up"); goto done; }
        for (Py_ssize_t i = at; i < at + k; i++) {
            uint32_t p = parents[i], found = 0;
            if (p >= t->n_nodes) { fail("a parent is not a node"); goto done; }
            for (uint32_t e = t->start[p]; e < t->start[p + 1]; e++)
                if (t->rank[e] == r) {
                    found = t->child[e] == children[i] && !matched[e];
                    matched[e] = 1;
                    break;
                }
            if (!found) { fail("the edges by letter do not give each node the parent the edges by node give it"); goto done; }
        }
        at += k;
    }
    if (at != (Py_ssize_t)t->n_edges) { fail("edge_counts do not add up"); goto done; }
    rc = 0;
done:
    PyMem_Free(matched);
    return rc;
}

/* -- making and freeing a trie -------------------------------------------------------------------- */

static void Trie_dealloc(Trie *t) {
    if (t->cache) {
        for (uint32_t a = 0; a < t->n_words; a++) Py_XDECREF(t->cache[a]);
        PyMem_Free(t->cache);
    }
    PyMem_Free(t->front);
    PyMem_Free(t->mask);
    PyMem_Free(t->ids);
    PyMem_Free(t->tmp);
    PyMem_Free(t->parent);
    PyMem_Free(t->prank);
    for (int i = 0; i < t->n_bufs; i++) PyBuffer_Release(&t->bufs[i]);
    Py_XDECREF(t->source);
    Py_TYPE(t)->tp_free((PyObject *)t);
}

static int init_sections(Trie *t, PyObject *sections, PyObject *counts, unsigned int n_nodes, unsigned int n_terminals,
                         unsigned int n_words, unsigned int root, int n_ranks, int check);

static int Trie_init(Trie *t, PyObject *args, PyObject *kwds) {
    static char *kw[] = {"sections", "n_nodes", "n_terminals", "n_words", "n_ranks", "root", "edge_counts", "check",
                         "source", NULL};
    PyObject *sections, *counts, *source = NULL;
    unsigned int n_nodes, n_terminals, n_words, root;
    int n_ranks, check;
    if (t->n_bufs || t->source) return fail("a trie is made once");
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O!IIIiIO!p|U", kw, &PyDict_Type, &sections, &n_nodes, &n_terminals,
                                     &n_words, &n_ranks, &root, &PyTuple_Type, &counts, &check, &source))
        return -1;
    t->source = source ? source : PyUnicode_FromString("<lexicon>");
    if (t->source == NULL) return -1;
    if (source) Py_INCREF(source);
    current_source = t->source;
    int rc = init_sections(t, sections, counts, n_nodes, n_terminals, n_words, root, n_ranks, check);
    current_source = NULL;
    return rc;
}

static int init_sections(Trie *t, PyObject *sections, PyObject *counts, unsigned int n_nodes, unsigned int n_terminals,
                         unsigned int n_words, unsigned int root, int n_ranks, int check) {
    if (n_ranks < 1 || n_ranks > MAX_RANKS) return fail("the alphabet has 1 to 256 letters");
    if (n_nodes < 2 || n_terminals >= n_nodes || n_nodes > 0x7fffffffu || n_words > 0x7fffffffu) return fail("bad node counts");
    t->n_nodes = n_nodes; t->n_terminals = n_terminals; t->n_words = n_words; t->root = root; t->n_ranks = n_ranks;
    t->n_edges = n_nodes - 2;  /* id 0 unused, the root has no parent: one edge per other node */
    const void *p;
    if (get_section(t, sections, "csr_start", 4, (Py_ssize_t)n_nodes + 1, &p, NULL) < 0) return -1;
    t->start = p;
    if (get_section(t, sections, "csr_rank", 1, t->n_edges, &p, NULL) < 0) return -1;
    t->rank = p;
    if (get_section(t, sections, "csr_child", 4, t->n_edges, &p, NULL) < 0) return -1;
    t->child = p;
    if (get_section(t, sections, "word_start", 4, (Py_ssize_t)n_terminals + 2, &p, NULL) < 0) return -1;
    t->wstart = p;
    if (get_section(t, sections, "word_ids", 4, n_words, &p, NULL) < 0) return -1;
    t->wids = p;
    if (get_section(t, sections, "word_pos", 4, n_words, &p, NULL) < 0) return -1;
    t->wpos = p;
    if (get_section(t, sections, "words", 1, -1, &p, &t->text_len) < 0) return -1;
    t->text = p;
    /* The package's own files are checked at their first query (opening one costs ~0.5 ms, not ~2 ms);
       any other file is checked whole now: bounds, and that both layouts agree. */
    if (!check) return 0;
    if (check_structure(t) < 0 || check_agreement(t) < 0 || check_edges(t, sections, counts) < 0) return -1;
    t->checked = 1;
    return 0;
}

static int jarnac_has_popcnt(void);
static int ensure_scratch(Trie *t) {
    if (!t->checked) {
        if (t->source == NULL) return fail("the trie was not made");
        current_source = t->source;
        int rc = check_structure(t);
        current_source = NULL;
        if (rc < 0) return -1;
        t->checked = 1;
    }
    if (t->front) return 0;
    if (t->n_ranks <= 32 && jarnac_has_popcnt()) {
        /* child_of's bits (the edges are sorted by rank and distinct: check_structure). */
        t->mask = PyMem_Calloc(t->n_nodes + 1, sizeof(uint32_t));
        if (t->mask == NULL) { PyErr_NoMemory(); return -1; }
        for (uint32_t v = 0; v < t->n_nodes; v++)
            for (uint32_t e = t->start[v]; e < t->start[v + 1]; e++) t->mask[v] |= 1u << t->rank[e];
    }
    t->front = PyMem_Malloc(sizeof(uint32_t) * (t->n_nodes + 1));
    t->ids = PyMem_Malloc(sizeof(uint32_t) * (t->n_words + 1));
    t->tmp = PyMem_Malloc(sizeof(uint32_t) * (t->n_words + 1));
    t->cache = PyMem_Calloc(t->n_words + 1, sizeof(PyObject *));
    if (!t->front || !t->ids || !t->tmp || !t->cache) {
        PyMem_Free(t->front); PyMem_Free(t->ids); PyMem_Free(t->tmp); PyMem_Free(t->cache); PyMem_Free(t->mask);
        t->front = t->ids = t->tmp = t->mask = NULL; t->cache = NULL;
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

/* -- the walk --------------------------------------------------------------------------------------- */

/* A tally (a sequence of (rank, count) pairs, or a str whose characters are ranks: chr(rank) per tile,
   what Lexicon's str.translate makes, counted here instead of by tally_of_codes: ~2 us less a 7-tile
   query) into counts[rank]; the highest rank in *top. */
static int read_tally(const Trie *t, PyObject *tally, uint8_t *counts, int *top) {
    if (PyUnicode_Check(tally)) {
        Py_ssize_t n = PyUnicode_GET_LENGTH(tally);
        int kind = PyUnicode_KIND(tally);
        const void *data = PyUnicode_DATA(tally);
        for (Py_ssize_t i = 0; i < n; i++) {
            Py_UCS4 r = PyUnicode_READ(kind, data, i);
            if (r >= (Py_UCS4)t->n_ranks) { fail("a tile code is out of range"); return -1; }
            if (counts[r] < 255) counts[r]++;
            if ((int)r > *top) *top = (int)r;
        }
        return 0;
    }
    PyObject *seq = PySequence_Fast(tally, "a tally is a sequence of (rank, count) pairs");
    if (seq == NULL) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *pair = PySequence_Fast_GET_ITEM(seq, i);
        if (!PyTuple_Check(pair) || PyTuple_GET_SIZE(pair) != 2) { Py_DECREF(seq); fail("a tally is a sequence of (rank, count) pairs"); return -1; }
        long r = PyLong_AsLong(PyTuple_GET_ITEM(pair, 0)), c = PyLong_AsLong(PyTuple_GET_ITEM(pair, 1));
        if (PyErr_Occurred()) { Py_DECREF(seq); return -1; }
        if (r < 0 || r >= t->n_ranks || c < 0 || c > 255) { Py_DECREF(seq); fail("a tally's rank or count is out of range"); return -1; }
        counts[r] = (uint8_t)(counts[r] + c > 255 ? 255 : counts[r] + c);
        if (c && r > *top) *top = (int)r;
    }
    Py_DECREF(seq);
    return 0;
}

/* Whether the CPU counts bits in one instruction (child_of's bits are used only then: counted in software,
   they cost more than the loop they replace). */
static int jarnac_has_popcnt(void) {
#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
    __builtin_cpu_init();
    return __builtin_cpu_supports("popcnt");
#else
    return 0;
#endif
}

#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
#define WITH_POPCNT __attribute__((target("popcnt")))
#else
#define WITH_POPCNT
#endif

WITH_POPCNT static inline uint32_t child_of(const Trie *t, uint32_t node, int r) {
    /* Speed: with the node's ranks as bits, the edge is found by the bits below r, with no loop over the
       edges before it (the walks' inner step: ~1/8 of a planner game's C, en, perf). */
    if (t->mask != NULL) {
        uint32_t m = t->mask[node];
        if (!((m >> r) & 1)) return 0;
        return t->child[t->start[node] + (uint32_t)__builtin_popcount(m & ((1u << r) - 1u))];
    }
    /* A node's edges are sorted by rank: stop at the first rank >= r (most nodes have a few children). */
    for (uint32_t e = t->start[node], end = t->start[node + 1]; e < end; e++) {
        int k = t->rank[e];
        if (k >= r) return k == r ? t->child[e] : 0;
    }
    return 0;
}

/* One letter step over front[lo, hi), appending the children at out; returns how many. */
WITH_POPCNT static inline uint32_t step(const Trie *t, uint32_t *buf, uint32_t lo, uint32_t hi, uint32_t out, int r) {
    uint32_t n = 0;
    for (uint32_t i = lo; i < hi; i++) {
        uint32_t c = child_of(t, buf[i], r);
        if (c) buf[out + n++] = c;
    }
    return n;
}


/* The walk of AlphagramIndex._walk, over t->front. Fills front[0, *count). With hit_lo < hit_hi, stops at
   the first complete node in [hit_lo, hit_hi) and returns it (NO_HIT if none; then *count is 0). */
WITH_POPCNT static uint32_t walk(Trie *t, const uint8_t *need, int need_top, const uint8_t *opt, int top, uint32_t hit_lo,
                     uint32_t hit_hi, uint32_t *count) {
    uint32_t *buf = t->front;
    uint32_t nf = 1;
    int hit = hit_lo < hit_hi;
    buf[0] = t->root;
    *count = 0;
    if (need_top > top) top = need_top;
    for (int r = 0; r <= top; r++) {
        if (!need[r] && !opt[r]) continue;
        for (int k = 0; k < need[r]; k++) {
            /* In place: a required letter keeps the nodes that can take it (children written over parents). */
            uint32_t n = 0;
            for (uint32_t i = 0; i < nf; i++) {
                uint32_t c = child_of(t, buf[i], r);
                if (c) buf[n++] = c;
            }
            nf = n;
            if (!nf) return NO_HIT;
        }
        int complete = hit && r >= need_top;
        if (complete && r == need_top)
            for (uint32_t i = 0; i < nf; i++)
                if (buf[i] >= hit_lo && buf[i] < hit_hi) return buf[i];
        uint32_t lo = 0, hi = nf, end = nf;
        for (int k = 0; k < opt[r]; k++) {
            uint32_t n = step(t, buf, lo, hi, end, r);
            if (!n) break;
            if (complete)
                for (uint32_t i = end; i < end + n; i++)
                    if (buf[i] >= hit_lo && buf[i] < hit_hi) return buf[i];
            lo = end; hi = end + n; end += n;
        }
        nf = end;
    }
    if (hit) return NO_HIT;
    *count = nf;
    return NO_HIT;
}

static int parse_walk(Trie *t, PyObject *need_t, PyObject *opt_t, uint8_t *need, int *need_top, uint8_t *opt, int *top) {
    memset(need, 0, MAX_RANKS); memset(opt, 0, MAX_RANKS);
    *need_top = -1; *top = -1;
    if (ensure_scratch(t) < 0) return -1;
    if (read_tally(t, need_t, need, need_top) < 0 || read_tally(t, opt_t, opt, top) < 0) return -1;
    return 0;
}

static void clip(const Trie *t, Py_ssize_t *lo, Py_ssize_t *hi) {
    if (*lo < 0) *lo = 0;
    if (*hi > (Py_ssize_t)t->n_nodes) *hi = t->n_nodes;
    if (*hi < *lo) *hi = *lo;
}

/* A private copy of scratch numbers, taken before any Python object is made: making one may run the garbage
   collector, whose finalizers may run Python code and let another thread query this trie, which reuses the
   scratch buffers. (Without the copy such a race gives wrong answers, never a read out of bounds.) */
static uint32_t *private_copy(const uint32_t *v, uint32_t n) {
    uint32_t *copy = PyMem_Malloc(sizeof(uint32_t) * (n + 1));
    if (copy == NULL) { PyErr_NoMemory(); return NULL; }
    memcpy(copy, v, sizeof(uint32_t) * n);
    return copy;
}

static PyObject *int_list(const uint32_t *scratch, uint32_t n) {
    uint32_t *v = private_copy(scratch, n);
    if (v == NULL) return NULL;
    PyObject *list = PyList_New(n);
    for (uint32_t i = 0; list && i < n; i++) {
        PyObject *x = PyLong_FromUnsignedLong(v[i]);
        if (x == NULL) { Py_CLEAR(list); break; }
        PyList_SET_ITEM(list, i, x);
    }
    PyMem_Free(v);
    return list;
}

/* -- words ------------------------------------------------------------------------------------------ */

/* Sort word numbers: insertion sort for a few, else a least-significant-digit radix sort (8 bits a pass,
   as many passes as the largest number needs), linear in the answer where qsort of str was n log n. */
static uint32_t *sort_ids(Trie *t, uint32_t n) {
    uint32_t *a = t->ids, *b = t->tmp;
    if (n < 48) {
        for (uint32_t i = 1; i < n; i++) {
            uint32_t x = a[i], j = i;
            while (j > 0 && a[j - 1] > x) { a[j] = a[j - 1]; j--; }
            a[j] = x;
        }
        return a;
    }
    for (int shift = 0; shift < 32 && (t->n_words - 1) >> shift; shift += 8) {
        uint32_t count[257] = {0};
        for (uint32_t i = 0; i < n; i++) count[((a[i] >> shift) & 0xFF) + 1]++;
        for (int k = 0; k < 256; k++) count[k + 1] += count[k];
        for (uint32_t i = 0; i < n; i++) b[count[(a[i] >> shift) & 0xFF]++] = a[i];
        uint32_t *s = a; a = b; b = s;
    }
    return a;
}

static PyObject *word_str(Trie *t, uint32_t number) {
    PyObject *w = t->cache[number];
    if (w == NULL) {
        Py_ssize_t p = t->wpos[number], len = word_end(t, p) - p;
        if (t->ascii) {
            w = PyUnicode_New(len, 127);
            if (w == NULL) return NULL;
            memcpy(PyUnicode_DATA(w), t->text + p, len);
        } else {
            w = PyUnicode_DecodeUTF8(t->text + p, len, "strict");
            if (w == NULL) return NULL;
        }
        t->cache[number] = w;
    }
    Py_INCREF(w);
    return w;
}

/* The words of these word numbers, as a new list (the numbers copied first: see private_copy). */
static PyObject *word_list(Trie *t, const uint32_t *scratch, uint32_t m) {
    uint32_t *numbers = private_copy(scratch, m);
    if (numbers == NULL) return NULL;
    PyObject *list = PyList_New(m);
    for (uint32_t i = 0; list && i < m; i++) {
        PyObject *w = word_str(t, numbers[i]);
        if (w == NULL) { Py_CLEAR(list); break; }
        PyList_SET_ITEM(list, i, w);
    }
    PyMem_Free(numbers);
    return list;
}

/* The sorted words of the first n nodes of front that lie in [lo, hi). */
static PyObject *words_of(Trie *t, const uint32_t *nodes, uint32_t n, uint32_t lo, uint32_t hi) {
    uint32_t m = 0;
    if (hi > t->n_terminals + 1) hi = t->n_terminals + 1;
    if (lo < 1) lo = 1;
    for (uint32_t i = 0; i < n; i++) {
        uint32_t v = nodes[i];
        if (v < lo || v >= hi) continue;
        /* Terminal nodes are distinct, so at most n_words numbers are written. */
        for (uint32_t s = t->wstart[v]; s < t->wstart[v + 1]; s++) t->ids[m++] = t->wids[s];
    }
    return word_list(t, sort_ids(t, m), m);
}

/* -- methods ---------------------------------------------------------------------------------------- */

/* The arguments of walk, words and first: (need, opt[, lo, hi]), counted and the range clipped. */
typedef struct {
    uint8_t need[MAX_RANKS], opt[MAX_RANKS];
    int need_top, top;
    Py_ssize_t lo, hi;
} Query;

static int parse_query(Trie *t, PyObject *args, Query *q) {
    PyObject *need_t, *opt_t;
    q->lo = 0;
    q->hi = PY_SSIZE_T_MAX;
    if (!PyArg_ParseTuple(args, "OO|nn", &need_t, &opt_t, &q->lo, &q->hi)) return -1;
    if (parse_walk(t, need_t, opt_t, q->need, &q->need_top, q->opt, &q->top) < 0) return -1;
    clip(t, &q->lo, &q->hi);
    return 0;
}

static PyObject *Trie_walk(Trie *t, PyObject *args) {
    Query q;
    if (parse_query(t, args, &q) < 0) return NULL;
    uint32_t n;
    walk(t, q.need, q.need_top, q.opt, q.top, 0, 0, &n);
    uint32_t m = 0;
    for (uint32_t i = 0; i < n; i++)
        if (t->front[i] >= q.lo && t->front[i] < q.hi) t->front[m++] = t->front[i];
    return int_list(t->front, m);
}

static PyObject *Trie_words(Trie *t, PyObject *args) {
    Query q;
    if (parse_query(t, args, &q) < 0) return NULL;
    uint32_t n;
    walk(t, q.need, q.need_top, q.opt, q.top, 0, 0, &n);
    return words_of(t, t->front, n, q.lo, q.hi);
}

static PyObject *Trie_first(Trie *t, PyObject *args) {
    Query q;
    if (parse_query(t, args, &q) < 0) return NULL;
    if (q.lo >= q.hi) Py_RETURN_NONE;
    uint32_t n, found = walk(t, q.need, q.need_top, q.opt, q.top, q.lo, q.hi, &n);
    if (found == NO_HIT) Py_RETURN_NONE;
    return PyLong_FromUnsignedLong(found);
}

/* The arguments of moves and any_move, (rack, place_lo, place_hi, lines): the rack counted into opt (its top
   rank in *top), none zeroed, the scratch made. 0, or -1 with an exception. */
static int moves_args(Trie *t, PyObject *args, Py_ssize_t *place_lo, Py_ssize_t *place_hi, PyObject **lines,
                      uint8_t *none, uint8_t *opt, int *top) {
    PyObject *rack;
    if (!PyArg_ParseTuple(args, "OnnO!", &rack, place_lo, place_hi, &PyList_Type, lines)) return -1;
    memset(none, 0, MAX_RANKS);
    memset(opt, 0, MAX_RANKS);
    return ensure_scratch(t) < 0 || read_tally(t, rack, opt, top) < 0 ? -1 : 0;
}

/* moves(rack, place_lo, place_hi, lines) -> (place words, [extension words of each line]): every walk of a
   move generation in one call (lines: (tally, lo, hi) each, or None for a line with no extension); saves the
   Python steps between the walks (~2 us a line). One walk for every line (each node of the frontier carrying
   the set of walks it belongs to) was tried and measured slower, 27 -> 38 us on 5-line trays with 8 spare
   letters: the walks share few nodes (a node belongs to two walks only when it holds both lines' letters),
   and the sets cost at every node. */
static PyObject *Trie_moves(Trie *t, PyObject *args) {
    PyObject *lines;
    Py_ssize_t place_lo, place_hi;
    uint8_t none[MAX_RANKS], opt[MAX_RANKS], need[MAX_RANKS];
    int top = -1, need_top;
    if (moves_args(t, args, &place_lo, &place_hi, &lines, none, opt, &top) < 0) return NULL;
    PyObject *places;
    clip(t, &place_lo, &place_hi);
    if (place_lo < place_hi) {
        uint32_t n;
        walk(t, none, -1, opt, top, 0, 0, &n);
        places = words_of(t, t->front, n, place_lo, place_hi);
    } else {
        places = PyList_New(0);
    }
    if (places == NULL) return NULL;
    Py_ssize_t n_lines = PyList_GET_SIZE(lines);
    PyObject *extended = PyList_New(n_lines);
    if (extended == NULL) { Py_DECREF(places); return NULL; }
    for (Py_ssize_t i = 0; i < n_lines; i++) {
        PyObject *line = PyList_GET_ITEM(lines, i), *words;
        PyObject *tally;
        Py_ssize_t lo, hi;
        if (line == Py_None || top < 0) {
            words = PyList_New(0);
        } else if (!PyArg_ParseTuple(line, "Onn", &tally, &lo, &hi)) {
            words = NULL;
        } else {
            memset(need, 0, MAX_RANKS);
            need_top = -1;
            clip(t, &lo, &hi);
            if (read_tally(t, tally, need, &need_top) < 0) {
                words = NULL;
            } else {
                uint32_t n;
                walk(t, need, need_top, opt, top, 0, 0, &n);
                words = words_of(t, t->front, n, lo, hi);
            }
        }
        if (words == NULL) { Py_DECREF(places); Py_DECREF(extended); return NULL; }
        PyList_SET_ITEM(extended, i, words);
    }
    return Py_BuildValue("NN", places, extended);
}

/* any_move(rack, place_lo, place_hi, lines) -> whether a place word in [place_lo, place_hi) or an extension of
   a line exists (lines as moves takes them: (tally, lo, hi), or None): the first-hit walks of first(), all in
   one call. best_jarnac's exact no-steal shortcut asks it at most Jarnac windows of a game: ~2 us where one
   Python call and tally a walk cost ~8 us on a tray of 6 lines. */
static PyObject *Trie_any_move(Trie *t, PyObject *args) {
    PyObject *lines;
    Py_ssize_t place_lo, place_hi;
    uint8_t none[MAX_RANKS], opt[MAX_RANKS], need[MAX_RANKS];
    int top = -1, need_top;
    if (moves_args(t, args, &place_lo, &place_hi, &lines, none, opt, &top) < 0) return NULL;
    if (top < 0) Py_RETURN_FALSE;
    uint32_t n;
    clip(t, &place_lo, &place_hi);
    if (place_lo < place_hi && walk(t, none, -1, opt, top, (uint32_t)place_lo, (uint32_t)place_hi, &n) != NO_HIT)
        Py_RETURN_TRUE;
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(lines); i++) {
        PyObject *line = PyList_GET_ITEM(lines, i), *tally;
        Py_ssize_t lo, hi;
        if (line == Py_None) continue;
        if (!PyArg_ParseTuple(line, "Onn", &tally, &lo, &hi)) return NULL;
        memset(need, 0, MAX_RANKS);
        need_top = -1;
        if (read_tally(t, tally, need, &need_top) < 0) return NULL;
        clip(t, &lo, &hi);
        if (need_top < 0 || lo >= hi) continue;  /* an empty word extends to nothing (first_extension) */
        if (walk(t, need, need_top, opt, top, (uint32_t)lo, (uint32_t)hi, &n) != NO_HIT) Py_RETURN_TRUE;
    }
    Py_RETURN_FALSE;
}

/* word(number) -> the word of that number (words are numbered alphabetically), as steals() gives them. */
static PyObject *Trie_word(Trie *t, PyObject *arg) {
    Py_ssize_t n = PyNumber_AsSsize_t(arg, PyExc_OverflowError);
    if (n == -1 && PyErr_Occurred()) return NULL;
    if (ensure_scratch(t) < 0) return NULL;
    if (n < 0 || n >= (Py_ssize_t)t->n_words) { PyErr_SetString(PyExc_IndexError, "no word of that number"); return NULL; }
    return word_str(t, (uint32_t)n);
}

static int node_arg(const Trie *t, PyObject *arg, uint32_t *out);

/* The terminal nodes among ``nodes`` (every id checked), in their order, in a new buffer; -1 on an error. */
static Py_ssize_t terminal_nodes(const Trie *t, PyObject *nodes, uint32_t **out) {
    PyObject *seq = PySequence_Fast(nodes, "nodes must be a sequence of node ids");
    if (seq == NULL) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq), m = 0;
    uint32_t *found = PyMem_Malloc(sizeof(uint32_t) * (n + 1));
    if (found == NULL) { Py_DECREF(seq); PyErr_NoMemory(); return -1; }
    for (Py_ssize_t i = 0; i < n; i++) {
        uint32_t v;
        if (node_arg(t, PySequence_Fast_GET_ITEM(seq, i), &v) < 0) { PyMem_Free(found); Py_DECREF(seq); return -1; }
        if (v >= 1 && v <= t->n_terminals) found[m++] = v;
    }
    Py_DECREF(seq);
    *out = found;
    return m;
}

/* -- the letters of a node: its key, walking up to the root ----------------------------------------- */

static int ensure_parents(Trie *t) {
    if (t->parent) return 0;
    uint32_t *parent = PyMem_Calloc(t->n_nodes, sizeof(uint32_t));
    uint8_t *prank = PyMem_Calloc(t->n_nodes, 1);
    if (parent == NULL || prank == NULL) { PyMem_Free(parent); PyMem_Free(prank); PyErr_NoMemory(); return -1; }
    for (uint32_t node = 0; node < t->n_nodes; node++)
        for (uint32_t e = t->start[node]; e < t->start[node + 1]; e++) {
            parent[t->child[e]] = node;
            prank[t->child[e]] = t->rank[e];
        }
    t->parent = parent;
    t->prank = prank;
    return 0;
}

/* counts[rank] of node v's key; its size, or -1 (an error set) for a node off the tree. */
static int key_of(const Trie *t, uint32_t v, uint8_t *counts) {
    int size = 0;
    memset(counts, 0, t->n_ranks);
    /* One parent per node, never the root: from a node the walks reach, the path up ends at the root; a
       node off the tree (an id given by hand, a cycle in a crafted file) is stopped by the bound. */
    while (v != t->root) {
        if (v == 0 || size >= 255) { fail("a node is not on the trie"); return -1; }
        if (counts[t->prank[v]] < 255) counts[t->prank[v]]++;
        size++;
        v = t->parent[v];
    }
    return size;
}

/* What _selfplay.c uses of this file (declared in _trie.h): the scratch, the parents, the walk, a node's key. */
int jarnac_trie_prepare(Trie *t) { return ensure_scratch(t) < 0 || ensure_parents(t) < 0 ? -1 : 0; }

uint32_t jarnac_trie_walk(Trie *t, const uint8_t *need, int need_top, const uint8_t *opt, int top, uint32_t hit_lo,
                          uint32_t hit_hi, uint32_t *count) {
    return walk(t, need, need_top, opt, top, hit_lo, hit_hi, count);
}

int jarnac_trie_key_of(const Trie *t, uint32_t v, uint8_t *counts) { return key_of(t, v, counts); }

PyObject *jarnac_trie_word(Trie *t, uint32_t number) { return word_str(t, number); }

typedef struct { uint32_t word; uint32_t node; } Steal;

static int by_word(const void *a, const void *b) {
    uint32_t x = ((const Steal *)a)->word, y = ((const Steal *)b)->word;
    return (x > y) - (x < y);
}

/* The packed integer of counts (7 bits a rank, as Lexicon.pack makes it): each count shifted into 64-bit
   words (a rank's 7 bits may straddle two), read as little-endian bytes (the compiled walk runs only on
   little-endian machines, native.py); one shift a rank where setting bit by bit cost ~0.3 us an item. */
static PyObject *packed_int(const uint8_t *counts, int n_ranks) {
    uint64_t words[7 * MAX_RANKS / 64 + 2];
    size_t n = (size_t)(7 * n_ranks + 7) / 8;
    memset(words, 0, sizeof words);
    for (int r = 0; r < n_ranks; r++) {
        uint64_t value = counts[r] & 0x7F;
        if (!value) continue;
        int bit = 7 * r, shift = bit & 63;
        words[bit >> 6] |= value << shift;
        if (shift > 57) words[(bit >> 6) + 1] |= value >> (64 - shift);
    }
    /* The bytes to an int directly (~1 us less an item than calling int.from_bytes). */
#if PY_VERSION_HEX >= 0x030D0000
    return PyLong_FromUnsignedNativeBytes(words, n, Py_ASNATIVEBYTES_LITTLE_ENDIAN);
#else
    return _PyLong_FromByteArray((const unsigned char *)words, n, 1, 0);
#endif
}

/* A candidate as best_jarnac's StealItem (a tuple subtype with no slots of its own: checked by the caller),
   (packed, tiles, line, word, old, old_tiles); steals ``packed`` and ``word``. */
/* What _plan.c uses: packed_int (declared in _trie.h). */
PyObject *jarnac_packed_int(const uint8_t *counts, int n_ranks) { return packed_int(counts, n_ranks); }

static PyObject *item_row(PyTypeObject *type, PyObject *packed, int size, PyObject *word, PyObject *line,
                          PyObject *old, PyObject *old_tiles) {
    PyObject *tiles = PyLong_FromLong(size);
    PyObject *row = tiles ? type->tp_alloc(type, 6) : NULL;
    if (row == NULL) { Py_XDECREF(tiles); Py_DECREF(packed); Py_DECREF(word); return NULL; }
    PyTuple_SET_ITEM(row, 0, packed);
    PyTuple_SET_ITEM(row, 1, tiles);
    PyTuple_SET_ITEM(row, 2, Py_NewRef(line));
    PyTuple_SET_ITEM(row, 3, word);
    PyTuple_SET_ITEM(row, 4, Py_NewRef(old));
    PyTuple_SET_ITEM(row, 5, Py_NewRef(old_tiles));
    return row;
}

/* What _plan.c uses: item_row (declared in _trie.h). */
PyObject *jarnac_item_row(PyTypeObject *type, PyObject *packed, int size, PyObject *word, PyObject *line,
                          PyObject *old, PyObject *old_tiles) {
    return item_row(type, packed, size, word, line, old, old_tiles);
}

/* The rows of steal_items for the terminal nodes found[0, m) (a private array: see private_copy), letters
   ``less`` taken away: (packed, tiles, word), or with ``type`` its instances (item_row). ``distinct``: the
   nodes are distinct (a walk's), so are their keys less the same letters, and no set of the letters seen is
   needed (~1/4 of a row). */
static PyObject *steal_rows(Trie *t, const uint32_t *found, Py_ssize_t m, const uint8_t *less, PyTypeObject *type,
                            PyObject *line, PyObject *old, PyObject *old_tiles, int distinct) {
    Steal *rows = PyMem_Calloc(m + 1, sizeof(Steal));
    uint8_t *seen = NULL;
    PyObject *result = NULL;
    if (rows == NULL) { PyErr_NoMemory(); goto done; }
    for (Py_ssize_t i = 0; i < m; i++) {
        rows[i].word = t->wids[t->wstart[found[i]]];
        rows[i].node = found[i];
    }
    qsort(rows, m, sizeof(Steal), by_word);
    /* One row per set of added letters: a small open-addressing set of the sets seen (n_ranks bytes each). */
    size_t cap = 16;
    while (!distinct && cap < (size_t)m * 2 + 2) cap *= 2;
    seen = PyMem_Calloc(cap, (size_t)t->n_ranks + 1);
    result = PyList_New(0);
    if (seen == NULL || result == NULL) { if (seen == NULL) PyErr_NoMemory(); Py_CLEAR(result); goto done; }
    uint8_t key[MAX_RANKS + 1];
    size_t width = (size_t)t->n_ranks + 1;
    for (Py_ssize_t i = 0; i < m; i++) {
        int size = key_of(t, rows[i].node, key + 1);
        if (size < 0) { Py_CLEAR(result); goto done; }
        for (int r = 0; r < t->n_ranks; r++) {
            if (key[r + 1] < less[r]) { fail("a node does not hold the letters taken away"); Py_CLEAR(result); goto done; }
            key[r + 1] -= less[r];
        }
        if (!distinct) {
            key[0] = 1;  /* a filled slot */
            uint64_t h = 1469598103934665603ull;
            for (size_t r = 1; r < width; r++) { h ^= key[r]; h *= 1099511628211ull; }
            size_t j = (size_t)(h ^ (h >> 29)) & (cap - 1);
            int fresh = 1;
            while (seen[j * width]) {
                if (!memcmp(seen + j * width, key, width)) { fresh = 0; break; }
                j = (j + 1) & (cap - 1);
            }
            if (!fresh) continue;
            memcpy(seen + j * width, key, width);
        }
        /* With ``type`` (steals), the word's number: its str is made only for the steals chosen (Trie.word);
           reading every candidate's cached str was a cache miss a row, ~1/4 of them (perf). */
        PyObject *packed = packed_int(key + 1, t->n_ranks);
        PyObject *word = packed == NULL ? NULL : type ? PyLong_FromUnsignedLong(rows[i].word) : word_str(t, rows[i].word);
        if (word == NULL) { Py_XDECREF(packed); Py_CLEAR(result); goto done; }
        PyObject *row = type ? item_row(type, packed, size, word, line, old, old_tiles)
                             : Py_BuildValue("NiN", packed, size, word);  /* "N" hands both references over */
        if (row == NULL || PyList_Append(result, row) < 0) {
            Py_XDECREF(row);
            Py_CLEAR(result);
            goto done;
        }
        Py_DECREF(row);
    }
done:
    PyMem_Free(rows);
    PyMem_Free(seen);
    return result;
}

/* steal_items(nodes, minus) -> [(packed letters added, tiles, word)]: for each terminal node, the letters its
   key adds to the tally ``minus`` (packed as Lexicon.pack packs), its tiles and its first word; one row per
   set of added letters (the alphabetically first word's), in the order of those words: the candidate
   steals of best_jarnac (moves/steal_search.py, steal_items then distinct_items) without a Python step per word. */
static PyObject *Trie_steal_items(Trie *t, PyObject *args) {
    PyObject *nodes, *minus;
    if (!PyArg_ParseTuple(args, "OO", &nodes, &minus)) return NULL;
    if (ensure_scratch(t) < 0 || ensure_parents(t) < 0) return NULL;
    uint8_t less[MAX_RANKS];
    int top = -1;
    memset(less, 0, MAX_RANKS);
    if (read_tally(t, minus, less, &top) < 0) return NULL;
    uint32_t *found;
    Py_ssize_t m = terminal_nodes(t, nodes, &found);
    if (m < 0) return NULL;
    PyObject *result = steal_rows(t, found, m, less, NULL, NULL, NULL, NULL, 0);
    PyMem_Free(found);
    return result;
}

/* The terminal nodes of front[0, n) in [lo, hi), copied out of the scratch buffer (see private_copy). */
static Py_ssize_t found_in(Trie *t, uint32_t n, Py_ssize_t lo, Py_ssize_t hi, uint32_t **out) {
    uint32_t *found = PyMem_Malloc(sizeof(uint32_t) * (n + 1));
    if (found == NULL) { PyErr_NoMemory(); return -1; }
    Py_ssize_t m = 0;
    for (uint32_t i = 0; i < n; i++) {
        uint32_t v = t->front[i];
        if (v >= lo && v < hi && v >= 1 && v <= t->n_terminals) found[m++] = v;
    }
    *out = found;
    return m;
}

/* steals(rack, place_lo, place_hi, lines, item) -> ([each line's items], [new-word items]): best_jarnac's
   candidates (moves/steal_search.py, steal_items) from the walks of moves() in one call: each line (None, or (ranks, lo,
   hi, index, old, old_tiles)) walked with its letters required, its nodes in [lo, hi) turned into steal_items'
   rows of ``item`` (steal_search.py's StealRow named tuple: packed, tiles, index, first word's number, old, old_tiles:
   Trie.word makes the str of a number), the new words' nodes in
   [place_lo, place_hi) likewise (index and old None, old_tiles 0). No node list, no row tuple and no Python
   step per candidate: the candidates of a 5-line tray with 8 spare letters cost ~1/3 of what seven calls
   and the StealItem of each row did. */
static PyObject *Trie_steals(Trie *t, PyObject *args) {
    PyObject *rack, *lines;
    PyTypeObject *type;
    Py_ssize_t place_lo, place_hi;
    if (!PyArg_ParseTuple(args, "OnnO!O!", &rack, &place_lo, &place_hi, &PyList_Type, &lines, &PyType_Type, &type))
        return NULL;
    if (!PyType_IsSubtype(type, &PyTuple_Type) || type->tp_basicsize != PyTuple_Type.tp_basicsize ||
        type->tp_itemsize != PyTuple_Type.tp_itemsize) {
        PyErr_SetString(PyExc_TypeError, "the item type is a named tuple");
        return NULL;
    }
    if (ensure_scratch(t) < 0 || ensure_parents(t) < 0) return NULL;
    uint8_t none[MAX_RANKS], opt[MAX_RANKS], need[MAX_RANKS];
    int top = -1, need_top;
    memset(none, 0, MAX_RANKS);
    memset(opt, 0, MAX_RANKS);
    if (read_tally(t, rack, opt, &top) < 0) return NULL;
    Py_ssize_t n_lines = PyList_GET_SIZE(lines);
    PyObject *per_line = PyList_New(n_lines), *places = NULL, *zero = PyLong_FromLong(0);
    if (per_line == NULL || zero == NULL) goto fail;
    for (Py_ssize_t i = 0; i < n_lines; i++) {
        PyObject *line = PyList_GET_ITEM(lines, i), *ranks, *index, *old, *old_tiles, *rows;
        Py_ssize_t lo, hi;
        if (line == Py_None || top < 0) {
            rows = PyList_New(0);
        } else {
            if (!PyArg_ParseTuple(line, "OnnOOO", &ranks, &lo, &hi, &index, &old, &old_tiles)) goto fail;
            memset(need, 0, MAX_RANKS);
            need_top = -1;
            if (read_tally(t, ranks, need, &need_top) < 0) goto fail;
            clip(t, &lo, &hi);
            uint32_t n, *found;
            walk(t, need, need_top, opt, top, 0, 0, &n);
            Py_ssize_t m = found_in(t, n, lo, hi, &found);
            if (m < 0) goto fail;
            rows = steal_rows(t, found, m, need, type, index, old, old_tiles, 1);
            PyMem_Free(found);
        }
        if (rows == NULL) goto fail;
        PyList_SET_ITEM(per_line, i, rows);
    }
    clip(t, &place_lo, &place_hi);
    if (place_lo < place_hi) {
        uint32_t n, *found;
        walk(t, none, -1, opt, top, 0, 0, &n);
        Py_ssize_t m = found_in(t, n, place_lo, place_hi, &found);
        if (m < 0) goto fail;
        places = steal_rows(t, found, m, none, type, Py_None, Py_None, zero, 1);
        PyMem_Free(found);
    } else {
        places = PyList_New(0);
    }
    if (places == NULL) goto fail;
    Py_DECREF(zero);
    return Py_BuildValue("NN", per_line, places);
fail:
    Py_XDECREF(per_line);
    Py_XDECREF(zero);
    return NULL;
}

/* nodes -> the sorted words of those that are terminal (ids checked). */
static PyObject *Trie_words_of(Trie *t, PyObject *nodes) {
    uint32_t *found, m = 0;
    if (ensure_scratch(t) < 0) return NULL;
    Py_ssize_t n = terminal_nodes(t, nodes, &found);
    if (n < 0) return NULL;
    for (Py_ssize_t i = 0; i < n; i++) {
        uint32_t v = found[i];
        /* Nodes listed twice could hold more words than the buffer: refused past n_words numbers. */
        if (m + (t->wstart[v + 1] - t->wstart[v]) > t->n_words) { PyMem_Free(found); return fail("a node is listed twice"), NULL; }
        for (uint32_t s = t->wstart[v]; s < t->wstart[v + 1]; s++) t->ids[m++] = t->wids[s];
    }
    PyMem_Free(found);
    return word_list(t, sort_ids(t, m), m);
}

static int node_arg(const Trie *t, PyObject *arg, uint32_t *out) {
    Py_ssize_t v = PyLong_AsSsize_t(arg);
    if (v == -1 && PyErr_Occurred()) return -1;
    if (v < 0 || v >= (Py_ssize_t)t->n_nodes) { PyErr_SetString(PyExc_IndexError, "node id out of range"); return -1; }
    *out = (uint32_t)v;
    return 0;
}

/* node -> its words, sorted (empty for an inner node). */
static PyObject *Trie_words_at(Trie *t, PyObject *arg) {
    uint32_t v;
    if (ensure_scratch(t) < 0 || node_arg(t, arg, &v) < 0) return NULL;
    if (v < 1 || v > t->n_terminals) return PyList_New(0);
    uint32_t a = t->wstart[v], b = t->wstart[v + 1];
    PyObject *list = PyList_New(b - a);
    if (list == NULL) return NULL;
    for (uint32_t s = a; s < b; s++) {
        PyObject *w = word_str(t, t->wids[s]);
        if (w == NULL) { Py_DECREF(list); return NULL; }
        PyList_SET_ITEM(list, s - a, w);
    }
    return list;
}

/* nodes -> the first word of each terminal node, in the order given (inner nodes skipped). */
static PyObject *Trie_first_words(Trie *t, PyObject *nodes) {
    uint32_t *found;
    if (ensure_scratch(t) < 0) return NULL;
    Py_ssize_t n = terminal_nodes(t, nodes, &found);
    if (n < 0) return NULL;
    PyObject *list = PyList_New(n);
    for (Py_ssize_t i = 0; list && i < n; i++) {
        PyObject *w = word_str(t, t->wids[t->wstart[found[i]]]);
        if (w == NULL) { Py_CLEAR(list); break; }
        PyList_SET_ITEM(list, i, w);
    }
    PyMem_Free(found);
    return list;
}

/* -- every word at the end of its own key (what opening a user's file checks, with the layouts' agreement) -- */

#define MAX_KEY 64  /* more than any depth_starts asks for (the index's MAX_DEPTH is 9) */

/* The message naming a word: the source, then "node N holds 'WORD'" and what is wrong (the word cut at 60
   bytes; a cut inside a character is shown replaced). */
static int fail_word(const Trie *t, uint32_t node, Py_ssize_t p, Py_ssize_t end, const char *what) {
    char word[64];
    Py_ssize_t n = end - p < 60 ? end - p : 60;
    memcpy(word, t->text + p, n);
    word[n] = 0;
    PyErr_Format(FormatError, "%U: node %u holds '%s', %s", current_source, (unsigned)node, word, what);
    return -1;
}

/* The checks of check_keys, with current_source set. */
static int check_keys_of(Trie *t, PyObject *starts, PyObject *tiles) {
    Py_ssize_t n_starts = PyTuple_GET_SIZE(starts);
    if (n_starts < 3 || n_starts > MAX_KEY + 2) return fail("depth_starts has a bad length");
    int max_depth = (int)n_starts - 2;
    Py_ssize_t ds[MAX_KEY + 2];
    for (Py_ssize_t i = 0; i < n_starts; i++) {
        ds[i] = PyLong_AsSsize_t(PyTuple_GET_ITEM(starts, i));
        if (ds[i] == -1 && PyErr_Occurred()) return -1;
    }
    if (ds[max_depth + 1] != (Py_ssize_t)t->n_terminals + 1) return fail("depth_starts does not end after the terminal nodes");
    if (PyTuple_GET_SIZE(tiles) != t->n_ranks) return fail("one tile per letter rank");
    /* Tiles by their first byte, longest first: the greedy cut of Alphabet.tokenize, on UTF-8 bytes. */
    const char *tile[MAX_RANKS];
    Py_ssize_t tile_len[MAX_RANKS];
    int by_first[MAX_RANKS], head[257];
    memset(head, 0, sizeof head);
    for (int r = 0; r < t->n_ranks; r++) {
        PyObject *b = PyTuple_GET_ITEM(tiles, r);
        if (!PyBytes_Check(b)) { PyErr_SetString(PyExc_TypeError, "tiles are bytes"); return -1; }
        tile[r] = PyBytes_AS_STRING(b);
        tile_len[r] = PyBytes_GET_SIZE(b);  /* 0: no tile (a tile that folding would change) */
        if (tile_len[r]) head[(uint8_t)tile[r][0] + 1]++;
    }
    for (int c = 0; c < 256; c++) head[c + 1] += head[c];
    int fill[256];
    memcpy(fill, head, sizeof fill);
    for (int r = 0; r < t->n_ranks; r++)
        if (tile_len[r]) {
            int c = (uint8_t)tile[r][0], j = fill[c]++;
            while (j > head[c] && tile_len[by_first[j - 1]] < tile_len[r]) { by_first[j] = by_first[j - 1]; j--; }
            by_first[j] = r;
        }
    int one[256];
    for (int c = 0; c < 256; c++) one[c] = head[c + 1] - head[c] == 1 && tile_len[by_first[head[c]]] == 1 ? by_first[head[c]] : -1;
    if (!t->checked) {  /* the bounds first: what memory safety needs (a trusted or version 1 file) */
        if (check_structure(t) < 0) return -1;
        t->checked = 1;
    }
    if (ensure_parents(t) < 0) return -1;
    uint8_t key[MAX_RANKS], got[MAX_RANKS];
    const uint32_t *parent = t->parent, root = t->root;
    const uint8_t *prank = t->prank;
    for (uint32_t v = 1; v <= t->n_terminals; v++) {
        /* The key: the letters on the path up to the root, decreasing going up (increasing ranks down). */
        memset(key, 0, t->n_ranks);
        int d = 0, last = MAX_RANKS;
        for (uint32_t u = v; u != root; u = parent[u]) {
            if (u == 0 || d >= max_depth) {
                PyErr_Format(FormatError, "%U: node %u is not on the trie (no path of at most %d letters to the root)",
                             current_source, (unsigned)v, max_depth);
                return -1;
            }
            int r = prank[u];
            if (r > last) {
                PyErr_Format(FormatError, "%U: the key of node %u is not in rank order", current_source, (unsigned)v);
                return -1;
            }
            last = r;
            key[r]++;
            d++;
        }
        if (!(ds[d] <= (Py_ssize_t)v && (Py_ssize_t)v < ds[d + 1])) {
            PyErr_Format(FormatError, "%U: node %u has a key of %d tiles, not where depth_starts puts the keys of %d tiles",
                         current_source, (unsigned)v, d, d);
            return -1;
        }
        uint32_t previous = 0;
        for (uint32_t s = t->wstart[v]; s < t->wstart[v + 1]; s++) {
            uint32_t a = t->wids[s];
            if (s > t->wstart[v] && a <= previous) {
                PyErr_Format(FormatError, "%U: the words of node %u are not sorted and distinct", current_source, (unsigned)v);
                return -1;
            }
            previous = a;
            Py_ssize_t p = t->wpos[a], end = word_end(t, p), pos = p;
            int size = 0;
            memset(got, 0, t->n_ranks);
            while (pos < end) {
                int c = (uint8_t)t->text[pos], r = one[c];
                if (r >= 0) {  /* the one tile of this first byte, one byte long: most letters */
                    if (++got[r] > key[r] || ++size > d) return fail_word(t, v, p, end, "which is not at the end of its key");
                    pos++;
                    continue;
                }
                for (int j = head[c]; j < head[c + 1]; j++) {
                    int k = by_first[j];
                    Py_ssize_t m = tile_len[k];  /* the first byte matches: the bucket's */
                    if (m > end - pos) continue;
                    while (m > 1 && t->text[pos + m - 1] == tile[k][m - 1]) m--;
                    if (m == 1) { r = k; break; }
                }
                if (r < 0) return fail_word(t, v, p, end, "not a word of its alphabet");
                if (++got[r] > key[r] || ++size > d) return fail_word(t, v, p, end, "which is not at the end of its key");
                pos += tile_len[r];
            }
            if (size != d) return fail_word(t, v, p, end, "which is not at the end of its key");
        }
    }
    return 0;
}

/* check_keys(depth_starts, tiles, source): raise LexiconFormatError unless every terminal node lies on the
   trie at the depth depth_starts gives it, its letters in increasing rank order, its words sorted, and each
   word, cut into tiles (tiles[rank]: a tile's UTF-8 bytes, b"" for none; greedy, longest first), holds
   exactly the node's key. Linear in the file (~2 ms for fr). */
static PyObject *Trie_check_keys(Trie *t, PyObject *args) {
    PyObject *starts, *tiles, *source;
    if (!PyArg_ParseTuple(args, "O!O!U", &PyTuple_Type, &starts, &PyTuple_Type, &tiles, &source)) return NULL;
    if (t->source == NULL) return fail("the trie was not made"), NULL;
    current_source = source;
    int rc = check_keys_of(t, starts, tiles);
    current_source = NULL;
    if (rc < 0) return NULL;
    Py_RETURN_NONE;
}

static PyMethodDef Trie_methods[] = {
    {"check_keys", (PyCFunction)Trie_check_keys, METH_VARARGS,
     "check_keys(depth_starts, tiles, source): every word at the end of its own key, or LexiconFormatError"},
    {"walk", (PyCFunction)Trie_walk, METH_VARARGS,
     "walk(need, opt, lo=0, hi=n_nodes) -> nodes holding all of need and part of opt, in [lo, hi), in walk order"},
    {"words", (PyCFunction)Trie_words, METH_VARARGS, "words(need, opt, lo, hi) -> the sorted words of the walk's nodes in [lo, hi)"},
    {"first", (PyCFunction)Trie_first, METH_VARARGS, "first(need, opt, lo, hi) -> the first complete node in [lo, hi), or None"},
    {"words_of", (PyCFunction)Trie_words_of, METH_O, "words_of(nodes) -> the sorted words of these distinct nodes"},
    {"steal_items", (PyCFunction)Trie_steal_items, METH_VARARGS,
     "steal_items(nodes, minus) -> [(packed letters added, tiles, first word)], one per set of added letters"},
    {"word", (PyCFunction)Trie_word, METH_O, "word(number) -> the word of that number (alphabetical)"},
    {"steals", (PyCFunction)Trie_steals, METH_VARARGS,
     "steals(rack, place_lo, place_hi, lines, item) -> best_jarnac's candidates: each line's items, the new words'"},
    {"any_move", (PyCFunction)Trie_any_move, METH_VARARGS,
     "any_move(rack, place_lo, place_hi, lines) -> whether a place word or an extension exists (first-hit walks)"},
    {"selfplay_greedy", (PyCFunction)Trie_selfplay_greedy, METH_VARARGS,
     "selfplay_greedy(bag, ranks, vowels, depth_starts, rules, max_actions) -> (result, scores, actions): see _selfplay.c"},
    {"ladder_plan", (PyCFunction)(void (*)(void))Trie_ladder_plan, METH_VARARGS | METH_KEYWORDS,
     "ladder_plan(rack, place_lo, place_hi, lines, min_len, free, seat_min, check, seconds, out_of_time, per_item) -> "
     "plan_ladder's candidates and search in one call: see _plan.c"},
    {"selfplay_planner", (PyCFunction)Trie_selfplay_planner, METH_VARARGS,
     "selfplay_planner(bag, tables, depth_starts, ranges, rules, state, trays, knobs, rngs, positions, vowel_ranks, "
     "out_of_time, max_actions) -> (result, actions): see _planlane.c"},
    {"pcg_sample", (PyCFunction)Trie_pcg_sample, METH_VARARGS,
     "pcg_sample(rng, n, k, times) -> [rng.sample(range(n), k) for _ in range(times)], drawn in C: see _planlane.c"},
    {"ladder_outcomes", (PyCFunction)Trie_ladder_outcomes, METH_VARARGS,
     "ladder_outcomes(jobs, min_len, vowel_ranks, out_of_time) -> per job (moves, gain, placed, vowels left, left, proven): see _plan.c"},
    {"planner_move", (PyCFunction)Trie_planner_move, METH_VARARGS,
     "planner_move(rack, lines, olds, place_lo, place_hi, legal_lo, legal_hi, depth_starts, ints, weights, vowel_ranks, "
     "out_of_time) -> the planner's move decision outside the end game, or None: see _plan.c"},
    {"start_values", (PyCFunction)Trie_start_values, METH_VARARGS,
     "start_values(kept, drawn, takes, lines, place_lo, place_hi, ints, weights, vowel_ranks, out_of_time) -> per start "
     "action (mean value, proven), or None: see _plan.c"},
    {"jarnac_plan", (PyCFunction)(void (*)(void))Trie_jarnac_plan, METH_VARARGS | METH_KEYWORDS,
     "jarnac_plan(rack, place_lo, place_hi, lines, row_type, min_len, last_min, by_swing, free_lines, passer_free, "
     "last_free_thief, last_free_passer, check, out_of_time) -> best_jarnac's candidates and search: see _plan.c"},
    {"ladder_items", (PyCFunction)(void (*)(void))Trie_ladder_items, METH_VARARGS | METH_KEYWORDS,
     "ladder_items(rack, place_lo, place_hi, lines, min_len, check, out_of_time) -> plan_ladder's candidates: "
     "see _plan.c"},
    {"moves", (PyCFunction)Trie_moves, METH_VARARGS,
     "moves(rack, place_lo, place_hi, lines) -> (place words, per line its extension words)"},
    {"words_at", (PyCFunction)Trie_words_at, METH_O, "words_at(node) -> the node's words, sorted"},
    {"first_words", (PyCFunction)Trie_first_words, METH_O, "first_words(nodes) -> each terminal node's first word"},
    {NULL, NULL, 0, NULL},
};

static PyObject *Trie_memory(Trie *t, void *closure) {
    (void)closure;
    Py_ssize_t scratch = t->front ? (Py_ssize_t)sizeof(uint32_t) * (t->n_nodes + 2 * t->n_words + 3) : 0;
    if (t->mask) scratch += (Py_ssize_t)sizeof(uint32_t) * (t->n_nodes + 1);
    return PyLong_FromSsize_t(scratch + (t->cache ? (Py_ssize_t)sizeof(PyObject *) * (t->n_words + 1) : 0));
}

static PyGetSetDef Trie_getset[] = {
    {"private_bytes", (getter)Trie_memory, NULL, "bytes this process allocated for queries (scratch and word cache pointers)", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject TrieType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "jarnac_solver._speedups.Trie",
    .tp_basicsize = sizeof(Trie),
    .tp_dealloc = (destructor)Trie_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The alphagram trie over the flat sections of a .jlex file, walked in C.",
    .tp_methods = Trie_methods,
    .tp_getset = Trie_getset,
    .tp_init = (initproc)Trie_init,
    .tp_new = PyType_GenericNew,
};

static PyMethodDef module_methods[] = {
    {"pcg_shuffle", (PyCFunction)pcg_shuffle, METH_VARARGS,
     "pcg_shuffle(rng, data) -> data's bytes shuffled as rng.shuffle would, rng's state moved on (_pcg32.h)"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "jarnac_solver._speedups",
    "The compiled walk of the alphagram trie (see jarnac_solver/_speedups.c).", -1, module_methods,
};

PyMODINIT_FUNC PyInit__speedups(void) {
    if (PyType_Ready(&TrieType) < 0) return NULL;
    PyObject *errors = PyImport_ImportModule("jarnac_solver.errors");
    if (errors == NULL) return NULL;
    FormatError = PyObject_GetAttrString(errors, "LexiconFormatError");
    Py_DECREF(errors);
    if (FormatError == NULL) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (m == NULL) return NULL;
    Py_INCREF(&TrieType);
    if (PyModule_AddObject(m, "Trie", (PyObject *)&TrieType) < 0) {
        Py_DECREF(&TrieType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
