// A word's tiles and a typed word folded, as the library reads them (jarnac_solver.lexicon.alphabet's
// Alphabet.fold and tokenize; tests/test_page_languages.py compares the two on every alphabet).
const LIGATURES = { "Œ": "OE", "Æ": "AE", "ß": "SS", "ẞ": "SS", "Ĳ": "IJ" };

export function fold(text) {
  // Upper case, accents and ligatures stripped (the Dutch Ĳ is the two letters IJ, read as its tile).
  let out = "";
  for (const char of String(text).toUpperCase().normalize("NFC")) {
    out += LIGATURES[char] ?? char.normalize("NFKD").replace(/\p{M}/gu, "").toUpperCase();
  }
  return out.trim();
}

export function tilesOf(word, alphabet) {
  // Greedy, longest tile first ("IJ" is one tile in the Dutch alphabet); a "." only cuts (I.J: I then J).
  const tiles = [];
  for (let i = 0; i < word.length; i++) {
    if (word[i] === ".") continue;
    if (alphabet === "dutch" && word[i] === "I" && word[i + 1] === "J") {
      tiles.push("IJ");
      i++;
    } else tiles.push(word[i]);
  }
  return tiles;
}

export function minus(word, old, alphabet) {
  // The tiles of `word` not in `old` (a multiset difference), or null when `old` is not inside `word`.
  const left = tilesOf(word, alphabet);
  for (const tile of tilesOf(old, alphabet)) {
    const at = left.indexOf(tile);
    if (at < 0) return null;
    left.splice(at, 1);
  }
  return left.join("");
}
