/* jarnac_solver._speedups, continued (included at the end of _plan.c, whose searches it calls): the planner's
 * lane, whole games between two planners played in C (Trie.selfplay_planner), and the players' PCG32 draws
 * (_pcg32.h: Trie.pcg_sample, pcg_shuffle).
 *
 * Key idea: planning/planlane.py. Between two PlannerPlayers a game outside its end game is starts (draw, or
 * exchange three letters by the mean value of sampled racks), moves (planner_decide: the ladder, the
 * candidates, their values), passes with no move left and declined Jarnac windows; each decision is one
 * compiled search (_plan.c), and the Python around them (views, trays, states, the engine's checks, the
 * samples' lists) was most of a game. The game runs on the compiled engine (_engine.h: the rules of
 * game/game.py, counts changed in place); this file is the planner's policy on it, strategy.py's decisions:
 * choose_start (its samples drawn by the player's own Pcg32, _pcg32.h, and its state written back, so the
 * games and the rng states are the Python planner's), choose_move (planner_decide), choose_jarnac (a window
 * where no call is possible: _any_steal's exact test, declined), and the planner's view of the lines (each
 * line's word, what the searches read of it).
 *
 * What it cannot decide exactly it hands back, the engine stopping *before* that action: the end game (a
 * player to move with one free line, or the window after the word that fills a tray: planning/endgame.py), a
 * decision planner_decide or start_mean hands back (a turn that fills the tray, a memo past its limit), a rack
 * past 9 letters (plan_ladder's ceiling), a Jarnac window where a call may be possible, and what the engine
 * itself hands back (an opening the vowel rule redraws, a rack past 64 tiles, the action limit).
 *
 * Bounds: racks of at most 64 tiles and 9 lines (else handed back or refused by the caller), 32 letter ranks
 * (planner_decide's), every draw from the bag given.
 */

/* -- the players' generators: PCG32 (_pcg32.h), read from and written back to a jarnac_solver.rng.Pcg32 --- */

#include "_pcg32.h"

/* A Pcg32's state (its state and inc attributes) into g; -1 with an exception. */
static int pcg_read(PyObject *rng, Pcg32 *g) {
    PyObject *st = PyObject_GetAttrString(rng, "state"), *inc = st ? PyObject_GetAttrString(rng, "inc") : NULL;
    int rc = -1;
    if (st == NULL || inc == NULL) goto done;
    g->state = (uint64_t)PyLong_AsUnsignedLongLong(st);
    if (PyErr_Occurred()) goto done;
    g->inc = (uint64_t)PyLong_AsUnsignedLongLong(inc);
    if (PyErr_Occurred()) goto done;
    rc = 0;
done:
    Py_XDECREF(st);
    Py_XDECREF(inc);
    return rc;
}

/* g written back into rng's state (its inc never changes); -1 with an exception. */
static int pcg_write(PyObject *rng, const Pcg32 *g) {
    PyObject *st = PyLong_FromUnsignedLongLong((unsigned long long)g->state);
    if (st == NULL) return -1;
    int rc = PyObject_SetAttrString(rng, "state", st);
    Py_DECREF(st);
    return rc;
}

/* pcg_sample(rng, n, k, times) -> [rng.sample(range(n), k) for _ in range(times)], drawn in C from rng's state
   and the state written back: the draws the lane samples the planner's starts with (tests/test_rng.py holds
   them equal to Pcg32.sample). */
PyObject *Trie_pcg_sample(Trie *t, PyObject *args) {
    (void)t;
    PyObject *rng;
    Py_ssize_t n, k, times;
    if (!PyArg_ParseTuple(args, "Onnn", &rng, &n, &k, &times)) return NULL;
    if (n < 0 || n > 4096 || k < 0 || k > n || times < 0) {
        PyErr_SetString(PyExc_ValueError, "pcg_sample: 0 <= k <= n <= 4096");
        return NULL;
    }
    Pcg32 g;
    if (pcg_read(rng, &g) < 0) return NULL;
    uint32_t *pool = PyMem_Malloc(sizeof(uint32_t) * (size_t)(2 * n + 1));
    if (pool == NULL) return PyErr_NoMemory();
    uint32_t *out = pool + n;
    PyObject *list = PyList_New(times);
    if (list == NULL) goto done;
    for (Py_ssize_t s = 0; s < times; s++) {
        pcg32_sample_indexes(&g, (uint32_t)n, (uint32_t)k, pool, out);
        PyObject *one = PyList_New(k);
        if (one == NULL) { Py_CLEAR(list); goto done; }
        for (Py_ssize_t i = 0; i < k; i++) PyList_SET_ITEM(one, i, PyLong_FromUnsignedLong(out[i]));
        PyList_SET_ITEM(list, s, one);
    }
    if (pcg_write(rng, &g) < 0) Py_CLEAR(list);
done:
    PyMem_Free(pool);
    return list;
}

