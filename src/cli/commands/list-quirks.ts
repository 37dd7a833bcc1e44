import { QUIRKS } from "../../../facts/quirks.ts";

/** `list --quirks`: each quirk, its kind and the command that makes it, what it does and what a correct client does. */
export function printQuirks(json: boolean, io: { out: (s: string) => void }): number {
  if (json) {
    io.out(JSON.stringify(QUIRKS, null, 2));
    return 0;
  }
  for (const q of QUIRKS) {
    io.out(`${q.name}  (${q.kind}: ${q.kind === "wire" ? "serve --quirks, proxy --inject" : "serve --quirks only"})`);
    io.out(`    does:   ${q.does}`);
    io.out(`    client: ${q.client}`);
  }
  const wire = QUIRKS.filter((q) => q.kind === "wire").length;
  io.out(
    `${QUIRKS.length} quirks: ${wire} wire, ${QUIRKS.length - wire} data; serve --quirks NAME,...|all makes them, proxy --inject NAME,...|all the wire ones`,
  );
  return 0;
}
