/**
 * The quirks' dice: a small seeded generator (mulberry32), one stream per quirk, so that a quirk's schedule depends
 * only on the seed and on the requests it was asked about, never on which other quirks are on.
 */
export type Draw = () => number;

/** A 32-bit FNV-1a hash of the seed and the quirk's name: each quirk's stream starts somewhere else. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** Uniform draws in [0, 1) for one quirk at one seed. */
export function streamFor(seed: number, name: string): Draw {
  let state = hash(`${seed}:${name}`);
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An integer from lo to hi, both included. */
export const between = (draw: Draw, lo: number, hi: number): number => lo + Math.floor(draw() * (hi - lo + 1));

/** A standard normal draw (Box–Muller; two uniforms a draw, so the stream advances the same every time). */
export function normal(draw: Draw): number {
  const u = 1 - draw();
  const v = draw();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}