/* pcg_shuffle(rng, data) -> bytes: data's bytes shuffled by rng.shuffle's steps, the state written back
   (a new game's bag: the loop in C, the same order as rng.py's). */
PyObject *pcg_shuffle(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *rng;
    Py_buffer data;
    if (!PyArg_ParseTuple(args, "Oy*", &rng, &data)) return NULL;
    PyObject *out = NULL;
    Pcg32 g;
    if (data.len > 0xfffffff || pcg_read(rng, &g) < 0) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "pcg_shuffle: too long");
        goto done;
    }
    out = PyBytes_FromStringAndSize((const char *)data.buf, data.len);
    if (out == NULL) goto done;
    pcg32_shuffle_bytes(&g, (uint8_t *)PyBytes_AS_STRING(out), (uint32_t)data.len);
    if (pcg_write(rng, &g) < 0) Py_CLEAR(out);
done:
    PyBuffer_Release(&data);
    return out;
}

/* -- the lane ----------------------------------------------------------------------------------------------- */

/* -- the lane: the planner's policy on the compiled engine (_engine.h) ---------------------------------------- */

#include "_engine.h"

#define LANE_LINES 9
#define LANE_RACK 64

static const uint8_t LANE_NONE[MAX_RANKS] = {0};  /* no letter needed: a new word's walk */

typedef struct {
    TurnWeights w;
    int candidates, samples, pool;
    /* A turn value learned from self-play (learned_turn.TurnEvaluation): its rows (gained, filled, drawn,
       left, vowels, imbalance), each (weight, by late, by race me, by race them); w made from them at each
       decision (lane_learn). */
    int learned;
    double rows[6][4];
} PlannerKnobs;

/* The planner's view of the game beside the engine's state: each line's word and what the searches read of it,
   the knobs, the generators, the tables of its decisions. */
typedef struct {
    Engine e;
    int xsize, n_codes;
    Py_ssize_t place_lo, place_hi, legal_lo[LANE_LINES + 2], legal_hi[LANE_LINES + 2];
    const uint8_t *code_of_char, *vowel_rank, *sort_key;
    double useful[256];           /* -frequency / total of each code (_exchange_pool's first term) */
    LineSpec spec[2][LANE_LINES + 1];
    char text[2][LANE_LINES + 1][12];
    PlannerKnobs knobs[2];
    Pcg32 mt[2];
    Pcg32 *mtp[2];                /* each player's generator: mt[p], or mt[0] for both when they share one */
    int mt_used[2];
    int mt_read_[2];              /* its state read from the player's Pcg32 (at its first start valued) */
    PyObject *rng[2];
    PyObject *out_of_time;
} Lane;

/* Line i of player p as line_asks makes it (its word's text and length set): None when full, else its counts and
   the node range of its longer words. */
static void lane_spec(Lane *g, int p, int i) {
    LineSpec *sp = &g->spec[p][i];
    int L = g->e.len[p][i];
    memset(sp, 0, sizeof *sp);
    sp->need_top = -1;
    if (L >= g->e.line_max) return;
    for (int c = 0; c < L; c++) {
        int r = g->e.rank_of[g->code_of_char[(unsigned char)g->text[p][i][c]]];
        sp->need[r]++;
        if (r > sp->need_top) sp->need_top = r;
    }
    sp->on = 1;
    sp->old = L;
    int lo_d = L + 1 < 10 ? L + 1 : 10, hi_d = g->e.line_max + 1 < 10 ? g->e.line_max + 1 : 10;
    if (hi_d < lo_d) hi_d = lo_d;
    sp->lo = g->e.ds[lo_d];
    sp->hi = g->e.ds[hi_d];
}

/* The word number w's tiles: its text up to the separator (one ASCII byte a tile, the caller's check); its
   length, or -1 with an exception. */
static int lane_word(const Lane *g, uint32_t w, const char **text) {
    const Trie *t = g->e.t;
    const char *s = word_text(t, w);
    int n = 0;
    while (t->wpos[w] + (uint32_t)n < (uint32_t)t->text_len && s[n] != ' ' && s[n] != '\n' && n <= 10) n++;
    if (n < 1 || n > g->e.line_max || n > 10) {
        PyErr_SetString(PyExc_SystemError, "selfplay_planner: a word's length");
        return -1;
    }
    *text = s;
    return n;
}

