import { eventCheck, eventOf, type EventCheck } from "../../src/client/events.ts";
import { defineSuite } from "../../src/expect/suite.ts";
import type { TestContext } from "../../src/expect/context.ts";
import { pngImage, tiffImage } from "../support/images.ts";
import { sendToChannel } from "../support/messages.ts";
import { systemGroupId } from "../support/realm.ts";
import { uploaded, type TestFile } from "../support/uploads.ts";
import { freshChannel } from "../support/channels.ts";

/**
 * Attributes of rendered message HTML: image previews of uploaded images (data-original-dimensions FL276,
 * on loading placeholders FL287 and the 9.x level 278; data-original-content-type and data-transcoded-image FL336)
 * and silent mentions of system groups (FL333). Every message goes to a fresh channel; renderings are read from
 * the events, so a server still making thumbnails is seen with its placeholder, then its rendering-only update.
 */
const { behaviour } = defineSuite(import.meta.url, { needs: ["member", "secondMember", "administrator"] });

interface RenderedImage {
  href: string;
  attrs: Record<string, string>;
  placeholder: boolean;
}

/** The images of a rendering: each `<img>` inside a link, with its attributes and the link's target. */
function imagesOf(html: string): RenderedImage[] {
  const out: RenderedImage[] = [];
  for (const m of html.matchAll(/<a\s[^>]*href="([^"]*)"[^>]*>\s*<img\s([^>]*?)\/?>/g)) {
    const attrs = Object.fromEntries([...m[2]!.matchAll(/([\w-]+)="([^"]*)"/g)].map((a) => [a[1]!, a[2]!]));
    out.push({ href: m[1]!, attrs, placeholder: (attrs.class ?? "").split(/\s+/).includes("image-loading-placeholder") });
  }
  return out;
}

/** The preview of the upload at `address` in a rendering, as a prerequisite. */
function previewOf(t: TestContext, html: string, address: string, placeholder: boolean): Promise<RenderedImage> {
  const path = address.replace(/^https?:\/\/[^/]+/, "");
  return t.given(`the rendering shows ${placeholder ? "a loading placeholder" : "a preview"} of ${path}`, async () => {
    const img = imagesOf(html).find((i) => i.href.endsWith(path) && i.placeholder === placeholder);
    if (!img) t.expect.fail(`an image ${placeholder ? "placeholder" : "preview"} linking ${path}`, html);
    return img;
  });
}

const messageEvent = (id: number) => eventOf("message", (e) => ((e.message as { id?: number } | undefined)?.id === id ? null : "another message"));

/**
 * One check that follows message `id` to its final rendering: the message event's, or, when that shows loading
 * placeholders, the next rendering-only update's. Both renderings are kept (events after a match in one poll are
 * not seen by later waits, so this is a single wait).
 */
function renderingsOf(id: number): { check: EventCheck; first?: string; final?: string } {
  const out: { check: EventCheck; first?: string; final?: string } = {
    check: eventCheck("the message event, then its final rendering", (e) => {
      if (e.type === "message" && (e.message as { id?: number } | undefined)?.id === id) {
        out.first = String((e.message as { content?: unknown }).content);
        if (imagesOf(out.first).some((i) => i.placeholder)) return "placeholders: wait for the rendering-only update";
        out.final = out.first;
        return null;
      }
      if (e.type === "update_message" && e.message_id === id && typeof e.rendered_content === "string" && out.first !== undefined) {
        out.final = e.rendered_content;
        return null;
      }
      return "another event";
    }),
  };
  return out;
}

/**
 * Uploads the files, sends one message linking them all, and returns the message event's rendering and the final
 * one (the rendering-only update's, when the first showed loading placeholders).
 */
async function renderImages(t: TestContext, files: TestFile[]): Promise<{ firstHtml: string; finalHtml: string; addresses: string[] }> {
  const addresses: string[] = [];
  for (const f of files) addresses.push((await uploaded(t, "member", f)).address);
  const channel = await freshChannel(t);
  const { queue } = await t.register("secondMember", { event_types: ["message", "update_message"], apply_markdown: true });
  const content = files.map((f, i) => `[${f.name}](${addresses[i]!})`).join("\n");
  const id = await sendToChannel(t, "member", channel, "images", content);
  const r = renderingsOf(id);
  await queue.until([r.check]);
  return { firstHtml: r.first!, finalHtml: r.final!, addresses };
}

