"""The written rules and the reviewed exception lists that keep the bundled
lexicons free of proper nouns, acronyms and interjections.

``build.py`` applies them, ``measure.py`` measures what they leave, and
``tests/test_lexicon_hygiene.py`` checks the shipped lists against them. Every
entry of a list below carries its reason; the lists are short on purpose:
the sources' own information and the rules decide everything else.

The rules, in the order they are applied (lexicons/README.md, "Filters"):

1. **The source's own marks.** An entry written with a capital at the source
   is a proper noun or an acronym (every source). hunspell-fr's ``po:`` tags
   (interj, npr, ...). English: a lower-case SCOWL entry is a proper noun
   when SCOWL lists it lower case only at its largest size read (80), lists
   the same spelling capitalised among its ``upper`` or ``proper-names``
   entries at a size of 50 or less (a common name), WordNet writes it only
   with a capital (James, Paul, Russia), and neither WordNet nor WikDict
   gives it, or a base form of it, a lower-case sense (``PROPER_NOUN_KEPT``
   lists the reviewed exceptions).
2. **Interjections** (the seeds' English write-up forbids them): a word is
   dropped when a source tags it an interjection and no source read for that
   language gives it, or a base form of it, another part of speech: noun,
   verb, adjective, adverb, pronoun, numeral, ... (proper noun, prefix,
   suffix, symbol, idiom, proverb and abbreviation do not count). So a word
   with a noun or verb sense stays (WOW, BRAVO, HELLO, AHEM, WHEW, TSK). The
   part-of-speech sources are: French, Dicollecte's ``po:interj``; English,
   WikDict (Wiktionary) and WordNet; Dutch, WikDict (nld-X); Spanish, none
   (hunspell-es carries no parts of speech, and no FreeDict Spanish
   dictionary tags interjections). Where no source tags an interjection, the
   reviewed list ``INTERJECTIONS`` names those known (each word in it has no
   other sense in any source read), and rule 3 takes the vowelless ones.
3. **A word of 3 or more tiles with no vowel** (A E I O U Y, and the Dutch IJ
   tile) is an acronym, an abbreviation or an interjection (BTW, DVD, BLV,
   PST, BRRR, ZZZ) unless ``VOWELLESS_KEPT`` lists it with its reason. Words
   of 1-2 tiles without a vowel were already dropped (CM, KG, SR).
"""

from __future__ import annotations

VOWELS = frozenset({"A", "E", "I", "O", "U", "Y", "IJ"})
"""The vowels of every bundled alphabet (Dutch IJ is one tile and a vowel)."""

VOWELLESS_KEPT: dict[str, str] = {
    "CRWTH": "the Welsh lyre: a noun in WordNet and in Dicollecte (po:nom)",
    "CRWTHS": "plural of CRWTH",
    "CWM": "a cirque: a noun in WordNet",
    "CWMS": "plural of CWM",
    "NTH": "an adjective in WordNet (its synonym n-th is the same letters)",
    "TSK": "a verb in WordNet (to utter tsk)",
    "TSKS": "a form of the verb TSK",
    "PWN": "a verb (to defeat); SCOWL lists its forms pwned, pwning",
    "PWNS": "a form of the verb PWN",
}
"""Words of 3+ tiles without a vowel that stay, each with the source that makes it a word."""

INTERJECTIONS: dict[str, dict[str, str]] = {
    "en": {
        # No source read tags these (WikDict lists them not, or only as a
        # suffix); none has a noun, verb or adjective sense in WordNet or WikDict.
        "um": "interjection of hesitation (WikDict: suffix only)",
        "er": "interjection of hesitation (WikDict: suffix only)",
        "ow": "interjection of pain (in no source read)",
        "jeez": "interjection (in no source read)",
        "yo": "interjection, a greeting (in no source read)",
        "oi": "interjection, a call (in no source read)",
        "oho": "interjection of surprise (in no source read)",
        "hoho": "interjection, laughter (in no source read)",
        "oy": "interjection of dismay (in no source read)",
        "oye": "interjection (in no source read)",
        "euoi": "interjection, a Bacchic cry (in no source read)",
        "evoe": "interjection, a Bacchic cry (in no source read)",
        "evhoe": "interjection, a Bacchic cry (in no source read)",
        "evohe": "interjection, a Bacchic cry (in no source read)",
    },
}
"""Reviewed interjections that no source tags, per language (the spelling at the source)."""