/* After the engine played word w on player p's line i: the line's word and spec, and the letters it added
   written to act->put sorted (the Move's letters: added_letters' order for one-byte tiles). */
static int lane_played(Engine *e, int p, int i, uint32_t w, EngAct *act) {
    Lane *g = e->ctx;
    const char *text;
    int n = lane_word(g, w, &text);
    if (n < 0) return -1;
    int counts[256] = {0};
    for (int c = 0; c < n; c++) counts[(unsigned char)text[c]]++;
    for (int c = 0; g->text[p][i][c]; c++) counts[(unsigned char)g->text[p][i][c]]--;
    act->n_put = 0;
    for (int ch = 0; ch < 256; ch++)
        for (int q = 0; q < counts[ch]; q++) {
            if (act->n_put >= 16) { PyErr_SetString(PyExc_SystemError, "selfplay_planner: a move off the rack"); return -1; }
            act->put[act->n_put++] = (uint8_t)ch;
        }
    memcpy(g->text[p][i], text, (size_t)n);
    g->text[p][i][n] = 0;
    lane_spec(g, p, i);
    return 0;
}

typedef struct { double score; int i; } Useless;
static int by_useless(const void *a, const void *b) {
    const Useless *x = a, *y = b;
    if (x->score != y->score) return -x->score < -y->score ? -1 : 1;
    return x->i - y->i;
}

/* _exchange_pool's uselessness, its operations in the same order (the same doubles, so the same ties). */
#if defined(__GNUC__) && !defined(__clang__)
__attribute__((optimize("fp-contract=off")))
#endif
static double uselessness(const Lane *g, int p, int i, int vowels) {
#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#endif
    uint8_t code = g->e.rack[p][i];
    int same = 0;
    for (int q = 0; q < g->e.rn[p]; q++) same += g->e.rack[p][q] == code;
    double score = g->useful[code] + 0.03 * (double)(same - 1);
    int n = g->e.rn[p];
    if (g->e.vowel_code[code] && (double)vowels > (double)n / 2.0) score = score + 0.03;
    if (!g->e.vowel_code[code] && (double)vowels < (double)n / 3.0) score = score + 0.03;
    return score;
}

typedef struct { uint8_t keys[16]; uint8_t codes[16]; } Triple;

static int by_triple(const void *a, const void *b) { return memcmp(((const Triple *)a)->keys, ((const Triple *)b)->keys, 16); }

/* choose_start for player p (strategy.py): 1 and *exchange (0: draw; else its letters in put[0, n)), 0 handed back
   (the rng untouched), -1 an exception. */
static void lane_learn(Lane *g, int p);

