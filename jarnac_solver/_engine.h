/* The game's rules once in C: the engine every compiled lane plays on (_selfplay.c, greedy against greedy;
 * _planlane.c, planner against planner and the simulation's play-outs), a header of static functions included
 * by each of them.
 *
 * Key idea: a game between two players is its state (the bag, drawn from its end; every code drawn, in order;
 * each player's rack and lines as counts by letter rank, changed in place) and its steps, game/game.py's:
 * the opening draw (_draw_action, the vowel rule's test), a start's draw or exchange (_exchange), a play
 * (_play, _after_word: a draw, or the final window after the word that fills the tray), a pass (_pass: the
 * idle passes), the Jarnac window and its decline (_decline), the next turn (_next_turn) and the end (a full
 * tray not taken, both passed on an empty bag). eng_run plays them; a lane gives only its policy (EngPolicy:
 * its start, its move, its answer to a Jarnac window) and reads the actions played (EngAct) back into Python.
 *
 * What the engine cannot play exactly it hands back, stopping *before* that action: an opening the vowel rule
 * redraws (docs/rules.md#opening-vowel-rule: Python's), a decision the policy hands back (its return 0), a
 * rack past the lane's bound, the start of turn ``until`` (a play-out's horizon), the action limit. The Python
 * engine then replays the actions through Game.push (every draw checked) and plays on; tests/test_replay_proof.py
 * replays the lanes' records through the Python engine and its audit.
 *
 * Draws: a draw takes tiles from the end of the bag, last tile first; an exchange puts its letters back at the
 * positions Pcg32(f"{seed}:{ply}") gives (docs/rules.md#the-draws-generator), asked of the caller's
 * ``positions`` callable (seeded in Python from the SHA-256 of that text, then one randrange a letter).
 */
#ifndef JARNAC_ENGINE_H
#define JARNAC_ENGINE_H

#include "_trie.h"
#include <limits.h>

#define ENG_LINES 64

enum { EK_DRAW = 0, EK_EXTEND = 1, EK_PLACE = 2, EK_PASS = 3, EK_DECLINE = 4, EK_EXCHANGE = 5 };
enum { EP_OPENING = 0, EP_START = 1, EP_PLAY = 2, EP_JARNAC = 3, EP_OVER = 4 };
enum { ER_STOPPED = 0, ER_FULL_TRAY = 1, ER_BOTH_PASSED = 2 };

/* One action played: who, its kind (EK_*), the line extended (-1 otherwise), the word's number (a play), its
   draws (drawn[drawn_at, drawn_at + n_drawn)) and the letters it put (an exchange's codes put back; a play's
   letters added, as the policy writes them). */
typedef struct {
    uint8_t who, kind;
    int8_t line;
    uint32_t word;
    uint32_t drawn_at, n_drawn;
    uint8_t put[16];
    int n_put;
} EngAct;

typedef struct Engine Engine;

/* A lane's decisions for player p; each returns 1 decided, 0 handed back (the engine stops before the action),
   -1 with an exception. */
typedef struct {
    /* The start of a turn: *exchange 0 a draw, else that many letters put back, their codes in put. */
    int (*start)(Engine *e, int p, int *exchange, uint8_t *put);
    /* A move: *kind EK_PASS, EK_EXTEND (on *line) or EK_PLACE, the word's number *word, its counts by rank
       written to e->key and its length *length; act: the action being made (the policy may write its put). */
    int (*move)(Engine *e, int p, EngAct *act, int *kind, int *line, uint32_t *word, int *length);
    /* The Jarnac window on the passer's tray (e->final: after the word that filled it): 1 declined. */
    int (*window)(Engine *e, int passer, int thief);
    /* After player p's word number w went on line i (NULL: nothing to do). */
    int (*played)(Engine *e, int p, int i, uint32_t w, EngAct *act);
} EngPolicy;

