// The page's texts in Japanese and English. The server writes the catalogue's `page.*` entries
// (data/i18n/web.json, the one source) into the page as <script type="application/json" id="texts">;
// the language is ?lang=, else the one chosen before (localStorage), else the browser's.

export type Lang = "ja" | "en";
type Catalogue = Record<string, { ja: string; en: string }>;

const STORED = "tt-lang";
let catalogue: Catalogue = {};
let current: Lang = "en";

function readCatalogue(): Catalogue {
  const data = document.getElementById("texts");
  try {
    return data?.textContent ? (JSON.parse(data.textContent) as Catalogue) : {};
  } catch {
    return {};
  }
}

function asLang(value: string | null | undefined): Lang | null {
  return value === "ja" || value === "en" ? value : null;
}

function browserLang(): Lang {
  for (const tag of navigator.languages ?? [navigator.language]) {
    if (tag.toLowerCase().startsWith("ja")) return "ja";
    if (tag.toLowerCase().startsWith("en")) return "en";
  }
  return "en";
}

function stored(): string | null {
  try {
    return localStorage.getItem(STORED);
  } catch {
    return null;
  }
}

/** Reads the catalogue and settles the language; call once before anything is written. */
export function initTexts(preferred?: string | null): Lang {
  catalogue = readCatalogue();
  const asked = asLang(new URLSearchParams(location.search).get("lang"));
  current = asked ?? asLang(preferred) ?? asLang(stored()) ?? browserLang();
  document.documentElement.lang = current;
  return current;
}

export function lang(): Lang {
  return current;
}

/** Switches the language (remembered for the next visit; a ?lang= in the address is dropped). */
export function setLang(value: Lang): void {
  current = value;
  document.documentElement.lang = value;
  try {
    localStorage.setItem(STORED, value);
  } catch {
    // private mode: the choice lasts for this page only
  }
  const url = new URL(location.href);
  if (url.searchParams.has("lang")) {
    url.searchParams.delete("lang");
    history.replaceState(null, "", url.pathname + url.search + url.hash);
  }
}

/** The text of `key` in the current language with `{name}` fields filled in (the key itself if missing). */
export function t(key: string, values: Record<string, string | number> = {}): string {
  const entry = catalogue[key];
  const text = entry ? entry[current] : key;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** Writes every element's text that names a key: data-t="key" (textContent), data-t-label (aria-label). */
export function translate(root: ParentNode = document): void {
  root.querySelectorAll<HTMLElement>("[data-t]").forEach((element) => {
    element.textContent = t(element.dataset.t as string);
  });
  root.querySelectorAll<HTMLElement>("[data-t-label]").forEach((element) => {
    element.setAttribute("aria-label", t(element.dataset.tLabel as string));
    element.title = t(element.dataset.tLabel as string);
  });
}

/** The <select id="lang"> of the page: shows the current language and calls `changed` on a switch. */
export function bindLangSelect(changed: (value: Lang) => void): void {
  const select = document.getElementById("lang") as HTMLSelectElement | null;
  if (!select) return;
  select.value = current;
  select.addEventListener("change", () => {
    const value = asLang(select.value);
    if (value && value !== current) {
      setLang(value);
      translate();
      changed(value);
    }
  });
}
