"""The lexicon layer: words in, letter-multiset queries out.

Key idea: CARE, RACE and ACRE are one key (their letters sorted by a
per-lexicon rank), so the index is a trie over alphagram keys and every
query (anagrams, every sub-multiset of a rack, every extension of a word) is
one walk of it, breadth-first by letter in C-level loops. Tiles may be
several characters (the Dutch ``IJ``); inside the library a tile is a code,
its index in the alphabet.
"""