struct Engine {
    Trie *t;
    int nr;                          /* letter ranks */
    int lines, line_max, min_len, last_min, opening_draw, vowel_rule, steal_place;
    uint32_t ds[11];                 /* ds[d]: the first terminal node of keys of d tiles or more */
    const uint8_t *rank_of;          /* tile code -> letter rank */
    const uint8_t *vowel_code;       /* tile code -> 1 for a vowel */
    /* the players */
    uint8_t *rk[2];                  /* the rack's counts by rank (MAX_RANKS each) */
    int rn[2];                       /* the rack's size */
    uint8_t *rack[2];                /* its codes in the tray's order (NULL: not kept, ordered == 0) */
    int ordered, rack_cap;           /* the rack's bound: an action past it is handed back */
    uint8_t *line[2];                /* line i of player p: its counts by rank, line[p] + i * nr */
    int len[2][ENG_LINES], ltop[2][ENG_LINES], n_lines[2];
    uint8_t *zero, *key;             /* MAX_RANKS zeros; a word's counts (the policy's move writes it) */
    /* the table */
    uint8_t *bag;                    /* codes, drawn from the end */
    Py_ssize_t bag_n, bag_cap;
    uint8_t *drawn;                  /* every code drawn, in order */
    uint32_t n_drawn, drawn_cap;
    PyObject *positions;             /* positions(ply, bag size) -> an exchange's re-insertion positions */
    /* the turn */
    int phase, to_act, player, idle, opened[2], final, result, turns;
    long ply, turn, until;           /* until: stop at the start of that turn (-1 never) */
    /* the actions */
    EngAct *acts;
    Py_ssize_t n_acts, acts_cap;
    void *ctx;                       /* the policy's own data */
};

/* ds[0..10] from the lane's depth starts (a tuple of 11 ints; each at most the trie's nodes): 0, or -1 with an
   exception. */
static int eng_read_starts(const Trie *t, PyObject *starts, uint32_t *ds) {
    if (PyTuple_GET_SIZE(starts) != 11) {
        PyErr_SetString(PyExc_ValueError, "the compiled engine: 11 depth starts");
        return -1;
    }
    for (int d = 0; d < 11; d++) {
        unsigned long x = PyLong_AsUnsignedLong(PyTuple_GET_ITEM(starts, d));
        if (x == (unsigned long)-1 && PyErr_Occurred()) return -1;
        ds[d] = (uint32_t)(x > t->n_nodes ? t->n_nodes : x);
    }
    return 0;
}

/* The engine for trie t and these rules, empty racks and lines, the bag's codes given (at most 255 codes):
   0, or -1 with an exception (the caller checks the rules' ranges). ordered: keep each rack's codes in order
   (rack_cap of them). */
static int eng_init(Engine *e, Trie *t, const int *rules, const uint32_t *ds, const uint8_t *rank_of,
                    const uint8_t *vowel_code, const uint8_t *bag, Py_ssize_t bag_len, int ordered, int rack_cap) {
    memset(e, 0, sizeof *e);
    e->t = t;
    e->nr = t->n_ranks;
    e->lines = rules[0]; e->line_max = rules[1]; e->min_len = rules[2]; e->last_min = rules[3];
    e->opening_draw = rules[4]; e->vowel_rule = rules[5]; e->steal_place = rules[6];
    memcpy(e->ds, ds, sizeof e->ds);
    e->rank_of = rank_of;
    e->vowel_code = vowel_code;
    e->ordered = ordered;
    e->rack_cap = rack_cap;
    e->bag_cap = bag_len + 64;
    e->drawn_cap = (uint32_t)bag_len + 65;
    size_t nr = (size_t)e->nr, racks = ordered ? 2 * (size_t)rack_cap : 0;
    uint8_t *mem = PyMem_Calloc(4 * MAX_RANKS + 2 * (size_t)e->lines * nr + racks + (size_t)e->bag_cap, 1);
    e->drawn = PyMem_Malloc(e->drawn_cap);
    if (mem == NULL || e->drawn == NULL) {
        PyMem_Free(mem);
        PyMem_Free(e->drawn);
        e->drawn = NULL;
        PyErr_NoMemory();
        return -1;
    }
    e->rk[0] = mem; e->rk[1] = mem + MAX_RANKS;
    e->zero = mem + 2 * MAX_RANKS; e->key = mem + 3 * MAX_RANKS;
    e->line[0] = mem + 4 * MAX_RANKS; e->line[1] = e->line[0] + (size_t)e->lines * nr;
    e->bag = e->line[1] + (size_t)e->lines * nr;
    if (ordered) { e->rack[0] = e->bag + e->bag_cap; e->rack[1] = e->rack[0] + rack_cap; }
    memcpy(e->bag, bag, (size_t)bag_len);
    e->bag_n = bag_len;
    e->phase = EP_OPENING;
    e->until = -1;
    return 0;
}

static void eng_free(Engine *e) {
    PyMem_Free(e->rk[0]);
    PyMem_Free(e->drawn);
    PyMem_Free(e->acts);
    e->rk[0] = NULL; e->drawn = NULL; e->acts = NULL;
}

