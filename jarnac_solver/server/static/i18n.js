// The page's words and the engine's reasons in the reader's language, rendered from the catalogs the
// server compiles (GET /messages/LANG.json: the library's own gettext catalogs). A reason is rendered
// from its code and values, as the library renders it (jarnac_solver.messages.reason): no English
// sentence is ever matched or translated back.

export const LANGUAGES = ["fr", "en", "es", "nl"];

// The Plural-Forms rules of the catalogs (locales/catalogs.py's PLURAL_FORMS), evaluated without eval().
const PLURALS = {
  "(n != 1)": (n) => (n !== 1 ? 1 : 0),
  "(n > 1)": (n) => (n > 1 ? 1 : 0),
};

const DECIMAL_COMMA = new Set(["fr", "es", "nl"]);
const PLACEHOLDER = /\{(\w+)(?::(\+?,?(?:\.\d+f)?))?\}/g;

let catalog = { language: "en", messages: {}, plural_by: {}, pick: PLURALS["(n != 1)"] };

export function language() {
  return catalog.language;
}

export function pickLanguage(chosen, browser) {
  // The reader's choice kept in this browser, else the browser's languages in order, else French.
  for (const tag of [chosen, ...browser]) {
    const base = String(tag || "").slice(0, 2).toLowerCase();
    if (LANGUAGES.includes(base)) return base;
  }
  return "fr";
}

export async function loadLanguage(lang) {
  const response = await fetch(`/messages/${lang}.json`);
  if (!response.ok) throw new Error(`no catalog for ${lang}`);
  const document = await response.json();
  const rule = (document.plural.match(/plural=(.*?);?\s*$/) || [])[1];
  const pick = PLURALS[(rule || "").trim()];
  if (!pick) throw new Error(`catalog ${lang}: unknown plural rule ${document.plural}`);
  catalog = { ...document, pick };
}

export function pluralCount(value) {
  // As the library's plural_count: a whole number is itself, a decimal that is not whole reads as many.
  return Number.isInteger(value) ? Math.abs(value) : 2;
}

function written(value, spec) {
  if (value !== null && typeof value === "object" && "code" in value) return render(value.code, value.values);
  if (typeof value !== "number") return String(value);
  const digits = /\.(\d+)f$/.exec(spec || "");
  let text = digits ? (value || 0).toFixed(Number(digits[1])) : String(value || 0);
  if (spec && spec.startsWith("+") && !text.startsWith("-")) text = `+${text}`;
  return DECIMAL_COMMA.has(catalog.language) && (digits || !Number.isInteger(value)) ? text.replace(".", ",") : text;
}

export function render(code, values = {}) {
  // A message of the catalog, its plural form picked by its count value, its placeholders filled.
  const forms = catalog.messages[code];
  if (!forms) return code;
  const by = catalog.plural_by[code];
  const template = by !== undefined && forms.length > 1 ? forms[catalog.pick(pluralCount(values[by]))] : forms[0];
  return template.replace(PLACEHOLDER, (whole, name, spec) => (name in values ? written(values[name], spec) : whole));
}

export function reason(said) {
  // A reason of an answer ({code, values, text}), said in the page's language.
  return render(said.code, said.values);
}

export function has(key) {
  // Whether the catalogs hold the page's word ``key`` (a refusal's own sentence, by its type).
  return `page.${key}` in catalog.messages;
}

export function t(key, values = {}) {
  // One of the page's own words (a page.* code of the catalogs).
  return render(`page.${key}`, values);
}
