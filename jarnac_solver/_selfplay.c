/* jarnac_solver._speedups, continued: whole games of two greedy players, played in C.
 *
 * Key idea: play_game's compiled lane (play/fastlane.py). Between two greedy players a game is draws, plays,
 * passes and declined Jarnacs, and each decision is the walks of one tray; in Python the engine around those
 * walks (actions checked, states made, trays and views built) cost ~4/5 of a game. The game runs on the
 * compiled engine (_engine.h: the rules of game/game.py, counts changed in place); this file is the greedy
 * policy only: GreedyPlayer.best_move's choice (the longest word, then the most points, then the first
 * alphabetically: words are numbered alphabetically; lines in order, the new word last), a start that always
 * draws, and a Jarnac window declined unless a call may be possible.
 *
 * What it does not play it hands back (the engine stops *before* it): a Jarnac window where the passer holds a
 * move after the word that filled its tray (a call may be possible: best_jarnac decides, in Python), an opening
 * the vowel rule redraws, the action limit; Python replays the actions through Game.push and plays on. The
 * rules it cannot play at all (disputes, value Jarnacs, a clock) never reach it (fastlane.py).
 *
 * Bounds: lines at most 64, counts in bytes (the caller's bag holds at most 63 of a tile). No Python object is
 * made until the game stops: the walks share the trie's scratch buffer, which a garbage collection (finalizers
 * running Python) could hand to another query in between.
 */
#include "_engine.h"

/* Among the walk's n nodes, the terminal nodes of keys of lo_len..line_max tiles: the longest, then the one
   holding the alphabetically first word. Returns its length (0: none). */