static int lane_start(Lane *g, int p, PyObject *out_of_time, int *exchange, uint8_t *put) {
    Trie *t = g->e.t;
    int n = g->xsize;
    *exchange = 0;
    if (g->e.rn[p] < n || g->e.bag_n < n) return 1;  /* no exchange possible: draw, without valuing it */
    if (n < 1) return 0;  /* an exchange of nothing: Python's (its one empty triple) */
    lane_learn(g, p);
    const PlannerKnobs *kn = &g->knobs[p];
    if (n > 16 || kn->samples > 64 || kn->samples < 0 || kn->pool > LANE_RACK) return 0;
    /* The generator's state, read at the first start that samples (a lane call that samples none reads and
       writes no state: ~10 us each way). */
    int at = g->mtp[p] == &g->mt[0] ? 0 : 1;
    if (!g->mt_read_[at]) {
        if (pcg_read(g->rng[at], g->mtp[p]) < 0) return -1;
        g->mt_read_[at] = 1;
    }
    /* The samples: rng.sample(sorted(unseen), n), start_samples times, on a copy of the state (kept if decided). */
    Pcg32 m_copy = *g->mtp[p], *m = &m_copy;
    int rc = 0;
    Py_ssize_t bn = g->e.bag_n;
    uint8_t *pool = PyMem_Malloc((size_t)bn + 1);
    uint32_t *index_pool = PyMem_Malloc(sizeof(uint32_t) * ((size_t)bn + 1));
    Triple *triples = NULL;
    RackMemo *rm = NULL;
    if (pool == NULL || index_pool == NULL) { PyErr_NoMemory(); rc = -1; goto done; }
    {
        /* sorted(unseen): the bag's codes by their tile's text (a counting sort on sort_key). */
        int by_key[256] = {0};
        uint8_t code_of_key[256];
        for (Py_ssize_t i = 0; i < bn; i++) { by_key[g->sort_key[g->e.bag[i]]]++; code_of_key[g->sort_key[g->e.bag[i]]] = g->e.bag[i]; }
        Py_ssize_t at = 0;
        for (int k = 0; k < 256; k++) for (int q = 0; q < by_key[k]; q++) pool[at++] = code_of_key[k];
    }
    int samples = kn->samples;
    uint8_t draws[64 * 16];
    int n_draws[64];
    for (int s = 0; s < samples; s++) {
        uint32_t idx[64];
        if (pcg32_sample_indexes(m, (uint32_t)bn, (uint32_t)n, index_pool, idx) < 0) { rc = 0; goto done; }
        n_draws[s] = n;
        for (int q = 0; q < n; q++) draws[s * 16 + q] = g->e.rank_of[pool[idx[q]]];
    }
    /* The exchanges: every n among the start_pool least useful rack letters, as sorted tuples of tiles, distinct. */
    int rn = g->e.rn[p], vowels = 0;
    for (int i = 0; i < rn; i++) vowels += g->e.vowel_code[g->e.rack[p][i]];
    Useless us[LANE_RACK];
    for (int i = 0; i < rn; i++) { us[i].score = uselessness(g, p, i, vowels); us[i].i = i; }
    qsort(us, rn, sizeof(Useless), by_useless);
    int chosen = kn->pool < rn ? kn->pool : rn;
    if (chosen > 20) { rc = 0; goto done; }
    Py_ssize_t n_triples = 0, cap = 64;
    triples = PyMem_Malloc(sizeof(Triple) * (size_t)cap);
    if (triples == NULL) { PyErr_NoMemory(); rc = -1; goto done; }
    if (n <= chosen && n > 0) {
        int c[16];
        for (int q = 0; q < n; q++) c[q] = q;
        for (;;) {
            Triple tr;
            memset(&tr, 0xff, sizeof tr.keys);
            memset(tr.codes, 0, sizeof tr.codes);
            uint8_t ks[16];
            for (int q = 0; q < n; q++) ks[q] = g->sort_key[g->e.rack[p][us[c[q]].i]];
            /* sorted(tiles): an insertion sort of n keys */
            for (int a = 1; a < n; a++) for (int b = a; b > 0 && ks[b - 1] > ks[b]; b--) { uint8_t x = ks[b]; ks[b] = ks[b - 1]; ks[b - 1] = x; }
            for (int q = 0; q < n; q++) tr.keys[q] = ks[q];
            for (int q = 0; q < n; q++)
                for (int r = 0; r < rn; r++)
                    if (g->sort_key[g->e.rack[p][r]] == ks[q]) { tr.codes[q] = g->e.rack[p][r]; break; }
            if (n_triples == cap) {
                Triple *grown = PyMem_Realloc(triples, sizeof(Triple) * (size_t)cap * 2);
                if (grown == NULL) { PyErr_NoMemory(); rc = -1; goto done; }
                triples = grown;
                cap *= 2;
            }
            triples[n_triples++] = tr;
            int q = n - 1;
            while (q >= 0 && c[q] == chosen - n + q) q--;
            if (q < 0) break;
            c[q]++;
            for (int r = q + 1; r < n; r++) c[r] = c[r - 1] + 1;
        }
        qsort(triples, n_triples, sizeof(Triple), by_triple);
        Py_ssize_t u = 0;
        for (Py_ssize_t i = 0; i < n_triples; i++)
            if (u == 0 || memcmp(triples[u - 1].keys, triples[i].keys, 16) != 0) triples[u++] = triples[i];
        n_triples = u;
    }
    /* Each action's mean value (start_mean: start_values' numbers); the best, the first on a tie (the draw first). */
    int free_now = g->e.lines - g->e.n_lines[p];
    int seat_min = g->e.n_lines[p] < g->e.lines ? g->e.last_min : g->e.min_len;
    long behind = eng_score(&g->e, 1 - p) - eng_score(&g->e, p);
    rm = rack_memo_new();  /* every action's racks on p's lines */
    if (rm == NULL) { rc = -1; goto done; }
    double best = 0.0;
    Py_ssize_t best_a = -1;
    for (Py_ssize_t a = -1; a < n_triples; a++) {
        uint8_t base[MAX_RANKS];
        memcpy(base, g->e.rk[p], (size_t)g->e.nr);
        int take = 1, base_size = rn;
        if (a >= 0) {
            take = n;
            base_size = rn - n;
            for (int q = 0; q < n; q++) {
                uint8_t r = g->e.rank_of[triples[a].codes[q]];
                if (base[r] == 0) { PyErr_SetString(PyExc_SystemError, "selfplay_planner: an exchange off the rack"); rc = -1; goto done; }
                base[r]--;
            }
        }
        int ints[5] = {g->e.min_len, free_now, seat_min, take, 1};
        double mean;
        int exact;
        int got = start_mean(t, base, base_size, draws, n_draws, samples, g->spec[p], g->e.n_lines[p], g->place_lo,
                             g->place_hi, ints, (long)bn, behind, &kn->w, g->vowel_rank, out_of_time, rm, &mean, &exact);
        if (got <= 0) { rc = got; goto done; }
        if (best_a == -1 && a == -1) { best = mean; best_a = -1; }
        else if (mean > best) { best = mean; best_a = a; }
    }
    if (best_a >= 0) {
        *exchange = n;
        memcpy(put, triples[best_a].codes, (size_t)n);
    }
    *g->mtp[p] = *m;
    g->mt_used[at] = 1;
    rc = 1;
done:
    PyMem_Free(rm);
    PyMem_Free(triples);
    PyMem_Free(pool);
    PyMem_Free(index_pool);
    return rc;
}