behaviour(
  ["fl276.messages.original-dimensions-preview", "fl336.messages.original-content-type", "fl336.messages.transcoded-image"],
  "image previews carry data-original-dimensions from FL276, data-original-content-type and (for TIFF) data-transcoded-image from FL336",
  {
    id: "fl276.messages.original-dimensions-preview#image-previews-carry-data-original-dimensions-from-fl276-data-original-content-type-and-for-tiff-data-transcoded-image-from-fl336",
    gate: "always",
  },
  async (t) => {
    const png = pngImage(`${t.unique("png")}.png`, 7, 5);
    const tiff = tiffImage(`${t.unique("tiff")}.tif`, 6, 4);
    const { finalHtml, addresses } = await renderImages(t, [png, tiff]);
    const pngPreview = await previewOf(t, finalHtml, addresses[0]!, false);
    if (t.fl.atLeast(276)) t.expect.equal(pngPreview.attrs["data-original-dimensions"], "7x5", "the PNG preview's data-original-dimensions");
    else t.expect.absent(pngPreview.attrs, "data-original-dimensions");
    if (!t.fl.atLeast(336)) {
      t.expect.absent(pngPreview.attrs, "data-original-content-type");
      for (const img of imagesOf(finalHtml)) t.expect.absent(img.attrs, "data-transcoded-image");
      return;
    }
    t.expect.equal(pngPreview.attrs["data-original-content-type"], "image/png", "the PNG preview's data-original-content-type");
    t.expect.absent(pngPreview.attrs, "data-transcoded-image");
    const tiffPreview = await previewOf(t, finalHtml, addresses[1]!, false);
    t.expect.equal(tiffPreview.attrs["data-original-content-type"], "image/tiff", "the TIFF preview's data-original-content-type");
    t.expect.ok(
      (tiffPreview.attrs["data-transcoded-image"] ?? "") !== "",
      "the TIFF preview to name its transcoded image in data-transcoded-image",
      tiffPreview.attrs,
    );
  },
);

behaviour(
  ["fl287.messages.original-dimensions-placeholder", "fl278.messages.original-dimensions-placeholder-backport"],
  "loading placeholders carry data-original-dimensions from FL287, and at the 9.x level 278",
  {
    id: "fl287.messages.original-dimensions-placeholder#loading-placeholders-carry-data-original-dimensions-from-fl287-and-at-the-9-x-level-278",
    gate: "always",
  },
  async (t) => {
    const png = pngImage(`${t.unique("png")}.png`, 9, 3);
    const { firstHtml, addresses } = await renderImages(t, [png]);
    const placeholder = await previewOf(t, firstHtml, addresses[0]!, true);
    const backport = t.fl.atLeast(278) && !t.fl.atLeast(279);
    if (t.fl.atLeast(287) || backport) t.expect.equal(placeholder.attrs["data-original-dimensions"], "9x3", "the placeholder's data-original-dimensions");
    else t.expect.absent(placeholder.attrs, "data-original-dimensions");
  },
);

behaviour(
  "fl333.messages.silent-system-group-mention",
  "a silent mention of a system group renders from FL333 and notifies nobody",
  {
    id: "fl333.messages.silent-system-group-mention#a-silent-mention-of-a-system-group-renders-from-fl333-and-notifies-nobody",
    gate: "always",
  },
  async (t) => {
    const members = await systemGroupId(t, "role:members");
    const channel = await freshChannel(t);
    const { queue } = await t.register("secondMember", { event_types: ["message"], apply_markdown: true });
    const id = await sendToChannel(t, "member", channel, "silent", "Hello @_*role:members*");
    const [ev] = await queue.until([messageEvent(id)]);
    const html = String((ev!.message as { content?: unknown }).content);
    const span = new RegExp(`<span class="user-group-mention silent" data-user-group-id="${members}">`);
    t.expect.ok(
      !((ev!.flags as string[] | undefined) ?? []).includes("mentioned"),
      "no mentioned flag for a member of the group (the mention is silent)",
      ev!.flags,
    );
    if (t.fl.atLeast(333)) t.expect.ok(span.test(html), `a silent user-group-mention span for role:members (${members})`, html);
    else t.expect.ok(!html.includes("user-group-mention"), "no user-group-mention for a system group before FL333", html);
  },
);