/* Tile ``code`` into player p's rack (a position's rack, or a draw). */
static inline void eng_give(Engine *e, int p, uint8_t code) {
    if (e->ordered) e->rack[p][e->rn[p]] = code;
    e->rn[p]++;
    e->rk[p][e->rank_of[code]]++;
}

/* Line i of player p set to counts (length L): a position's line. */
static inline void eng_set_line(Engine *e, int p, int i, const uint8_t *counts, int L) {
    uint8_t *lc = e->line[p] + (size_t)i * e->nr;
    int top = -1;
    for (int r = 0; r < e->nr; r++) { lc[r] = counts[r]; if (lc[r]) top = r; }
    e->len[p][i] = L;
    e->ltop[p][i] = top;
    if (i >= e->n_lines[p]) e->n_lines[p] = i + 1;
}

static long eng_score(const Engine *e, int p) {
    long s = 0;
    for (int i = 0; i < e->n_lines[p]; i++) s += (long)e->len[p][i] * e->len[p][i];
    return s;
}

static int eng_rack_top(const Engine *e, int p) {
    for (int r = e->nr - 1; r >= 0; r--)
        if (e->rk[p][r]) return r;
    return -1;
}

/* Player p draws k tiles (at most what the bag holds) from the end of the bag, last tile first. */
static void eng_draw(Engine *e, int p, Py_ssize_t k, EngAct *act) {
    if (k > e->bag_n) k = e->bag_n;
    act->drawn_at = e->n_drawn;
    for (Py_ssize_t i = 0; i < k; i++) {
        uint8_t code = e->bag[--e->bag_n];
        e->drawn[e->n_drawn++] = code;
        eng_give(e, p, code);
    }
    act->n_drawn = (uint32_t)k;
}

/* The first tile of rank r in p's ordered rack removed (list.remove: an ordered lane has one code a rank). */
static int eng_remove_rank(Engine *e, int p, int r) {
    uint8_t *rack = e->rack[p];
    for (int i = 0; i < e->rn[p]; i++)
        if (e->rank_of[rack[i]] == r) {
            memmove(&rack[i], &rack[i + 1], (size_t)(e->rn[p] - i - 1));
            e->rn[p]--;
            return 0;
        }
    return -1;
}

/* Player p plays the word of e->key (d tiles) on line i (-1: a new word, on the next line): the letters it adds
   leave the rack. The line's index, or -1 with an exception (a move off the rack). */
static int eng_play(Engine *e, int p, int i, int d) {
    if (i < 0) i = e->n_lines[p];
    uint8_t *lc = e->line[p] + (size_t)i * e->nr, *rk = e->rk[p];
    const uint8_t *key = e->key;
    for (int r = 0; r < e->nr; r++)
        if (key[r] < lc[r] || key[r] - lc[r] > rk[r]) {
            PyErr_SetString(PyExc_SystemError, "the compiled engine: a move off the rack");
            return -1;
        }
    if (i == e->n_lines[p]) e->n_lines[p]++;
    int top = -1;
    for (int r = 0; r < e->nr; r++) {
        int add = key[r] - lc[r];
        if (add) {
            rk[r] -= (uint8_t)add;
            if (e->ordered)
                for (int q = 0; q < add; q++) eng_remove_rank(e, p, r);
            else
                e->rn[p] -= add;
        }
        lc[r] = key[r];
        if (lc[r]) top = r;
    }
    e->len[p][i] = d;
    e->ltop[p][i] = top;
    return i;
}

/* Game._exchange for player p (an ordered lane): the n letters of put leave the rack, n tiles are drawn, and the
   letters go back into the bag at the positions ``positions(ply, bag size)`` gives, in the order written.
   0, or -1 with an exception. */
static int eng_exchange(Engine *e, int p, int n, const uint8_t *put, EngAct *act) {
    for (int q = 0; q < n; q++) {
        uint8_t code = put[q];
        int r = e->rank_of[code], found = -1;
        for (int i = 0; i < e->rn[p]; i++)
            if (e->rack[p][i] == code) { found = i; break; }
        if (found < 0) { PyErr_SetString(PyExc_SystemError, "the compiled engine: an exchange off the rack"); return -1; }
        memmove(&e->rack[p][found], &e->rack[p][found + 1], (size_t)(e->rn[p] - found - 1));
        e->rn[p]--;
        e->rk[p][r]--;
        act->put[q] = code;
    }
    act->n_put = n;
    eng_draw(e, p, n, act);
    PyObject *at = PyObject_CallFunction(e->positions, "ln", e->ply, e->bag_n);
    if (at == NULL) return -1;
    PyObject *fast = PySequence_Fast(at, "positions() gives a sequence");
    Py_DECREF(at);
    if (fast == NULL) return -1;
    if (PySequence_Fast_GET_SIZE(fast) != n || e->bag_n + n > e->bag_cap) {
        Py_DECREF(fast);
        PyErr_SetString(PyExc_ValueError, "the compiled engine: positions() gives one a letter put back");
        return -1;
    }
    for (int q = 0; q < n; q++) {
        Py_ssize_t pos = PyLong_AsSsize_t(PySequence_Fast_GET_ITEM(fast, q));
        if (pos < 0 || pos > e->bag_n) {
            Py_DECREF(fast);
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "the compiled engine: a position out of the bag");
            return -1;
        }
        memmove(&e->bag[pos + 1], &e->bag[pos], (size_t)(e->bag_n - pos));
        e->bag[pos] = put[q];
        e->bag_n++;
    }
    Py_DECREF(fast);
    return 0;
}