/* choose_move for player p outside the end game, or in it with no word for the last line (planout.planned_move's
   conditions, planner_decide's answer):
   1 decided (*kind 0 pass, 1 extend, 2 place), 0 handed back, -1 an exception. */
static int lane_move(Lane *g, int p, PyObject *out_of_time, int *kind, int *line, uint32_t *word) {
    int free_now = g->e.lines - g->e.n_lines[p];
    if (free_now < 1 || g->e.rn[p] > 9) return 0;  /* plan_ladder's ceiling */
    int gap = g->e.n_lines[p];
    int at = gap <= g->e.lines ? gap : g->e.lines;
    if (free_now == 1) {
        /* The end game (endgame.py) is Python's, unless no word fits the last line (best_finish's place walk,
           legal_moves' range): then end_game_move decides nothing and choose_move's candidates, none of which
           can fill the tray, are planner_decide's. */
        int top = -1;
        for (int r = 0; r < g->e.nr; r++) if (g->e.rk[p][r]) top = r;
        Py_ssize_t lo = g->legal_lo[at], hi = g->legal_hi[at];
        if (lo < 0) lo = 0;
        if (hi > (Py_ssize_t)g->e.t->n_nodes) hi = g->e.t->n_nodes;
        uint32_t n;
        if (top >= 0 && lo < hi &&
            jarnac_trie_walk(g->e.t, LANE_NONE, -1, g->e.rk[p], top, (uint32_t)lo, (uint32_t)hi, &n) != NO_HIT)
            return 0;
    }
    const char *olds[LANE_LINES + 1];
    for (int i = 0; i < g->e.n_lines[p]; i++) olds[i] = g->text[p][i];
    int seat_min = g->e.n_lines[p] < g->e.lines ? g->e.last_min : g->e.min_len;
    lane_learn(g, p);
    int ints[8] = {g->e.min_len, g->e.line_max, free_now, seat_min, g->e.lines, g->e.last_min, gap, g->knobs[p].candidates};
    return planner_decide(g->e.t, g->e.rk[p], g->e.rn[p], g->spec[p], g->e.n_lines[p], olds, g->place_lo, g->place_hi,
                          g->legal_lo[at], g->legal_hi[at], g->e.ds, ints, (long)g->e.bag_n, &g->knobs[p].w, g->vowel_rank,
                          out_of_time, kind, line, word);
}

static int read_knobs(PyObject *o, PlannerKnobs *k) {
    k->learned = 0;
    if (PyTuple_Check(o) && PyTuple_GET_SIZE(o) == 3) {
        double *r = &k->rows[0][0];
        k->learned = 1;
        return PyArg_ParseTuple(o, "(ddddddd)(iii)(dddddddddddddddddddddddd)", &k->w.line, &k->w.draw, &k->w.leave,
                                &k->w.win, &k->w.gain, &k->w.rack, &k->w.vowel, &k->candidates, &k->samples, &k->pool,
                                &r[0], &r[1], &r[2], &r[3], &r[4], &r[5], &r[6], &r[7], &r[8], &r[9], &r[10], &r[11],
                                &r[12], &r[13], &r[14], &r[15], &r[16], &r[17], &r[18], &r[19], &r[20], &r[21], &r[22],
                                &r[23]);
    }
    return PyArg_ParseTuple(o, "(ddddddd)(iii)", &k->w.line, &k->w.draw, &k->w.leave, &k->w.win, &k->w.gain,
                            &k->w.rack, &k->w.vowel, &k->candidates, &k->samples, &k->pool);
}

/* The learned turn value's weights for player p's decision now (TurnEvaluation.weights_for: late_share's
   share of the tiles out of the bag, modifiers' lines filled on each side), the same operations in the same
   order as Python's (the same doubles, so the same choices); fixed weights are left as they are. */
