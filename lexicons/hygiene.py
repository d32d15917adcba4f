"""The written rules and the reviewed exception lists that keep the bundled
lexicons free of proper nouns, acronyms, abbreviations and interjections, and
the reviewed words a source lacks. docs/lexicons.md is the policy they make.

``build.py`` applies them, ``measure.py`` measures what they leave, and
``tests/test_lexicon_hygiene.py`` and ``tests/test_lexicon_policy.py`` check
the shipped lists against them. Every
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
   WikDict (Wiktionary) and WordNet; Dutch, WikDict (nld-X), judged without
   the accents Dutch writes for stress; Spanish, Apertium's analysers
   (``<ij>``; hunspell-es carries no parts of speech). Where no source tags an
   interjection, the reviewed list ``INTERJECTIONS`` names those known (each
   word in it has no other sense in any source read), and rule 3 takes the
   vowelless ones.
3. **A word of 3 or more tiles with no vowel** (A E I O U Y, and the Dutch IJ
   tile) is an acronym, an abbreviation or an interjection (BTW, DVD, BLV,
   PST, BRRR, ZZZ) unless ``VOWELLESS_KEPT`` lists it with its reason. Words
   of 1-2 tiles without a vowel were already dropped (CM, KG, SR).
4. **Abbreviations and acronyms in lower case.** Spanish: a stem Apertium
   reads with a dot as one token (``sra.``) or tags ``<acr>``, unless
   ``ABBREVIATIONS_KEPT_SPANISH`` names the word it is too; English: a
   vowelless WordNet synonym of the term it abbreviates. Those no source
   marks are in ``ABBREVIATIONS`` (Spanish abbreviations, Dutch acronyms).
5. **Words a source lacks**, from reviewed lists only: ``IRREGULAR_PLURALS``
   (English, beside their base) and ``SPANISH_ADDED``; ``SEPARATE_I_J`` spells
   Dutch loans whose i and j are two letters with two tiles; ``NOT_WORDS``
   drops entries the judged samples found to be no word.
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
        # Neither WikDict nor WordNet lists these at all: no part of speech but the interjection.
        "aargh": "interjection of frustration (in no source read)",
        "ahh": "interjection (in no source read)",
        "alackaday": "interjection of regret (in no source read)",
        "avast": "interjection, a nautical order to stop (in no source read)",
        "bejabers": "interjection of surprise (in no source read)",
        "cripes": "interjection of surprise (in no source read)",
        "eek": "interjection of fright (in no source read)",
        "egad": "interjection, a mild oath (in no source read)",
        "faugh": "interjection of disgust (in no source read)",
        "feh": "interjection of disdain (in no source read)",
        "foh": "interjection of disgust (in no source read)",
        "gadzooks": "interjection, a mild oath (in no source read)",
        "golly": "interjection of surprise (in no source read)",
        "hallo": "interjection, a greeting (in no source read)",
        "halloa": "interjection, a call (in no source read)",
        "heigh": "interjection of encouragement (in no source read)",
        "hiya": "interjection, a greeting (in no source read)",
        "jeepers": "interjection of surprise (in no source read)",
        "jiminy": "interjection of surprise (in no source read)",
        "lackaday": "interjection of regret (in no source read)",
        "mazeltov": "interjection of congratulation (in no source read)",
        "pah": "interjection of disgust (in no source read)",
        "phooey": "interjection of disgust (in no source read)",
        "umm": "interjection of hesitation (in no source read)",
        "welladay": "interjection of regret (in no source read)",
        "wellaway": "interjection of regret (in no source read)",
        "whee": "interjection of delight (in no source read)",
        "yippie": "interjection of delight (in no source read)",
        "zounds": "interjection, a mild oath (in no source read)",
        "zowie": "interjection of surprise (in no source read)",
    },
    "es": {
        # hunspell-es lists these bare (its interjection entries carry no affix flag); no
        # Apertium analyser knows them, and none has a noun, verb or adjective sense.
        "agur": "interjection, a farewell",
        "ajá": "interjection of approval",
        "ale": "interjection urging on",
        "aúpa": "interjection urging to get up",
        "cáspita": "interjection of surprise",
        "córcholis": "interjection of surprise",
        "chist": "interjection calling for silence",
        "chis": "interjection calling for silence",
        "cloc": "onomatopoeia, the sound of a blow",
        "bum": "onomatopoeia, a bang",
        "pum": "onomatopoeia, a bang",
        "hum": "interjection of doubt",
        "huy": "interjection of pain or surprise",
        "ijujú": "interjection of joy",
        "jau": "interjection urging on",
        "moxte": "interjection driving away",
        "oxte": "interjection driving away",
        "uh": "interjection of disdain",
        "uy": "interjection of surprise or pain",
        "za": "interjection driving away a dog",
        "tate": "interjection of warning",
        "quia": "interjection of disbelief",
        "ja": "laughter",
        "je": "laughter",
        "jo": "interjection stopping a beast",
        "órale": "interjection urging on",
        "huich": "interjection of mockery",
        "huifa": "interjection of joy",
        "jolín": "interjection of surprise or annoyance",
    },
    "nl": {
        # Not in WikDict nld (nor any Dutch source read); no other sense in Dutch.
        "oeps": "interjection, a slip",
        "jippie": "interjection of joy",
        "joepie": "interjection of joy",
        "hoera": "interjection of joy",
        "hiep": "interjection in a cheer (hiep hiep hoera)",
        "hoi": "interjection, a greeting",
        "doei": "interjection, a farewell",
        "tja": "interjection of hesitation",
        "hè": "interjection",
        "hé": "interjection",
        "ach": "interjection of resignation",
        "och": "interjection of resignation",
        "au": "interjection of pain",
        "auw": "interjection of pain",
        "bah": "interjection of disgust",
        "jakkes": "interjection of disgust",
        "jasses": "interjection of disgust",
        "foei": "interjection of reproach",
        "hallo": "interjection, a greeting",
        "hoho": "interjection calling a halt",
        "oei": "interjection of dismay",
        "oef": "interjection of relief",
        "hm": "interjection of doubt",
        "hmm": "interjection of doubt",
        "poeh": "interjection of relief",
        "sst": "interjection calling for silence",
        "ssst": "interjection calling for silence",
        "tjonge": "interjection of surprise",
        "tjongejonge": "interjection of surprise",
        "jeetje": "interjection of surprise",
        "goh": "interjection of surprise",
        "hoezee": "interjection of joy",
        "hup": "interjection urging on",
        "nietwaar": "interjection, a question tag",
        "olé": "interjection of applause",
        "wauw": "interjection of admiration",
        "ahoi": "interjection, a call at sea",
        "ahoy": "interjection, a call at sea",
        "hatsjoe": "onomatopoeia, a sneeze",
        "boem": "onomatopoeia, a bang",
        "pats": "onomatopoeia, a smack",
        "floep": "onomatopoeia",
        "waf": "onomatopoeia, a bark",
        "kukeleku": "onomatopoeia, a cock's crow",
    },
}
"""Reviewed interjections that no source tags, per language (the spelling at the source)."""

INTERJECTIONS_KEPT_SPANISH: dict[str, str] = {
    # Apertium tags these <ij> only; another sense keeps them (rule 2).
    "ay": "a noun too (un ay, a moan; plural ayes, which hunspell-es gives)",
    "bu": "a noun too (the bogeyman used to frighten children)",
    "carajo": "a noun too (vulgar; plural carajos, which hunspell-es gives)",
    "caray": "a noun too (carey, the hawksbill turtle and its shell)",
    "diantre": "a noun too (a euphemism for the devil; plural diantres)",
    "olé": "a noun too (a cheer, los olés del público; plural olés)",
}
"""Spanish interjections that Apertium tags and another sense keeps (the spelling at the source)."""

ABBREVIATIONS: dict[str, dict[str, str]] = {
    "es": {
        # Abbreviations that hunspell-es lists without their dot and that no Apertium analyser
        # marks (it knows none of them, or only as a bare noun: dpto, tfno).
        "adv": "abbreviation of adverbio",
        "afmo": "abbreviation of afectísimo (afma, afmos, afmas)",
        "atte": "abbreviation of atentamente",
        "atto": "abbreviation of atento (atta, attos, attas)",
        "avd": "abbreviation of avenida",
        "cgo": "abbreviation of cargo",
        "cit": "abbreviation of citado",
        "coord": "abbreviation of coordinador, coordinación",
        "cte": "abbreviation of corriente",
        "ctvo": "abbreviation of centavo",
        "cód": "abbreviation of código",
        "dcho": "abbreviation of derecho (dcha)",
        "depto": "abbreviation of departamento",
        "diag": "abbreviation of diagonal",
        "dicc": "abbreviation of diccionario",
        "dpto": "abbreviation of departamento",
        "dupdo": "abbreviation of duplicado",
        "edit": "abbreviation of editorial",
        "ejem": "abbreviation of ejemplar",
        "fca": "abbreviation of fábrica",
        "geogr": "abbreviation of geografía",
        "geom": "abbreviation of geometría",
        "gta": "abbreviation of glorieta",
        "hno": "abbreviation of hermano (hna, hnos, hnas)",
        "imp": "abbreviation of imprenta",
        "impr": "abbreviation of imprenta",
        "impto": "abbreviation of impuesto",
        "incl": "abbreviation of inclusive",
        "ing": "abbreviation of ingeniero",
        "inst": "abbreviation of instituto",
        "izqdo": "abbreviation of izquierdo (izqda)",
        "loc": "abbreviation of locución",
        "ltdo": "abbreviation of limitado (ltda)",
        "mtro": "abbreviation of maestro",
        "ob": "abbreviation of obispo",
        "pbro": "abbreviation of presbítero",
        "pdta": "abbreviation of presidenta",
        "pdte": "abbreviation of presidente",
        "plza": "abbreviation of plaza",
        "ppal": "abbreviation of principal",
        "pról": "abbreviation of prólogo",
        "rdo": "abbreviation of reverendo",
        "reg": "abbreviation of registro",
        "rel": "abbreviation of relativo",
        "rev": "abbreviation of revista, reverendo",
        "rte": "abbreviation of remitente",
        "rvdo": "abbreviation of reverendo",
        "sig": "abbreviation of siguiente",
        "soc": "abbreviation of sociedad",
        "srta": "abbreviation of señorita",
        "sto": "abbreviation of santo (sta, stos, stas)",
        "teléf": "abbreviation of teléfono",
        "tfno": "abbreviation of teléfono",
        "tít": "abbreviation of título",
        "tpo": "abbreviation of tiempo",
        "univ": "abbreviation of universidad",
        "vto": "abbreviation of vuelto (vta)",
        "xto": "abbreviation of Cristo",
    },
    "nl": {
        # Dutch writes these acronyms of schools, institutions and procedures in lower case;
        # wdutch lists them lower case, so the capital rule misses them.
        "havo": "acronym: hoger algemeen voortgezet onderwijs (a school type)",
        "vwo": "acronym: voorbereidend wetenschappelijk onderwijs (a school type)",
        "mbo": "acronym: middelbaar beroepsonderwijs",
        "hbo": "acronym: hoger beroepsonderwijs",
        "vmbo": "acronym: voorbereidend middelbaar beroepsonderwijs",
        "mavo": "acronym: middelbaar algemeen voortgezet onderwijs",
        "heao": "acronym: hoger economisch en administratief onderwijs",
        "pabo": "acronym: pedagogische academie voor het basisonderwijs",
        "wo": "acronym: wetenschappelijk onderwijs",
        "cao": "acronym: collectieve arbeidsovereenkomst",
        "apk": "acronym: algemene periodieke keuring",
        "atv": "acronym: arbeidstijdverkorting",
        "ic": "acronym: intensive care",
        "ivf": "acronym: in-vitrofertilisatie",
        "ov": "acronym: openbaar vervoer",
        "soa": "acronym: seksueel overdraagbare aandoening",
        "vso": "acronym: voortgezet speciaal onderwijs",
        "vut": "acronym: vervroegde uittreding",
        "alv": "acronym: algemene ledenvergadering",
        "anw": "acronym: Algemene nabestaandenwet",
        "atb": "acronym: all-terrain bike",
        "ava": "acronym: algemene vergadering van aandeelhouders",
        "cai": "acronym: centrale antenne-inrichting",
        "eeg": "acronym: elektro-encefalogram",
        "pda": "acronym: personal digital assistant",
        "vve": "acronym: vereniging van eigenaars",
        "lto": "acronym: Land- en Tuinbouworganisatie",
    },
}
"""Reviewed abbreviations and acronyms that no source marks, per language (the spelling at the source)."""

ACRONYM_WORDS: dict[str, str] = {
    "AIDS": "a common noun written in lower case (nl aids, like es sida)",
    "SIDA": "a common noun written in lower case (el sida)",
    "OPA": "a common noun written in lower case (es una opa, a takeover bid; plural opas)",
    "UFO": "a common noun (en, nl)",
    "VIP": "a common noun written in lower case (nl vip, plural vips)",
}
"""Words born as acronyms that are now common nouns, spelt and inflected as words: kept everywhere."""

ABBREVIATIONS_KEPT_SPANISH: dict[str, str] = {
    # Apertium reads the stem and a dot as an abbreviation (or tags it <acr>); the bare stem is a word.
    "dom": "a noun too (a title of Benedictine and Carthusian monks)",
    "ene": "a noun too (the name of the letter N)",
    "id": "a verb form too (the imperative of ir)",
    "mar": "a noun too (the sea)",
    "opa": "a noun too (una opa, a takeover bid; plural opas)",
    "sida": "a noun too (el sida)",
    "cal": "a noun too (lime; Apertium also reads it as the abbreviation of caloría)",
}
"""Spanish stems that Apertium marks as abbreviations and that are words too (the spelling at the source)."""

SEPARATE_I_J: dict[str, str] = {
    # Dutch writes the IJ tile only for the digraph ij; in these loans i and j are two letters,
    # in two syllables (bi-jou, bi-jec-tie), so they are spelled with an I and a J tile.
    "bijou": "a French loan, bi-jou",
    "bijous": "plural of bijou",
    "bijoutje": "diminutive of bijou",
    "bijouterie": "a French loan, bi-jou-te-rie (10 tiles: too long for a line)",
    "bijectie": "bi-jectie, from Latin bi- and iacere (a bijection)",
    "bijecties": "plural of bijectie",
    "bijectief": "adjective of bijectie",
    "bijectieve": "inflected bijectief (10 tiles: too long for a line)",
}
"""Dutch words whose i and j are two letters, not the digraph (the spelling at the source)."""

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
        "nee": "a noun too (het nee, a refusal: nee zeggen), as ja is",
        "neen": "a noun too, a variant of nee",
        "oké": "an adjective too (het is oké)",
        "miauw": "a form of the verb miauwen (ik miauw)",
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
    "grammy": "a trademark, the Grammy Award (SCOWL lists it lower case at size 80)",
    "grammys": "plural of the trademark Grammy",
    "celotex": "a trademark (Celotex, an insulating board); SCOWL lists it capitalised too",
    "proteidae": "a zoological family (Proteidae); WordNet writes it with a capital",
    "paphian": "a proper adjective (Paphian, of Paphos); SCOWL lists it capitalised at size 70",
}

NOT_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "ethamine": "in no dictionary read (the fabric is etamine); found in the judged sample",
        "ethamines": "plural of ethamine",
    },
}
"""Entries of a source that are no words of the language, found by the judged samples (the spelling at the source)."""
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

IRREGULAR_PLURALS: dict[str, str] = {
    # Standard plurals that SCOWL lacks at the sizes read; each is in WordNet's noun.exc with
    # the base named here, and is added only to a list holding that base.
    "dwarves": "dwarf",
    "abaci": "abacus",
    "apices": "apex",
    "foci": "focus",
    "octopi": "octopus",
    "syllabi": "syllabus",
    "stadia": "stadium",
    "crania": "cranium",
    "fora": "forum",
    "aquaria": "aquarium",
    "symposia": "symposium",
    "ultimata": "ultimatum",
    "plateaux": "plateau",
    "bureaux": "bureau",
    "beaux": "beau",
    "milieux": "milieu",
    "chapeaux": "chapeau",
    "vortices": "vortex",
    "automata": "automaton",
    "femora": "femur",
    "concerti": "concerto",
    "libretti": "libretto",
    "virtuosi": "virtuoso",
    "tempi": "tempo",
    "soli": "solo",
    "scherzi": "scherzo",
    "maestri": "maestro",
    "torsi": "torso",
    "sera": "serum",
    "gymnasia": "gymnasium",
    "emporia": "emporium",
    "mausolea": "mausoleum",
    "terraria": "terrarium",
    "sterna": "sternum",
    "thoraces": "thorax",
    "calyces": "calyx",
    "ibices": "ibex",
    "incubi": "incubus",
    "nautili": "nautilus",
    "narcissi": "narcissus",
    "rhombi": "rhombus",
    "isthmi": "isthmus",
    "aortae": "aorta",
    "aurae": "aura",
    "retinae": "retina",
    "coronae": "corona",
    "florae": "flora",
    "faunae": "fauna",
    "placentae": "placenta",
    "herniae": "hernia",
    "seraphim": "seraph",
    "turves": "turf",
    "zeroes": "zero",
    "haloes": "halo",
    "ghettoes": "ghetto",
    "geckoes": "gecko",
    "dodoes": "dodo",
    "mementoes": "memento",
    "lassoes": "lasso",
    "salvoes": "salvo",
    "hoboes": "hobo",
    "banjoes": "banjo",
    "crescendi": "crescendo",
    "traumata": "trauma",
    "dogmata": "dogma",
    "miasmata": "miasma",
    "encomia": "encomium",
    "podia": "podium",
    "trapezia": "trapezium",
    "cicadae": "cicada",
    "uvulae": "uvula",
    "caesurae": "caesura",
    "insulae": "insula",
    "fasciae": "fascia",
    "fistulae": "fistula",
    "medullae": "medulla",
    "umbrae": "umbra",
    "vacua": "vacuum",
    "rostra": "rostrum",
    "recta": "rectum",
    "fulcra": "fulcrum",
    "cambia": "cambium",
    "calli": "callus",
    "thymi": "thymus",
    "tympana": "tympanum",
    "pelves": "pelvis",
    "penes": "penis",
    "arboreta": "arboretum",
    "antisera": "antiserum",
    "alluvia": "alluvium",
    "abscissae": "abscissa",
    "aurorae": "aurora",
    "ephemerae": "ephemera",
    "hydrae": "hydra",
    "drachmae": "drachma",
    "copulae": "copula",
    "naiades": "naiad",
    "glottides": "glottis",
    "sphinges": "sphinx",
    "pease": "pea",
}
"""English irregular plurals added where their base is in the list (plural -> base, spelling at the source)."""

SPANISH_ADDED: dict[str, str] = {
    # Common words with ü that hunspell-es lacks (hunspell rejects them); aspell-es and Apertium
    # know them. Each form is listed: no affix rule is applied.
    "pingüino": "a noun (the penguin); hunspell-es lacks it",
    "pingüinos": "plural of pingüino",
    "trilingüe": "an adjective (trilingual)",
    "piragüero": "a noun (a canoeist)",
    "paragüero": "a noun (an umbrella stand)",
    "paragüera": "feminine of paragüero (an umbrella seller)",
    "yegüero": "a noun (a mare herder)",
    "yegüeros": "plural of yegüero",
    "exigüidad": "a noun (scantiness)",
    "güelfo": "a noun and adjective (a Guelph)",
    "güelfos": "plural of güelfo",
    "güelfa": "feminine of güelfo",
    "güelfas": "plural of güelfa",
    "higüero": "a noun (the calabash tree)",
    "higüeros": "plural of higüero",
}
"""Spanish words added (each form at the source's spelling, with its reason)."""
