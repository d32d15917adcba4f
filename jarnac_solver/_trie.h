/* The Trie object of jarnac_solver._speedups, shared by the files compiled into that module: _speedups.c
 * (the trie, its checks and walks), _selfplay.c and _plan.c (the lanes on the compiled engine, _engine.h). */
#ifndef JARNAC_TRIE_H
#define JARNAC_TRIE_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#define MAX_RANKS 256
#define NO_HIT UINT32_MAX

typedef struct {
    PyObject_HEAD
    PyObject *source;  /* what the messages name: the file, "bundled lexicon 'fr'" */
    int checked;       /* the bounds checks passed (made at the first query for the package's own files) */
    Py_buffer bufs[9];
    int n_bufs;
    const uint32_t *start, *child, *wstart, *wids, *wpos;
    const uint8_t *rank;
    const char *text;
    Py_ssize_t text_len;
    uint32_t n_nodes, n_edges, n_terminals, n_words, root;
    int n_ranks;
    int ascii;
    uint32_t *front;   /* scratch: the walk's nodes (at most n_nodes: each node is reached once) */
    uint32_t *mask;    /* each node's edge ranks as bits (alphabets of at most 32 ranks; else NULL) */
    uint32_t *ids;     /* scratch: word numbers of an answer (at most n_words) */
    uint32_t *tmp;     /* scratch: the radix sort's other half */
    uint32_t *parent;  /* each node's parent and the rank of the letter from it: made on first use */
    uint8_t *prank;
    PyObject **cache;  /* word number -> its str, made on first use */
} Trie;

/* _speedups.c: the trie checked and its scratch and parents made (-1 and an exception if not). */
int jarnac_trie_prepare(Trie *t);
/* _speedups.c: the walk (need all of need, any of opt) into t->front; with hit_lo < hit_hi the first node
   of that range it reaches (NO_HIT if none), else NO_HIT and *count nodes in t->front. */
uint32_t jarnac_trie_walk(Trie *t, const uint8_t *need, int need_top, const uint8_t *opt, int top, uint32_t hit_lo,
                          uint32_t hit_hi, uint32_t *count);
/* _speedups.c: counts[rank] of node v's key (the parents made); its size, or -1 with an exception. */
int jarnac_trie_key_of(const Trie *t, uint32_t v, uint8_t *counts);
/* _speedups.c: the str of word number ``number`` (a new reference; made once and kept). */
PyObject *jarnac_trie_word(Trie *t, uint32_t number);
/* _speedups.c: the packed int of counts (7 bits a rank, Lexicon.pack's form). */
PyObject *jarnac_packed_int(const uint8_t *counts, int n_ranks);
/* _speedups.c: a candidate's row of type ``type`` (packed, tiles, line, word, old, old_tiles); steals ``packed``
   and ``word`` (a new reference, or NULL with both released). */
PyObject *jarnac_item_row(PyTypeObject *type, PyObject *packed, int size, PyObject *word, PyObject *line,
                          PyObject *old, PyObject *old_tiles);
/* _plan.c: Trie.ladder_items and Trie.ladder_plan. */
PyObject *Trie_ladder_items(Trie *t, PyObject *args, PyObject *kwds);
PyObject *Trie_ladder_plan(Trie *t, PyObject *args, PyObject *kwds);
/* _plan.c: Trie.ladder_outcomes (what each ladder leads to, for the planner's values). */
PyObject *Trie_ladder_outcomes(Trie *t, PyObject *args);
/* _plan.c: Trie.planner_move (the planner's move decision outside the end game). */
PyObject *Trie_planner_move(Trie *t, PyObject *args);
/* _plan.c: Trie.start_values (the planner's start actions valued over their sampled racks). */
PyObject *Trie_start_values(Trie *t, PyObject *args);
/* _plan.c: Trie.jarnac_plan. */
PyObject *Trie_jarnac_plan(Trie *t, PyObject *args, PyObject *kwds);
/* _planlane.c (included by _plan.c): Trie.selfplay_planner (whole games of two planners), Trie.pcg_sample
   (Pcg32.sample's draws) and the module's pcg_shuffle (Pcg32.shuffle of bytes). */
PyObject *Trie_selfplay_planner(Trie *t, PyObject *args);
PyObject *Trie_pcg_sample(Trie *t, PyObject *args);
PyObject *pcg_shuffle(PyObject *self, PyObject *args);
/* _selfplay.c: Trie.selfplay_greedy. */
PyObject *Trie_selfplay_greedy(Trie *t, PyObject *args);

#endif
