import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { renderParsed, renderPlain } from "../../reference-server/api/messages/render.ts";

/** Message formatting (FL153 and up): the plain-prose shortcut renders exactly as the parser does, or declines. */
describe("renderPlain", () => {
  it("property: for text of words, spaces, punctuation and newlines, agrees with markdown-it or returns null", () => {
    const alphabet = fc.constantFrom("a", "B", "1", "2", " ", ",", ".", "?", "'", '"', "\n", "\n\n", "word", "10.");
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 40 }), (parts) => {
        const content = parts.join("");
        const plain = renderPlain(content);
        if (plain !== null) expect(plain).toBe(renderParsed(content));
      }),
      { numRuns: 3000 },
    );
  });

  it("takes the shortcut for ordinary prose", () => {
    expect(renderPlain("Hello there, friend.\nSee you\n\nBye")).toBe("<p>Hello there, friend.<br>\nSee you</p>\n<p>Bye</p>");
  });
});
