/* jarnac_solver._allocation: the branch and bound of best_jarnac (moves/jarnac.py, _optimise) in C.
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
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#define WORDS 4   /* 4 x 8 lanes: ranks 0..31 */
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
    PyObject *check;      /* deadline.check, or NULL */
    long calls;
    int stopped;          /* the deadline passed (OutOfTime caught) or an error is set */
    PyObject *out_of_time;
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
    PyObject *b = PyObject_CallMethod(packed, "to_bytes", "is", 32, "little");
    if (b == NULL) {
        if (PyErr_ExceptionMatches(PyExc_OverflowError)) { PyErr_Clear(); return -2; }
        return -1;
    }
    memcpy(bytes, PyBytes_AS_STRING(b), 32);
    Py_DECREF(b);
    if (bytes[28] || bytes[29] || bytes[30] || bytes[31]) return -2;  /* a rank of 32 or more (bits 224..255) */
    for (int r = 0; r < 32; r++) {
        int bit = 7 * r, value = 0;
        for (int k = 0; k < 7; k++, bit++)
            if (bit < 256 && (bytes[bit >> 3] >> (bit & 7)) & 1) value |= 1 << k;
        out->w[r >> 3] |= (uint64_t)value << ((r & 7) * 8);
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

/* The deadline, at the first node and every 64th after: 0 go on, 1 stop (the time is up, or an error is set). */
static int tick(Search *s) {
    if (s->stopped) return 1;
    if (s->check == NULL || (s->calls++ & 63)) return 0;  /* the first node, then every 64th */
    PyObject *r = PyObject_CallNoArgs(s->check);
    if (r != NULL) { Py_DECREF(r); return 0; }
    s->stopped = 1;
    if (PyErr_ExceptionMatches(s->out_of_time)) { PyErr_Clear(); s->stopped = 2; }
    return 1;
}

static size_t memo_hash(const Letters *left, int slots, int places, int flags) {
    uint64_t h = 1469598103934665603ull;
    for (int k = 0; k < WORDS; k++) { h ^= left->w[k]; h *= 1099511628211ull; h ^= h >> 29; }
    h ^= (uint64_t)(slots * 131 + places * 17 + flags);
    h *= 0x9E3779B97F4A7C15ull;
    return (size_t)(h ^ (h >> 31));
}

static Memo *memo_find(Search *s, const Letters *left, int slots, int places, int flags) {
    if ((s->memo_count + 1) * 2 > s->memo_cap) {
        size_t cap = s->memo_cap ? s->memo_cap * 2 : 1024;
        Memo *grown = PyMem_Calloc(cap, sizeof(Memo));
        if (grown == NULL) { PyErr_NoMemory(); s->stopped = 1; return NULL; }
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
        if (!m->used) return m;
        if (m->slots == slots && m->places == places && m->flags == flags && !memcmp(&m->left, left, sizeof *left))
            return m;
        j = (j + 1) & (s->memo_cap - 1);
    }
}

static void keep_best(Search *s, long first, long second) {
    s->best_first = first;
    s->best_second = second;
    s->n_best = s->n_chosen;
    memcpy(s->best, s->chosen, sizeof(PyObject *) * s->n_chosen);
}

/* new_words of _optimise: source[0..n_source) are positions in s->words. */
static void new_words(Search *s, const Py_ssize_t *source, Py_ssize_t n_source, int level, Py_ssize_t start,
                      Letters left, int letters, int slots, int places, int thief_short, int thief_last,
                      int passer_short, int passer_last, long first, long second) {
    if (tick(s)) return;
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
        if (s->stopped) return;
    }
}

static void line_steals(Search *s, Py_ssize_t i, Letters left, int letters, int slots, int thief_short,
                        int thief_last, long first, long second) {
    if (tick(s)) return;
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
        if (s->stopped) return;
    }
    line_steals(s, i + 1, left, letters, slots, thief_short, thief_last, first, second);
}

/* -- the whole of _optimise: entries, order and bounds made here from the candidate items ---------------- */

typedef struct { Entry e; Py_ssize_t order; } Ranked;

