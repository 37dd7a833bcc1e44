import { existsSync } from "node:fs";
import { chromium, type Browser } from "playwright-core";

/**
 * Debian's Chromium, driven by playwright-core: the browser tests and the bench's report figure use it (only npm's
 * and Debian's registries are reachable, so Playwright's own browser downloads are not an option).
 */
export const CHROMIUM = "/usr/bin/chromium";

/** Why the browser tests cannot run here, or undefined when they can. */
export const NO_CHROMIUM = existsSync(CHROMIUM) ? undefined : `no Chromium at ${CHROMIUM} (on Debian: apt-get install -y chromium)`;

export function launchChromium(): Promise<Browser> {
  // No sandbox: CI containers run as root, where Chromium's sandbox refuses to start.
  return chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-background-networking"] });
}

/** An element, as the functions run in the page (page.evaluate) use it. */
export interface PageElement {
  id: string;
  textContent: string | null;
  hidden: boolean;
  open?: boolean;
  value?: string;
  href?: string;
  dataset: Record<string, string | undefined>;
  style: Record<string, string>;
  querySelector(selector: string): PageElement | null;
  querySelectorAll(selector: string): Iterable<PageElement> & { length: number };
  getBoundingClientRect(): { top: number; bottom: number; left: number; width: number; height: number };
  checkVisibility(): boolean;
  contains(other: PageElement | null): boolean;
  hasAttribute(name: string): boolean;
  getAttribute(name: string): string | null;
  removeAttribute(name: string): void;
}

/**
 * The browser's globals, as the functions run in the page use them: `const w = globalThis as unknown as
 * PageGlobals`. The project compiles without the DOM library, so that code meant for Node cannot use browser
 * globals unnoticed; the cast is erased before the function reaches the page, where globalThis is the window.
 */
export interface PageGlobals {
  document: {
    documentElement: { scrollWidth: number; clientWidth: number };
    querySelector(selector: string): PageElement | null;
    querySelectorAll(selector: string): Iterable<PageElement> & { length: number };
    getElementById(id: string): PageElement | null;
    elementFromPoint(x: number, y: number): PageElement | null;
  };
  innerHeight: number;
  innerWidth: number;
  getComputedStyle(el: PageElement, pseudo?: string): { content: string };
  location: { hash: string };
  navigator: { clipboard: { readText(): Promise<string> } };
  requestAnimationFrame(callback: () => void): number;
}