INTERJECTIONS_KEPT: dict[str, str] = {
    "HI": "a noun in WordNet (hi: a greeting)",
    "OH": "a noun in WikDict (the letter O, zero)",
    "YEAH": "an adverb in WordNet",
    "YEP": "a noun in WikDict",
    "NOPE": "a noun and a particle in WikDict",
    "ALAS": "an adverb in WordNet; also the plural of ALA (a wing), a WordNet noun",
    "WHEW": "a verb in WikDict",
    "WHOOPS": "a form of WHOOP, a noun and a verb",
    "HEH": "a noun in WikDict (the Hebrew letter)",
    "TSK": "a verb in WordNet",
    "WOW": "a noun and a verb in WordNet",
    "HELLO": "a noun in WordNet",
}
"""Interjections a user would miss that stay, and the other part of speech that keeps them."""

INTERJECTIONS_KEPT_BY_LANGUAGE: dict[str, dict[str, str]] = {
    # WikDict (nld-X) tags these interjections and, in its small Dutch part, gives no other part
    # of speech; the other sense that keeps each one (rule 2) is named here.
    "nl": {
        "help": "a form of the verb helpen (ik help) and a noun",
        "jammer": "an adjective (het is jammer)",
        "klopt": "a form of the verb kloppen",
        "verrot": "an adjective, the participle of verrotten",
        "sorry": "an adjective (sorry zijn)",
        "kim": "a noun (the horizon)",
        "bedankt": "the participle of the verb bedanken",
        "ra": "a noun (a ship's yard)",
        "proost": "a noun (a provost)",
    },
}
"""Interjections tagged by a source that another sense keeps, per language (the spelling at the source)."""

PROPER_NOUNS: dict[str, str] = {
    # Names that SCOWL lists lower case at size 80 and that rule 1 misses: WordNet lacks them
    # (or a WikDict entry gives them a sense of another spelling).
    "abram": "a given name (SCOWL proper-names 50); in no dictionary read",
    "rivas": "a surname and a town (SCOWL proper-names 50); in no dictionary read",
    "cory": "a given name (SCOWL proper-names 50)",
    "kerry": "a county of Ireland, a given name (SCOWL upper 50)",
}
"""Reviewed proper nouns that no rule catches (English, the spelling at the source)."""

