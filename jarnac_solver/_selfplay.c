/* jarnac_solver._speedups, continued: whole games of two greedy players, played in C.
 *
 * Key idea: play_game's compiled lane (play/fastlane.py). Between two greedy players a game is draws,
 * plays, passes and declined Jarnacs, and each decision is the walks of one tray; in Python the engine around
 * those walks (actions checked, states made, trays and views built) cost ~4/5 of a game. Here the game runs
 * as counts changed in place (wolges' racks as tallies): a rack is counts by letter rank, a line its counts and
 * length, the bag the game's own shuffled codes drawn from the end. The rules are Game's, step for step
 * (game/game.py: _draw_action, _draw_n, _play, _after_word, _pass, _decline, _next_turn), and the choice is
 * GreedyPlayer.best_move's: the longest word, then the most points, then the first alphabetically (words are
 * numbered alphabetically), lines in order, the new word last.
 *
 * What it does not play it hands back: the kernel stops *before* any action it cannot decide exactly -- a
 * Jarnac window where the passer holds a move (a call may be possible: best_jarnac decides, in Python), an
 * opening draw the vowel rule redraws (Python's seeded random), the action limit -- and returns the actions
 * played so far; Python replays them through Game.push and plays on. The rules it cannot play at all
 * (disputes, value Jarnacs, a clock) never reach it (fastlane.py).
 *
 * Bounds: at most max_actions actions (the caller's limit; the array of actions grows as they come), every
 * draw from the bag given, lines at most 64, counts in bytes (the caller's bag holds at most 63 of a tile).
 * No Python object is made until the game stops: the walks share the trie's scratch buffer, which a garbage
 * collection (finalizers running Python) could hand to another query in between.
 */
#include "_trie.h"

#define MAX_LINES 64

enum { K_DRAW = 0, K_EXTEND = 1, K_PLACE = 2, K_PASS = 3, K_DECLINE = 4 };
enum { PH_OPENING, PH_START, PH_PLAY, PH_JARNAC, PH_OVER };
enum { R_STOPPED = 0, R_FULL_TRAY = 1, R_BOTH_PASSED = 2 };

typedef struct {
    uint8_t who, kind;
    int8_t line;          /* the line extended (from 0), -1 otherwise */
    uint32_t word;        /* the word's number (a play) */
    uint32_t drawn_at;    /* its draws: drawn[drawn_at, drawn_at + n_drawn) */
    uint32_t n_drawn;
} Act;

typedef struct {
    Trie *t;
    int n_ranks, lines, line_length, min_length, last_min;
    uint32_t ds[11];                 /* ds[d]: the first terminal node of keys of d tiles or more */
    uint8_t *rack[2];                /* counts by rank */
    int rack_n[2];
    uint8_t *line[2];                /* line i of player p: line[p] + i * n_ranks */
    int len[2][MAX_LINES], ltop[2][MAX_LINES];
    int filled[2];
    uint8_t *zero, *key;             /* n_ranks zeros; a node's key */
    const uint8_t *rank_of;          /* tile code -> letter rank */
    uint8_t *bag;                    /* codes, drawn from the end */
    Py_ssize_t bag_n;
    uint8_t *drawn;                  /* every code drawn, in order */
    uint32_t n_drawn;
} Table;

/* Among the walk's n nodes, the terminal nodes of keys of lo_len..line_length tiles: the longest, then the one
   holding the alphabetically first word. Returns its length (0: none). */
static int pick(const Table *g, uint32_t n, int lo_len, uint32_t *node, uint32_t *word) {
    const Trie *t = g->t;
    int hi_len = g->line_length;
    if (lo_len > hi_len) return 0;
    uint32_t lo = g->ds[lo_len], hi = g->ds[hi_len + 1];
    if (lo < 1) lo = 1;
    if (hi > t->n_terminals + 1) hi = t->n_terminals + 1;
    int best = 0;
    uint32_t best_word = 0, best_node = 0;
    for (uint32_t i = 0; i < n; i++) {
        uint32_t v = t->front[i];
        if (v < lo || v >= hi) continue;
        int d = hi_len;
        while (d > lo_len && v < g->ds[d]) d--;
        if (d < best) continue;
        uint32_t w = UINT32_MAX;
        for (uint32_t s = t->wstart[v]; s < t->wstart[v + 1]; s++)
            if (t->wids[s] < w) w = t->wids[s];
        if (d > best || w < best_word) { best = d; best_word = w; best_node = v; }
    }
    *node = best_node;
    *word = best_word;
    return best;
}

