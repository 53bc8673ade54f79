// Small helpers to build the page's elements (text is always set as text, never parsed as HTML).

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K, attributes: Record<string, string> = {}, ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  element.append(...children);
  return element;
}

const SVG = "http://www.w3.org/2000/svg";

export function svg(tag: string, attributes: Record<string, string> = {}): SVGElement {
  const element = document.createElementNS(SVG, tag) as SVGElement;
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  return element;
}

export function byId<T extends HTMLElement = HTMLElement>(id: string): T | null {
  return document.getElementById(id) as T | null;
}

let toastTimer: number | undefined;

/** A short message in #toast (role=alert, so it is read out), gone after a few seconds. */
export function toast(message: string): void {
  const box = byId("toast");
  if (!box) return;
  box.textContent = message;
  box.hidden = false;
  window.clearTimeout(toastTimer);
  toastTimer = window.setTimeout(() => {
    box.hidden = true;
  }, 5000);
}