PROPER_NOUN_KEPT: dict[str, str] = {
    "armagnac": "lower-case sense: a brandy",
    "bordeaux": "lower-case sense: a wine",
    "chablis": "lower-case sense: a wine",
    "chianti": "lower-case sense: a wine",
    "chiantis": "lower-case sense: plural of chianti, a wine",
    "madeira": "lower-case sense: a wine",
    "madeiras": "lower-case sense: plural of madeira, a wine",
    "marsala": "lower-case sense: a wine",
    "merlot": "lower-case sense: a grape and its wine",
    "riesling": "lower-case sense: a grape and its wine",
    "limburger": "lower-case sense: a cheese",
    "gruyeres": "lower-case sense: plural of gruyere, a cheese",
    "guernsey": "lower-case sense: a knitted sweater; a breed of cattle",
    "guernseys": "lower-case sense: plural of guernsey",
    "holstein": "lower-case sense: a breed of cattle",
    "holsteins": "lower-case sense: plural of holstein",
    "labrador": "lower-case sense: a breed of dog",
    "labradors": "lower-case sense: plural of labrador",
    "samoyed": "lower-case sense: a breed of dog",
    "percheron": "lower-case sense: a breed of horse",
    "brahma": "lower-case sense: a breed of fowl",
    "brahmas": "lower-case sense: plural of brahma",
    "scottie": "lower-case sense: a Scottish terrier",
    "biro": "lower-case sense: a ballpoint pen",
    "frisbee": "lower-case sense: a flying disc",
    "pullman": "lower-case sense: a railway sleeping car",
    "pullmans": "lower-case sense: plural of pullman",
    "olympiad": "lower-case sense: a four-year period; a contest",
    "olympiads": "lower-case sense: plural of olympiad",
    "ouija": "lower-case sense: a board used at seances",
    "seder": "lower-case sense: the Passover meal",
    "seders": "lower-case sense: plural of seder",
    "tao": "lower-case sense: the way (Taoism)",
    "zen": "lower-case sense: calm, meditative",
    "tory": "lower-case sense: a conservative",
    "tories": "lower-case sense: plural of tory",
    "whig": "lower-case sense: a liberal; to jog along",
    "whigs": "lower-case sense: a form of whig",
    "pierrot": "lower-case sense: a clown",
    "lothario": "lower-case sense: a seducer",
    "tiffany": "lower-case sense: a thin gauze",
    "saxony": "lower-case sense: a fine wool fabric",
    "toledo": "lower-case sense: a sword",
    "toledos": "lower-case sense: plural of toledo",
    "webster": "lower-case sense: a weaver",
    "websters": "lower-case sense: plural of webster",
    "nestor": "lower-case sense: a wise old man",
    "boston": "lower-case sense: a card game; a dance",
    "bostons": "lower-case sense: plural of boston",
    "vulcan": "lower-case sense: a blacksmith",
    "jordan": "lower-case sense: a chamber pot",
    "paris": "lower-case sense: a plant (herb Paris)",
    "mensa": "lower-case sense: the top of an altar",
    "bogart": "lower-case sense: to hog",
    "alamo": "lower-case sense: a poplar",
    "cyprus": "lower-case sense: a fabric",
    "davy": "lower-case sense: a miner's safety lamp",
    "caesars": "lower-case sense: plural of caesar, an autocrat",
    "josephs": "lower-case sense: plural of joseph, a riding cloak",
    "joseph": "lower-case sense: a riding cloak",
    "jagger": "lower-case sense: a peddler",
    "pompey": "lower-case sense: to pamper",
    "tate": "lower-case sense: a lock of hair",
    "vega": "lower-case sense: a fertile meadow",
    "vegas": "lower-case sense: plural of vega",
    "lima": "lower-case sense: a bean",
    "luna": "lower-case sense: a moth",
    "tara": "lower-case sense: a fern",
    "jesuit": "lower-case sense: a casuist",
    "jesuits": "lower-case sense: plural of jesuit",
    "seneca": "lower-case sense: a snakeroot",
    "senecas": "lower-case sense: plural of seneca",
    "lear": "lower-case sense: lore, learning",
    "lind": "lower-case sense: a linden tree",
    "mott": "lower-case sense: a clump of trees",
    "howe": "lower-case sense: a hollow",
    "hebe": "lower-case sense: a shrub",
    "regina": "lower-case sense: a queen",
    "rex": "lower-case sense: a king",
    "sam": "lower-case sense: to gather",
    "kama": "lower-case sense: desire",
    "mona": "lower-case sense: a monkey",
    "nome": "lower-case sense: a province of ancient Egypt",
    "ods": "lower-case sense: plural of od, a hypothetical force",
    "io": "lower-case sense: a moth; a cry of triumph",
    "ios": "lower-case sense: plural of io",
    "ufo": "lower-case sense: an unidentified flying object",
    "ufos": "lower-case sense: plural of ufo",
    "un": "lower-case sense: one",
    "po": "lower-case sense: a chamber pot",
    "pac": "lower-case sense: a moccasin",
    "na": "lower-case sense: no",
    "ba": "lower-case sense: the soul, in Egyptian myth",
    "da": "lower-case sense: a dad; a heavy knife",
    "gris": "lower-case sense: grey",
    "breton": "lower-case sense: a hat",
    "norman": "lower-case sense: a bar of a capstan",
    "normans": "lower-case sense: plural of norman",
    "flemish": "lower-case sense: to coil a rope",
    "moorish": "lower-case sense: marshy",
    "delphic": "lower-case sense: ambiguous, obscure",
    "texas": "lower-case sense: the deckhouse of a steamboat",
    "warsaw": "lower-case sense: a grouper",
    "sumatra": "lower-case sense: a squall",
    "nubia": "lower-case sense: a scarf",
    "rabat": "lower-case sense: a collar (rabato)",
    "mali": "lower-case sense: a gardener",
    "lome": "lower-case sense: loam",
    "luke": "lower-case sense: lukewarm",
    "isabella": "lower-case sense: a greyish yellow",
    "vanessa": "lower-case sense: a butterfly",
    "kant": "lower-case sense: to cant",
    "speer": "lower-case sense: to ask",
    "starr": "lower-case sense: a bond, a deed",
    "thorpe": "lower-case sense: a village",
    "durant": "lower-case sense: a fabric",
    "sade": "lower-case sense: a Hebrew letter",
    "talbot": "lower-case sense: a hound",
    "tantalus": "lower-case sense: a locked stand for decanters",
    "tartuffe": "lower-case sense: a hypocrite",
    "tarzan": "lower-case sense: a strongman",
    "volta": "lower-case sense: a dance",
    "morgan": "lower-case sense: a breed of horse",
    "cains": "lower-case sense: plural of cain, a rent paid in produce",
    "rhine": "lower-case sense: a ditch",
    "rubicon": "lower-case sense: a point of no return; to beat at piquet",
    "iliad": "lower-case sense: a long story",
    "golgotha": "lower-case sense: a burial place",
    "arcadia": "lower-case sense: an idyllic place",
}
"""English entries that rule 1's name test takes but that are lower-case words too (reviewed
by hand, each with its lower-case sense): wines, breeds and common nouns named after a place
or a person, and short words of older English."""