static int rack_top(const Table *g, int p) {
    for (int r = g->n_ranks - 1; r >= 0; r--)
        if (g->rack[p][r]) return r;
    return -1;
}

/* GreedyPlayer.best_move: 1 and the move (*line -1: a new word), or 0 when player p has none. */
static int best_move(Table *g, int p, int *line, uint32_t *node, uint32_t *word, int *length) {
    int top = rack_top(g, p);
    if (top < 0) return 0;
    int best_n = 0, best_gain = 0;
    uint32_t best_word = 0;
    for (int i = 0; i < g->filled[p]; i++) {
        int L = g->len[p][i];
        if (L >= g->line_length) continue;
        uint32_t n, v, w;
        jarnac_trie_walk(g->t, g->line[p] + (size_t)i * g->n_ranks, g->ltop[p][i], g->rack[p], top, 0, 0, &n);
        int d = pick(g, n, L + 1, &v, &w);
        if (!d) continue;
        int gain = d * d - L * L;
        if (!best_n || d > best_n || (d == best_n && (gain > best_gain || (gain == best_gain && w < best_word)))) {
            best_n = d; best_gain = gain; best_word = w; *line = i; *node = v;
        }
    }
    if (g->filled[p] < g->lines) {
        int min_len = g->filled[p] == g->lines - 1 ? g->last_min : g->min_length;
        uint32_t n, v, w;
        jarnac_trie_walk(g->t, g->zero, -1, g->rack[p], top, 0, 0, &n);
        int d = pick(g, n, min_len, &v, &w);
        if (d) {
            int gain = d * d;
            if (!best_n || d > best_n || (d == best_n && (gain > best_gain || (gain == best_gain && w < best_word)))) {
                best_n = d; best_gain = gain; best_word = w; *line = -1; *node = v;
            }
        }
    }
    *word = best_word;
    *length = best_n;
    return best_n > 0;
}

/* Whether player p can extend a line (the exact no-steal test of a final window: its tray is full). */
static int any_extension(Table *g, int p) {
    int top = rack_top(g, p);
    if (top < 0) return 0;
    for (int i = 0; i < g->filled[p]; i++) {
        int L = g->len[p][i];
        if (L >= g->line_length) continue;
        uint32_t lo = g->ds[L + 1], hi = g->ds[g->line_length + 1], n;
        if (lo < hi && jarnac_trie_walk(g->t, g->line[p] + (size_t)i * g->n_ranks, g->ltop[p][i], g->rack[p], top,
                                        lo, hi, &n) != NO_HIT)
            return 1;
    }
    return 0;
}

/* Player p draws k tiles (at most what the bag holds) from the end of the bag, last tile first. */
static uint32_t draw(Table *g, int p, Py_ssize_t k) {
    if (k > g->bag_n) k = g->bag_n;
    for (Py_ssize_t i = 0; i < k; i++) {
        uint8_t code = g->bag[--g->bag_n];
        g->drawn[g->n_drawn++] = code;
        g->rack[p][g->rank_of[code]]++;
        g->rack_n[p]++;
    }
    return (uint32_t)k;
}

/* Player p plays the word of node v (length d) on line i (-1: the next line). */
static int play(Table *g, int p, int i, uint32_t v, int d) {
    if (jarnac_trie_key_of(g->t, v, g->key) < 0) return -1;
    if (i < 0) i = g->filled[p]++;
    uint8_t *lc = g->line[p] + (size_t)i * g->n_ranks;
    int top = -1;
    for (int r = 0; r < g->n_ranks; r++) {
        g->rack[p][r] -= g->key[r] - lc[r];
        lc[r] = g->key[r];
        if (lc[r]) top = r;
    }
    g->rack_n[p] -= d - g->len[p][i];
    g->len[p][i] = d;
    g->ltop[p][i] = top;
    return 0;
}