/* jarnac._any_steal on the passer's tray against the thief's: whether a call may be possible (a word placed from
   the passer's rack, when steals may place, or one of its lines extended); the exact first-hit walks. */
static int eng_any_steal(Engine *e, int passer, int thief) {
    Trie *t = e->t;
    if (e->rn[passer] == 0) return 0;
    int top = eng_rack_top(e, passer);
    int passer_free = e->lines - e->n_lines[passer], thief_free = e->lines - e->n_lines[thief];
    int place = passer_free > 0 && e->steal_place;
    int short_ok = place && thief_free == 1 && passer_free == 1;
    uint32_t n, n_nodes = t->n_nodes;
    int hi_d = e->line_max + 1 > 10 ? 10 : e->line_max + 1;
    if (place) {
        int from = short_ok ? (e->min_len < e->last_min ? e->min_len : e->last_min) : e->min_len;
        int lo_d = from < 0 ? 0 : (from > 10 ? 10 : from);
        uint32_t lo = e->ds[lo_d], hi = e->ds[hi_d < lo_d ? lo_d : hi_d];
        if (hi > n_nodes) hi = n_nodes;
        if (lo < hi && jarnac_trie_walk(t, e->zero, -1, e->rk[passer], top, lo, hi, &n) != NO_HIT) return 1;
    }
    for (int i = 0; i < e->n_lines[passer]; i++) {
        int L = e->len[passer][i];
        if (L >= e->line_max || e->ltop[passer][i] < 0) continue;
        int lo_d = L + 1 < 10 ? L + 1 : 10;
        uint32_t lo = e->ds[lo_d], hi = e->ds[hi_d < lo_d ? lo_d : hi_d];
        if (hi > n_nodes) hi = n_nodes;
        if (lo < hi && jarnac_trie_walk(t, e->line[passer] + (size_t)i * e->nr, e->ltop[passer][i], e->rk[passer],
                                        top, lo, hi, &n) != NO_HIT)
            return 1;
    }
    return 0;
}

/* The game's turns from the engine's state under the policy, until it ends or an action is handed back (or
   max_actions actions in all): the actions in e->acts, e->result set (ER_STOPPED when handed back). 0, or -1
   with an exception. */