#if defined(__GNUC__) && !defined(__clang__)
__attribute__((optimize("fp-contract=off")))
#endif
static void lane_learn(Lane *g, int p) {
#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#endif
    PlannerKnobs *k = &g->knobs[p];
    if (!k->learned) return;
    long out = g->e.rn[0] + g->e.rn[1];
    for (int q = 0; q < 2; q++)
        for (int i = 0; i < g->e.n_lines[q]; i++) out += g->e.len[q][i];
    long total = out + (long)g->e.bag_n;
    double late = total ? (double)out / (double)total : 1.0;
    double me = 1.0 - (double)(g->e.lines - g->e.n_lines[p]) / (double)g->e.lines;
    double them = 1.0 - (double)(g->e.lines - g->e.n_lines[1 - p]) / (double)g->e.lines;
    double v[6];
    for (int j = 0; j < 6; j++) {
        const double *r = k->rows[j];
        double x = r[0] + late * r[1];
        x = x + me * r[2];
        v[j] = x + them * r[3];
    }
    k->w.gain = v[0]; k->w.line = v[1]; k->w.draw = v[2]; k->w.rack = v[3]; k->w.vowel = v[4]; k->w.leave = -v[5];
}

/* The engine's hooks: choose_start, choose_move (the word's counts for the engine), choose_jarnac (a window
   where no call is possible: declined; else, and in the final window, Python's). */
static int lane_start_hook(Engine *e, int p, int *exchange, uint8_t *put) {
    Lane *g = e->ctx;
    return lane_start(g, p, g->out_of_time, exchange, put);
}

static int lane_move_hook(Engine *e, int p, EngAct *act, int *kind, int *line, uint32_t *word, int *length) {
    (void)act;
    Lane *g = e->ctx;
    int decided;
    int rc = lane_move(g, p, g->out_of_time, &decided, line, word);
    if (rc <= 0) return rc;
    if (decided == 0) { *kind = EK_PASS; return 1; }
    *kind = decided == 1 ? EK_EXTEND : EK_PLACE;
    const char *text;
    int n = lane_word(g, *word, &text);
    if (n < 0) return -1;
    memset(e->key, 0, (size_t)e->nr);
    for (int c = 0; c < n; c++) {
        uint8_t code = g->code_of_char[(unsigned char)text[c]];
        if (code >= g->n_codes) { PyErr_SetString(PyExc_SystemError, "selfplay_planner: a move off the rack"); return -1; }
        e->key[e->rank_of[code]]++;
    }
    *length = n;
    return 1;
}

static int lane_window(Engine *e, int passer, int thief) {
    if (e->final) return 0;  /* after the word that filled the tray: the end game, Python's */
    return !eng_any_steal(e, passer, thief);
}

static const EngPolicy PLANNER = {lane_start_hook, lane_move_hook, lane_window, lane_played};

/* selfplay_planner(bag, tables, depth_starts, ranges, rules, state, trays, knobs, rngs, positions, vowel_ranks,
   out_of_time, max_actions) -> (result, actions, end): the game between two PlannerPlayers from the position given,
   until it ends or an action the lane hands back (planning/planlane.py makes the arguments).

   bag: the bag's codes (drawn from the end); tables: (rank of each code, code of each rank, code of each ASCII
   char (255: none), vowel flag of each code, sort key of each code (its tile's place in sorted tile texts),
   -frequency/total of each code (a tuple of floats)); ranges: (place_lo, place_hi, legal ranges per next line);
   rules: (lines, line_length, min_length, last_line_min_length, opening_draw, opening_vowel_rule, exchange_size,
   steal_place); state: (phase 0 opening 1 start 2 play 3 jarnac, to_act, player, idle_passes, opened A, opened B,
   ply, turn, until: stop at the start of that turn, -1 never); trays: per player (rack codes, line words as ASCII bytes); knobs: per player ((line, draw, leave, win,
   gain, rack, vowel), (candidates, start_samples, start_pool)); rngs: the two players' Pcg32 (read, and
   written back when used; the same object twice: one generator both sides draw from); positions(ply, bag size) -> the exchange's re-insertion positions.
   result: 0 stopped before an action handed back, 2 the bag empty and both passed (the game over).
   actions: (player, kind, line, word number, drawn codes, letters); kind 0 draw, 1 extend, 2 place, 3 pass,
   4 decline, 5 exchange; letters: an exchange's codes put back, a play's letters added (ASCII, sorted). end: the table after them (bag, rack A, rack B, phase (4: over), to_act,
   player, idle_passes, opened A, opened B, final, turns begun), for a caller that writes the state itself. */