static PyObject *result_of(Table *g, const Act *acts, Py_ssize_t n_acts, int result) {
    long scores[2] = {0, 0};
    for (int p = 0; p < 2; p++)
        for (int i = 0; i < g->filled[p]; i++) scores[p] += (long)g->len[p][i] * g->len[p][i];
    PyObject *list = PyList_New(n_acts);
    if (list == NULL) return NULL;
    for (Py_ssize_t a = 0; a < n_acts; a++) {
        const Act *x = &acts[a];
        PyObject *item = Py_BuildValue("(iiiky#)", x->who, x->kind, x->line, (unsigned long)x->word,
                                       (const char *)g->drawn + x->drawn_at, (Py_ssize_t)x->n_drawn);
        if (item == NULL) { Py_DECREF(list); return NULL; }
        PyList_SET_ITEM(list, a, item);
    }
    return Py_BuildValue("(i(ll)N)", result, scores[0], scores[1], list);
}

/* selfplay_greedy(bag, ranks, vowels, depth_starts, (lines, line_length, min_length, last_line_min_length,
   opening_draw, opening_vowel_rule), max_actions) -> (result, (score A, score B), actions).
   bag: the game's shuffled tile codes (bytes); ranks[code]: the code's letter rank; vowels[code]: 1 for a vowel.
   result: 1 a full tray and no Jarnac, 2 both passed on an empty bag, 0 stopped before an action it hands back.
   actions: (player, kind, line, word number, codes drawn); kind 0 draw, 1 extend, 2 place, 3 pass, 4 decline. */
