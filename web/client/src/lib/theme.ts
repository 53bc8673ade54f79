// Light and dark: the page follows prefers-color-scheme; #theme switches to the other one, and the
// choice is remembered (html[data-theme], read by the stylesheet).

const STORED = "tt-theme";

function systemDark(): boolean {
  return matchMedia("(prefers-color-scheme: dark)").matches;
}

function shown(): "light" | "dark" {
  const set = document.documentElement.dataset.theme;
  return set === "light" || set === "dark" ? set : systemDark() ? "dark" : "light";
}

export function initTheme(): void {
  let chosen: string | null = null;
  try {
    chosen = localStorage.getItem(STORED);
  } catch {
    // private mode: follow the system
  }
  if (chosen === "light" || chosen === "dark") document.documentElement.dataset.theme = chosen;
  const button = document.getElementById("theme");
  const mark = (): void => button?.setAttribute("aria-pressed", String(shown() === "dark"));
  mark();
  button?.addEventListener("click", () => {
    const next = shown() === "dark" ? "light" : "dark";
    document.documentElement.dataset.theme = next;
    try {
      localStorage.setItem(STORED, next);
    } catch {
      // private mode: for this page only
    }
    mark();
  });
}