static int eng_run(Engine *e, const EngPolicy *pol, Py_ssize_t max_actions) {
    while (e->phase != EP_OVER && e->n_acts < max_actions) {
        int p = e->to_act;
        /* A play-out to the start of turn ``until`` (simulation.playout) stops there. */
        if (e->until >= 0 && e->turn + e->turns >= e->until && (e->phase == EP_START || e->phase == EP_OPENING)) break;
        if (e->n_acts == e->acts_cap) {
            Py_ssize_t grown_cap = e->acts_cap ? e->acts_cap * 2 : (max_actions < 256 ? max_actions + 1 : 256);
            EngAct *grown = PyMem_Realloc(e->acts, sizeof(EngAct) * (size_t)grown_cap);
            if (grown == NULL) { PyErr_NoMemory(); return -1; }
            e->acts = grown;
            e->acts_cap = grown_cap;
        }
        /* Every draw of the game is at most the bag's tiles plus those put back: room for them. */
        if (e->n_drawn + 64 > e->drawn_cap) {
            uint32_t grown_cap = e->drawn_cap * 2 + 64;
            uint8_t *grown = PyMem_Realloc(e->drawn, grown_cap);
            if (grown == NULL) { PyErr_NoMemory(); return -1; }
            e->drawn = grown;
            e->drawn_cap = grown_cap;
        }
        EngAct *act = &e->acts[e->n_acts];
        memset(act, 0, sizeof *act);
        act->who = (uint8_t)p; act->line = -1; act->drawn_at = e->n_drawn;
        if (e->phase == EP_OPENING) {
            Py_ssize_t k = e->opening_draw < e->bag_n ? e->opening_draw : e->bag_n;
            if (e->vowel_rule && k > 0) {
                /* The vowel rule's redraw (docs/rules.md#opening-vowel-rule) is Python's: handed back. */
                int drawn_vowel = 0, bag_vowel = 0;
                for (Py_ssize_t i = e->bag_n - k; i < e->bag_n; i++) drawn_vowel |= e->vowel_code[e->bag[i]];
                for (Py_ssize_t i = 0; i < e->bag_n - k; i++) bag_vowel |= e->vowel_code[e->bag[i]];
                if (!drawn_vowel && bag_vowel) break;
            }
            if (e->rn[p] + k > e->rack_cap) break;
            act->kind = EK_DRAW;
            eng_draw(e, p, k, act);
            e->opened[p] = 1;
            e->phase = EP_PLAY;
        } else if (e->phase == EP_START) {
            int exchange;
            uint8_t put[16];
            int rc = pol->start(e, p, &exchange, put);
            if (rc <= 0) return rc;
            if (e->rn[p] + (exchange ? 0 : 1) > e->rack_cap) break;
            if (!exchange) {
                act->kind = EK_DRAW;
                eng_draw(e, p, 1, act);
            } else {
                act->kind = EK_EXCHANGE;
                if (eng_exchange(e, p, exchange, put, act) < 0) return -1;
            }
            e->phase = EP_PLAY;
        } else if (e->phase == EP_PLAY) {
            int kind = EK_PASS, line = -1, length = 0;
            uint32_t word = 0;
            int rc = pol->move(e, p, act, &kind, &line, &word, &length);
            if (rc <= 0) return rc;
            if (kind == EK_PASS) {
                act->kind = EK_PASS;
                e->idle = e->bag_n == 0 ? e->idle + 1 : 0;
                e->phase = EP_JARNAC; e->to_act = 1 - p; e->player = p; e->final = 0;
            } else {
                if (e->rn[p] + 1 > e->rack_cap) break;
                act->kind = (uint8_t)kind;
                act->line = (int8_t)(kind == EK_EXTEND ? line : -1);
                act->word = word;
                int i = eng_play(e, p, kind == EK_EXTEND ? line : -1, length);
                if (i < 0) return -1;
                if (pol->played != NULL && pol->played(e, p, i, word, act) < 0) return -1;
                e->idle = 0;
                if (e->n_lines[p] == e->lines) {
                    /* No draw after the word that fills the tray: the final window. */
                    e->phase = EP_JARNAC; e->to_act = 1 - p; e->player = p; e->final = 1;
                } else {
                    eng_draw(e, p, 1, act);
                }
            }
        } else {  /* EP_JARNAC: p, the thief, may call on the passer's tray */
            int rc = pol->window(e, e->player, p);
            if (rc <= 0) return rc;
            act->kind = EK_DECLINE;
            if (e->final) { e->phase = EP_OVER; e->result = ER_FULL_TRAY; }
            else if (e->idle >= 2) { e->phase = EP_OVER; e->result = ER_BOTH_PASSED; }
            else {
                e->phase = e->opened[p] ? EP_START : EP_OPENING;
                e->to_act = p; e->player = p; e->final = 0;
                e->turns++;
            }
        }
        e->n_acts++;
        e->ply++;
    }
    return 0;
}

/* The actions played as a list of (player, kind, line, word number, codes drawn[, letters put]). */
static PyObject *eng_actions(const Engine *e, int with_put) {
    PyObject *list = PyList_New(e->n_acts);
    if (list == NULL) return NULL;
    for (Py_ssize_t a = 0; a < e->n_acts; a++) {
        const EngAct *x = &e->acts[a];
        const char *drawn = (const char *)e->drawn + x->drawn_at;
        PyObject *item = with_put ? Py_BuildValue("(iiiky#y#)", x->who, x->kind, x->line, (unsigned long)x->word, drawn,
                                                  (Py_ssize_t)x->n_drawn, (const char *)x->put, (Py_ssize_t)x->n_put)
                                  : Py_BuildValue("(iiiky#)", x->who, x->kind, x->line, (unsigned long)x->word, drawn,
                                                  (Py_ssize_t)x->n_drawn);
        if (item == NULL) { Py_DECREF(list); return NULL; }
        PyList_SET_ITEM(list, a, item);
    }
    return list;
}

#endif