static int pick(const Engine *e, uint32_t n, int lo_len, uint32_t *node, uint32_t *word) {
    const Trie *t = e->t;
    int hi_len = e->line_max;
    if (lo_len > hi_len) return 0;
    uint32_t lo = e->ds[lo_len], hi = e->ds[hi_len + 1];
    if (lo < 1) lo = 1;
    if (hi > t->n_terminals + 1) hi = t->n_terminals + 1;
    int best = 0;
    uint32_t best_word = 0, best_node = 0;
    for (uint32_t i = 0; i < n; i++) {
        uint32_t v = t->front[i];
        if (v < lo || v >= hi) continue;
        int d = hi_len;
        while (d > lo_len && v < e->ds[d]) d--;
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

/* GreedyPlayer.best_move for player p: its move (*kind EK_PASS when it has none), the word's counts in e->key. */
static int greedy_move(Engine *e, int p, EngAct *act, int *kind, int *line, uint32_t *word, int *length) {
    (void)act;
    *kind = EK_PASS;
    int top = eng_rack_top(e, p);
    if (top < 0) return 1;
    int best_n = 0, best_gain = 0, best_line = -1;
    uint32_t best_word = 0, best_node = 0;
    for (int i = 0; i < e->n_lines[p]; i++) {
        int L = e->len[p][i];
        if (L >= e->line_max) continue;
        uint32_t n, v, w;
        jarnac_trie_walk(e->t, e->line[p] + (size_t)i * e->nr, e->ltop[p][i], e->rk[p], top, 0, 0, &n);
        int d = pick(e, n, L + 1, &v, &w);
        if (!d) continue;
        int gain = d * d - L * L;
        if (!best_n || d > best_n || (d == best_n && (gain > best_gain || (gain == best_gain && w < best_word)))) {
            best_n = d; best_gain = gain; best_word = w; best_line = i; best_node = v;
        }
    }
    if (e->n_lines[p] < e->lines) {
        int min_len = e->n_lines[p] == e->lines - 1 ? e->last_min : e->min_len;
        uint32_t n, v, w;
        jarnac_trie_walk(e->t, e->zero, -1, e->rk[p], top, 0, 0, &n);
        int d = pick(e, n, min_len, &v, &w);
        if (d) {
            int gain = d * d;
            if (!best_n || d > best_n || (d == best_n && (gain > best_gain || (gain == best_gain && w < best_word)))) {
                best_n = d; best_gain = gain; best_word = w; best_line = -1; best_node = v;
            }
        }
    }
    if (!best_n) return 1;
    if (jarnac_trie_key_of(e->t, best_node, e->key) < 0) return -1;
    *kind = best_line < 0 ? EK_PLACE : EK_EXTEND;
    *line = best_line;
    *word = best_word;
    *length = best_n;
    return 1;
}

static int greedy_start(Engine *e, int p, int *exchange, uint8_t *put) {
    (void)e; (void)p; (void)put;
    *exchange = 0;  /* greedy always draws */
    return 1;
}

/* A passer that passed held no move (greedy passes only then) and nothing changed since: no call is possible.
   After the word that filled its tray it may still extend a line: then a call may be possible, and best_jarnac
   decides (handed back). */
static int greedy_window(Engine *e, int passer, int thief) {
    return !(e->final && eng_any_steal(e, passer, thief));
}

static const EngPolicy GREEDY = {greedy_start, greedy_move, greedy_window, NULL};

/* selfplay_greedy(bag, ranks, vowels, depth_starts, (lines, line_length, min_length, last_line_min_length,
   opening_draw, opening_vowel_rule), max_actions) -> (result, (score A, score B), actions).
   bag: the game's shuffled tile codes (bytes); ranks[code]: the code's letter rank; vowels[code]: 1 for a vowel.
   result: 1 a full tray and no Jarnac, 2 both passed on an empty bag, 0 stopped before an action it hands back.
   actions: (player, kind, line, word number, codes drawn); kind 0 draw, 1 extend, 2 place, 3 pass, 4 decline. */
PyObject *Trie_selfplay_greedy(Trie *t, PyObject *args) {
    Py_buffer bag, ranks, vowels;
    PyObject *starts;
    int rules[7] = {0};
    Py_ssize_t max_actions;
    if (!PyArg_ParseTuple(args, "y*y*y*O!(iiiiip)n", &bag, &ranks, &vowels, &PyTuple_Type, &starts, &rules[0],
                          &rules[1], &rules[2], &rules[3], &rules[4], &rules[5], &max_actions))
        return NULL;
    PyObject *answer = NULL;
    Engine e;
    memset(&e, 0, sizeof e);
    uint32_t ds[11];
    const uint8_t *rank_of = ranks.buf, *codes = bag.buf;
    if (rules[0] < 1 || rules[0] > ENG_LINES || rules[1] < 1 || rules[1] > 9 || rules[2] < 1 || rules[3] < 1 ||
        rules[4] < 0 || max_actions < 0 || PyTuple_GET_SIZE(starts) != 11 || vowels.len != ranks.len) {
        PyErr_SetString(PyExc_ValueError, "selfplay_greedy: rules or tables out of range");
        goto done;
    }
    for (Py_ssize_t i = 0; i < ranks.len; i++)
        if (rank_of[i] >= t->n_ranks) { PyErr_SetString(PyExc_ValueError, "selfplay_greedy: a rank is out of range"); goto done; }
    for (Py_ssize_t i = 0; i < bag.len; i++)
        if (codes[i] >= ranks.len) { PyErr_SetString(PyExc_ValueError, "selfplay_greedy: a tile code is out of range"); goto done; }
    if (eng_read_starts(t, starts, ds) < 0 || jarnac_trie_prepare(t) < 0) goto done;
    if (eng_init(&e, t, rules, ds, rank_of, vowels.buf, codes, bag.len, 0, INT_MAX) < 0) goto done;
    if (eng_run(&e, &GREEDY, max_actions) < 0) goto done;
    PyObject *list = eng_actions(&e, 0);
    if (list != NULL) answer = Py_BuildValue("(i(ll)N)", e.result, eng_score(&e, 0), eng_score(&e, 1), list);
done:
    eng_free(&e);
    PyBuffer_Release(&bag);
    PyBuffer_Release(&ranks);
    PyBuffer_Release(&vowels);
    return answer;
}