PyObject *Trie_selfplay_planner(Trie *t, PyObject *args) {
    Py_buffer bag, vowels_rank;
    PyObject *tables, *starts, *ranges, *rules, *state, *trays, *knobs, *rngs, *positions, *out_of_time;
    Py_ssize_t max_actions;
    if (!PyArg_ParseTuple(args, "y*O!O!O!O!O!O!O!O!Oy*On", &bag, &PyTuple_Type, &tables, &PyTuple_Type, &starts,
                          &PyTuple_Type, &ranges, &PyTuple_Type, &rules, &PyTuple_Type, &state, &PyTuple_Type, &trays,
                          &PyTuple_Type, &knobs, &PyTuple_Type, &rngs, &positions, &vowels_rank, &out_of_time,
                          &max_actions))
        return NULL;
    PyObject *answer = NULL;
    Lane *g = PyMem_Calloc(1, sizeof(Lane));
    int held = 0;
    if (g == NULL) { PyErr_NoMemory(); goto done; }
    Py_buffer tb[5];
    int n_tb = 0;
    PyObject *useful;
    if (!PyArg_ParseTuple(tables, "y*y*y*y*y*O!", &tb[0], &tb[1], &tb[2], &tb[3], &tb[4], &PyTuple_Type, &useful)) goto done;
    n_tb = 5;
    int phase, to_act, player, idle, opened[2], rule[7];
    long ply, turn, until;
    uint32_t ds[11];
    if (!PyArg_ParseTuple(rules, "iiiiipip", &rule[0], &rule[1], &rule[2], &rule[3], &rule[4], &rule[5], &g->xsize,
                          &rule[6]) ||
        !PyArg_ParseTuple(state, "iiiipplll", &phase, &to_act, &player, &idle, &opened[0], &opened[1], &ply, &turn,
                          &until) ||
        !read_knobs(PyTuple_GET_ITEM(knobs, 0), &g->knobs[0]) || !read_knobs(PyTuple_GET_ITEM(knobs, 1), &g->knobs[1]))
        goto done_tb;
    const uint8_t *rank_of = tb[0].buf;
    g->code_of_char = tb[2].buf;
    g->sort_key = tb[4].buf; g->vowel_rank = vowels_rank.buf;
    g->out_of_time = out_of_time;
    Py_ssize_t n_codes = tb[0].len;
    g->n_codes = (int)n_codes;
    if (t->n_ranks > 32 || !t->ascii || rule[0] < 1 || rule[0] > LANE_LINES || rule[1] < 1 || rule[1] > 9 ||
        rule[2] < 1 || rule[3] < 1 || g->xsize < 0 || n_codes > 255 || tb[2].len != 256 || tb[3].len != n_codes ||
        tb[4].len != n_codes || PyTuple_GET_SIZE(useful) != n_codes || vowels_rank.len < t->n_ranks ||
        PyTuple_GET_SIZE(starts) != 11 || PyTuple_GET_SIZE(trays) != 2 || PyTuple_GET_SIZE(rngs) != 2 ||
        PyTuple_GET_SIZE(ranges) != 3 || to_act < 0 || to_act > 1 || player < 0 || player > 1 || phase < 0 ||
        phase > 3 || max_actions < 0) {
        PyErr_SetString(PyExc_ValueError, "selfplay_planner: rules or tables out of range");
        goto done_tb;
    }
    for (Py_ssize_t c = 0; c < n_codes; c++) {
        if (rank_of[c] >= t->n_ranks) { PyErr_SetString(PyExc_ValueError, "selfplay_planner: a rank out of range"); goto done_tb; }
        g->useful[c] = PyFloat_AsDouble(PyTuple_GET_ITEM(useful, c));
        if (PyErr_Occurred()) goto done_tb;
    }
    if (eng_read_starts(t, starts, ds) < 0) goto done_tb;
    {
        PyObject *legal = PyTuple_GET_ITEM(ranges, 2);
        g->place_lo = PyLong_AsSsize_t(PyTuple_GET_ITEM(ranges, 0));
        g->place_hi = PyLong_AsSsize_t(PyTuple_GET_ITEM(ranges, 1));
        if (PyErr_Occurred()) goto done_tb;
        if (!PyTuple_Check(legal) || PyTuple_GET_SIZE(legal) != rule[0] + 1) {
            PyErr_SetString(PyExc_ValueError, "selfplay_planner: a legal range a next line");
            goto done_tb;
        }
        for (int i = 0; i <= rule[0]; i++)
            if (!PyArg_ParseTuple(PyTuple_GET_ITEM(legal, i), "nn", &g->legal_lo[i], &g->legal_hi[i])) goto done_tb;
    }
    for (Py_ssize_t i = 0; i < bag.len; i++)
        if (((const uint8_t *)bag.buf)[i] >= n_codes) { PyErr_SetString(PyExc_ValueError, "selfplay_planner: a code out of range"); goto done_tb; }
    if (jarnac_trie_prepare(t) < 0) goto done_tb;
    Engine *e = &g->e;
    if (eng_init(e, t, rule, ds, rank_of, tb[3].buf, bag.buf, bag.len, 1, LANE_RACK) < 0) goto done_tb;
    e->ctx = g;
    e->positions = positions;
    e->phase = phase; e->to_act = to_act; e->player = player; e->idle = idle;
    e->opened[0] = opened[0]; e->opened[1] = opened[1];
    e->ply = ply; e->turn = turn; e->until = until;
    for (int p = 0; p < 2; p++) {
        PyObject *rack, *words;
        if (!PyArg_ParseTuple(PyTuple_GET_ITEM(trays, p), "SO!", &rack, &PyTuple_Type, &words)) goto done_tb;
        Py_ssize_t rn = PyBytes_GET_SIZE(rack), nl = PyTuple_GET_SIZE(words);
        if (rn > LANE_RACK || nl > e->lines) { PyErr_SetString(PyExc_ValueError, "selfplay_planner: a tray too big"); goto done_tb; }
        const uint8_t *rc = (const uint8_t *)PyBytes_AS_STRING(rack);
        for (Py_ssize_t i = 0; i < rn; i++) {
            if (rc[i] >= n_codes) { PyErr_SetString(PyExc_ValueError, "selfplay_planner: a code out of range"); goto done_tb; }
            eng_give(e, p, rc[i]);
        }
        for (Py_ssize_t i = 0; i < nl; i++) {
            PyObject *wd = PyTuple_GET_ITEM(words, i);
            if (!PyBytes_Check(wd) || PyBytes_GET_SIZE(wd) < 1 || PyBytes_GET_SIZE(wd) > e->line_max) {
                PyErr_SetString(PyExc_ValueError, "selfplay_planner: a line's word");
                goto done_tb;
            }
            Py_ssize_t L = PyBytes_GET_SIZE(wd);
            const char *s = PyBytes_AS_STRING(wd);
            uint8_t counts[MAX_RANKS] = {0};
            for (Py_ssize_t c = 0; c < L; c++) {
                uint8_t code = g->code_of_char[(unsigned char)s[c]];
                if (code >= n_codes) { PyErr_SetString(PyExc_ValueError, "selfplay_planner: a line's tile"); goto done_tb; }
                counts[rank_of[code]]++;
            }
            eng_set_line(e, p, (int)i, counts, (int)L);
            memcpy(g->text[p][i], s, (size_t)L);
            g->text[p][i][L] = 0;
            lane_spec(g, p, (int)i);
        }
    }
    /* A play-out's two sides draw from one generator (simulation.playout): then one state for both. */
    int shared = PyTuple_GET_ITEM(rngs, 0) == PyTuple_GET_ITEM(rngs, 1);
    for (int p = 0; p < 2; p++) {
        g->mtp[p] = shared ? &g->mt[0] : &g->mt[p];
        g->rng[p] = PyTuple_GET_ITEM(rngs, p);
    }
    scratch_hold();  /* the game's searches share one block (_plan.c's scratch) */
    held = 1;
    if (eng_run(e, &PLANNER, max_actions) < 0) goto done_tb;
    for (int p = 0; p < 2; p++)
        if (g->mt_used[p] && pcg_write(PyTuple_GET_ITEM(rngs, p), &g->mt[p]) < 0) goto done_tb;
    {
        PyObject *list = eng_actions(e, 1);
        if (list == NULL) goto done_tb;
        answer = Py_BuildValue("(iN(y#y#y#iiiiiiii))", e->result, list, (const char *)e->bag, e->bag_n,
                               (const char *)e->rack[0], (Py_ssize_t)e->rn[0], (const char *)e->rack[1],
                               (Py_ssize_t)e->rn[1], e->phase, e->to_act, e->player, e->idle, e->opened[0],
                               e->opened[1], e->final, e->turns);
    }
done_tb:
    for (int i = 0; i < n_tb; i++) PyBuffer_Release(&tb[i]);
    if (held) scratch_release();
done:
    if (g != NULL) eng_free(&g->e);
    PyMem_Free(g);
    PyBuffer_Release(&bag);
    PyBuffer_Release(&vowels_rank);
    return answer;
}