static int by_value(const void *a, const void *b) {
    const Ranked *x = a, *y = b;
    /* sorted(key=(-first, -second)), stable: the original order breaks ties */
    if (x->e.first != y->e.first) return x->e.first > y->e.first ? -1 : 1;
    if (x->e.second != y->e.second) return x->e.second > y->e.second ? -1 : 1;
    return (x->order > y->order) - (x->order < y->order);
}

/* An _Item (packed, tiles, line, word, old, old_tiles) as an entry; 0 if no line of the rules can seat it. */
static int item_entry(PyObject *item, int min_len, int last_min, int by_swing, Entry *e) {
    if (!PyTuple_Check(item) || PyTuple_GET_SIZE(item) < 6) {
        PyErr_SetString(PyExc_TypeError, "a candidate is an _Item tuple");
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
    qsort(r, m, sizeof(Ranked), by_value);
    for (Py_ssize_t k = 0; k < m; k++) (*out)[k] = r[k].e;
    PyMem_Free(r);
    return m;
}

/* allocation.knapsack_bounds, for the first (which=0) or the second (1) part of the score. */
static long **knapsack(Search *s, int letters, int which) {
    long **t = PyMem_Calloc(s->n_lines + 1, sizeof(long *));
    long *value = PyMem_Calloc(letters + 2, sizeof(long));
    int *has = PyMem_Calloc(letters + 2, sizeof(int));
    if (t == NULL || value == NULL || has == NULL) { PyMem_Free(value); PyMem_Free(has); PyErr_NoMemory(); return t; }
    for (Py_ssize_t i = 0; i <= s->n_lines; i++) {
        t[i] = PyMem_Calloc(letters + 1, sizeof(long));
        if (t[i] == NULL) { PyMem_Free(value); PyMem_Free(has); PyErr_NoMemory(); return t; }
    }
    /* New words: any number of them, each of a size some new word has (the best value of that size). */
    for (Py_ssize_t k = 0; k < s->n_words; k++) {
        const Entry *e = &s->words[k];
        long v = which ? e->second : e->first;
        if (e->used <= letters && (!has[e->used] || v > value[e->used])) { has[e->used] = 1; value[e->used] = v; }
    }
    long *place = t[s->n_lines];
    for (int m = 1; m <= letters; m++) {
        long best = place[m - 1];
        for (int a = 0; a <= m; a++)
            if (has[a] && place[m - a] + value[a] > best) best = place[m - a] + value[a];
        place[m] = best;
    }
    for (Py_ssize_t i = s->n_lines - 1; i >= 0; i--) {
        memset(has, 0, sizeof(int) * (letters + 2));
        for (Py_ssize_t k = 0; k < s->line_len[i]; k++) {
            const Entry *e = &s->lines[i][k];
            long v = which ? e->second : e->first;
            if (e->used <= letters && (!has[e->used] || v > value[e->used])) { has[e->used] = 1; value[e->used] = v; }
        }
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

static PyObject *run_search(Search *s, Letters left, int rack_size, int free_lines, Py_ssize_t total) {
    s->levels = free_lines + 1;
    s->arena = PyMem_Calloc(((size_t)s->levels + 1) * (size_t)(s->n_words + 1), sizeof(Py_ssize_t));
    s->chosen = PyMem_Calloc((size_t)total + (size_t)free_lines + 1, sizeof(PyObject *));
    s->best = PyMem_Calloc((size_t)total + (size_t)free_lines + 1, sizeof(PyObject *));
    if (!s->arena || !s->chosen || !s->best) return PyErr_NoMemory();
    for (Py_ssize_t k = 0; k < s->n_words; k++) s->arena[(Py_ssize_t)s->levels * s->n_words + k] = k;
    line_steals(s, 0, left, rack_size, free_lines, 0, 0, 0, 0);
    if (s->stopped == 1) return NULL;  /* an error other than the deadline */
    PyObject *chosen = PyList_New(s->n_best);
    if (chosen == NULL) return NULL;
    for (int k = 0; k < s->n_best; k++) PyList_SET_ITEM(chosen, k, Py_NewRef(s->best[k]));
    return Py_BuildValue("llNO", s->best_first, s->best_second, chosen, s->stopped == 2 ? Py_False : Py_True);
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
static PyObject *optimise(PyObject *self, PyObject *args) {
    PyObject *per_line, *places, *rack, *check, *out_of_time;
    int rack_size, free_lines, passer_free, min_len, last_min, by_swing, last_thief, last_passer;
    if (!PyArg_ParseTuple(args, "O!O!O!iiiiipppOO", &PyList_Type, &per_line, &PyList_Type, &places, &PyLong_Type,
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
    s.check = check == Py_None ? NULL : check;
    s.out_of_time = out_of_time;
    PyObject *result = NULL;
    Letters left;
    int rc = unpack(rack, &left);
    if (rc == -2) Py_RETURN_NONE;  /* more than 32 ranks: the Python search */
    if (rc < 0) return NULL;
    Py_ssize_t n_given = PyList_GET_SIZE(per_line), total = 0;
    s.lines = PyMem_Calloc(n_given + 1, sizeof(Entry *));
    s.line_len = PyMem_Calloc(n_given + 1, sizeof(Py_ssize_t));
    Ranked *heads = PyMem_Calloc(n_given + 1, sizeof(Ranked));
    if (!s.lines || !s.line_len || !heads) { PyErr_NoMemory(); goto done; }
    /* Lines with a seatable steal, the most valuable first (stable), each one's steals best first. */
    Entry **kept = PyMem_Calloc(n_given + 1, sizeof(Entry *));
    Py_ssize_t *kept_len = PyMem_Calloc(n_given + 1, sizeof(Py_ssize_t));
    if (!kept || !kept_len) { PyMem_Free(kept); PyMem_Free(kept_len); PyErr_NoMemory(); goto done; }
    Py_ssize_t n_kept = 0;
    for (Py_ssize_t i = 0; i < n_given; i++) {
        Entry *entries = NULL;
        Py_ssize_t n = ranked_entries(PyList_GET_ITEM(per_line, i), min_len, last_min, by_swing, &entries);
        if (n < 0) {
            PyMem_Free(entries);
            for (Py_ssize_t k = 0; k < n_kept; k++) PyMem_Free(kept[k]);
            PyMem_Free(kept); PyMem_Free(kept_len);
            if (n == -2) result = Py_NewRef(Py_None);
            goto done;
        }
        if (n == 0) { PyMem_Free(entries); continue; }
        heads[n_kept].e = entries[0];
        heads[n_kept].e.second = 0;  /* lines.sort(key=-first of the head), stable */
        heads[n_kept].order = n_kept;
        kept[n_kept] = entries;
        kept_len[n_kept] = n;
        n_kept++;
        total += n;
    }
    Ranked *order = PyMem_Calloc(n_kept + 1, sizeof(Ranked));
    if (order == NULL) { PyErr_NoMemory(); goto done; }
    memcpy(order, heads, sizeof(Ranked) * n_kept);
    qsort(order, n_kept, sizeof(Ranked), by_value);
    for (Py_ssize_t i = 0; i < n_kept; i++) {
        s.lines[i] = kept[order[i].order];
        s.line_len[i] = kept_len[order[i].order];
    }
    s.n_lines = n_kept;
    PyMem_Free(order); PyMem_Free(kept); PyMem_Free(kept_len);
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
    PyMem_Free(heads);
    free_search(&s);
    return result;
}

static PyMethodDef methods[] = {
    {"optimise", optimise, METH_VARARGS,
     "optimise(per_line, places, rack, rack_size, free_lines, passer_free, min_len, last_min, by_swing, "
     "last_free_thief, last_free_passer, check, out_of_time) -> (first, second, chosen, exact), or None past 32 "
     "letter ranks: _optimise of moves/jarnac.py"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "jarnac_solver._allocation",
    "The branch and bound of best_jarnac in C (see jarnac_solver/_allocation.c).", -1, methods,
};

PyMODINIT_FUNC PyInit__allocation(void) { return PyModule_Create(&module); }