PyObject *Trie_selfplay_greedy(Trie *t, PyObject *args) {
    Py_buffer bag, ranks, vowels;
    PyObject *ds;
    int lines, line_length, min_length, last_min, opening_draw, vowel_rule;
    Py_ssize_t max_actions;
    if (!PyArg_ParseTuple(args, "y*y*y*O!(iiiiip)n", &bag, &ranks, &vowels, &PyTuple_Type, &ds, &lines, &line_length,
                          &min_length, &last_min, &opening_draw, &vowel_rule, &max_actions))
        return NULL;
    PyObject *answer = NULL;
    Table g;
    memset(&g, 0, sizeof g);
    Act *acts = NULL;
    uint8_t *mem = NULL;
    const uint8_t *rank_of = ranks.buf, *is_vowel = vowels.buf, *codes = bag.buf;
    if (lines < 1 || lines > MAX_LINES || line_length < 1 || line_length > 9 || min_length < 1 ||
        last_min < 1 || opening_draw < 0 || max_actions < 0 || PyTuple_GET_SIZE(ds) != 11 || vowels.len != ranks.len) {
        PyErr_SetString(PyExc_ValueError, "selfplay_greedy: rules or tables out of range");
        goto done;
    }
    for (Py_ssize_t i = 0; i < ranks.len; i++)
        if (rank_of[i] >= t->n_ranks) { PyErr_SetString(PyExc_ValueError, "selfplay_greedy: a rank is out of range"); goto done; }
    for (Py_ssize_t i = 0; i < bag.len; i++)
        if (codes[i] >= ranks.len) { PyErr_SetString(PyExc_ValueError, "selfplay_greedy: a tile code is out of range"); goto done; }
    for (int d = 0; d < 11; d++) {
        unsigned long x = PyLong_AsUnsignedLong(PyTuple_GET_ITEM(ds, d));
        if (PyErr_Occurred()) goto done;
        g.ds[d] = (uint32_t)(x > t->n_nodes ? t->n_nodes : x);
    }
    if (jarnac_trie_prepare(t) < 0) goto done;
    size_t nr = (size_t)t->n_ranks;
    mem = PyMem_Calloc(2 * nr + 2 * (size_t)lines * nr + 2 * nr + (size_t)bag.len * 2 + 1, 1);
    /* The actions' array grows as the game goes (a limit of millions allocates nothing for it). */
    Py_ssize_t cap = max_actions < 256 ? max_actions + 1 : 256;
    acts = PyMem_Malloc(sizeof(Act) * (size_t)cap);
    if (mem == NULL || acts == NULL) { PyErr_NoMemory(); goto done; }
    g.t = t;
    g.n_ranks = t->n_ranks;
    g.lines = lines; g.line_length = line_length; g.min_length = min_length; g.last_min = last_min;
    g.rack[0] = mem; g.rack[1] = mem + nr;
    g.line[0] = mem + 2 * nr; g.line[1] = g.line[0] + (size_t)lines * nr;
    g.zero = g.line[1] + (size_t)lines * nr; g.key = g.zero + nr;
    g.bag = g.key + nr; g.drawn = g.bag + bag.len;
    memcpy(g.bag, codes, bag.len);
    g.bag_n = bag.len;
    g.rank_of = rank_of;

    int phase = PH_OPENING, to_act = 0, player = 0, final = 0, idle = 0, opened[2] = {0, 0}, result = R_STOPPED;
    Py_ssize_t n_acts = 0;
    while (phase != PH_OVER && n_acts < max_actions) {
        int p = to_act;
        if (n_acts == cap) {
            Act *grown = PyMem_Realloc(acts, sizeof(Act) * (size_t)cap * 2);
            if (grown == NULL) { PyErr_NoMemory(); goto done; }
            acts = grown;
            cap *= 2;
        }
        Act *act = &acts[n_acts];
        act->who = (uint8_t)p; act->line = -1; act->word = 0; act->drawn_at = g.n_drawn; act->n_drawn = 0;
        if (phase == PH_OPENING) {
            Py_ssize_t k = opening_draw < g.bag_n ? opening_draw : g.bag_n;
            if (vowel_rule && k > 0) {
                /* The opening vowel rule's redraw (docs/rules.md#opening-vowel-rule) takes Python's random seeded by the game: handed back. */
                int drawn_vowel = 0, bag_vowel = 0;
                for (Py_ssize_t i = g.bag_n - k; i < g.bag_n; i++) drawn_vowel |= is_vowel[g.bag[i]];
                for (Py_ssize_t i = 0; i < g.bag_n - k; i++) bag_vowel |= is_vowel[g.bag[i]];
                if (!drawn_vowel && bag_vowel) break;
            }
            act->kind = K_DRAW;
            act->n_drawn = draw(&g, p, k);
            opened[p] = 1;
            phase = PH_PLAY;
        } else if (phase == PH_START) {
            act->kind = K_DRAW;
            act->n_drawn = draw(&g, p, 1);
            phase = PH_PLAY;
        } else if (phase == PH_PLAY) {
            int line = -1, d = 0;
            uint32_t node = 0, word = 0;
            if (best_move(&g, p, &line, &node, &word, &d)) {
                act->kind = line < 0 ? K_PLACE : K_EXTEND;
                act->line = (int8_t)line;
                act->word = word;
                if (play(&g, p, line, node, d) < 0) goto done;
                idle = 0;
                if (g.filled[p] == lines) {
                    /* No draw after the word that fills the tray: the final window. */
                    phase = PH_JARNAC; to_act = 1 - p; player = p; final = 1;
                } else {
                    act->n_drawn = draw(&g, p, 1);
                }
            } else {
                act->kind = K_PASS;
                idle = g.bag_n == 0 ? idle + 1 : 0;
                phase = PH_JARNAC; to_act = 1 - p; player = p; final = 0;
            }
        } else {  /* PH_JARNAC: p may steal from the passer */
            /* A passer that passed held no move (greedy passes only then) and nothing changed since: no steal
               is possible. After the word that filled its tray it may still extend a line: then a call may be
               possible, and best_jarnac decides (handed back). */
            if (final && any_extension(&g, player)) break;
            act->kind = K_DECLINE;
            if (final) { phase = PH_OVER; result = R_FULL_TRAY; }
            else if (idle >= 2) { phase = PH_OVER; result = R_BOTH_PASSED; }
            else { phase = opened[p] ? PH_START : PH_OPENING; to_act = p; player = p; final = 0; }
        }
        n_acts++;
    }
    answer = result_of(&g, acts, n_acts, result);
done:
    PyMem_Free(mem);
    PyMem_Free(acts);
    PyBuffer_Release(&bag);
    PyBuffer_Release(&ranks);
    PyBuffer_Release(&vowels);
    return answer;
}
