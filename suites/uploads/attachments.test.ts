import { z } from "zod";
import { eventOf } from "../../src/client/events.ts";
import { defineSuite } from "../../src/expect/suite.ts";
import type { TestContext } from "../../src/expect/context.ts";
import { Attachment } from "../../src/schemas/attachment.ts";
import { AttachmentEvent, AttachmentRemoveEvent } from "../../src/schemas/events/attachment.ts";
import { registerWith } from "../support/events.ts";
import { needOffered } from "../support/optional-endpoints.ts";
import { download, textFile, uploaded } from "../support/uploads.ts";

/**
 * The uploader's files (Zulip's GET and DELETE /attachments, which the spec does not name): the `attachment`
 * events reach only the uploader's clients, so the uploader is the test's first persona and the state invariant
 * reduces each one.
 */
const CLAUSE = "fl153.events.state-consistency";
const { behaviour } = defineSuite(import.meta.url, { needs: ["member"] });

const Listing = z.looseObject({ attachments: z.array(Attachment), upload_space_used: z.number().int() });

/** The member's file with this name in GET /attachments; null below Zulip's level for the endpoint. */
async function listedNamed(t: TestContext, name: string): Promise<Attachment | undefined | null> {
  const res = await t.api("member").get("/attachments");
  needOffered(t, res, "GET /attachments", "get-attachments");
  return t.expect
    .schema(Listing, t.expect.success(res, "GET /attachments"), res.exchange, "the GET /attachments response")
    .attachments.find((a) => a.name === name);
}

behaviour(
  CLAUSE,
  "an uploaded file is listed and deleted: attachment add and remove events to the uploader, its address gone",
  { id: "fl153.events.state-consistency#an-uploaded-file-is-listed-and-deleted-attachment-add-and-remove-events-to-the-uploader-its-address-gone" },
  async (t) => {
    const file = textFile(t, `${t.unique("attached")}.txt`);
    const { queue } = await registerWith(t, "member", ["attachment"]);
    const { address } = await uploaded(t, "member", file);
    const mine = await listedNamed(t, file.name);
    if (mine === null) return;
    if (mine === undefined) return t.expect.fail(`GET /attachments to list the file just uploaded (${file.name})`, "not listed");
    t.cleanup(`attachment ${mine.id}`, async () => {
      const gone = await t.api("member").delete(`/attachments/${mine.id}`);
      // 400 "Invalid attachment": the test deleted it itself.
      return gone.status === 400 ? undefined : gone;
    });
    const [add] = await queue.until([
      eventOf("attachment", (e) => ((e.attachment as { id?: unknown } | undefined)?.id === mine.id ? null : "another file"), "add"),
    ]);
    t.expect.equal(
      t.expect.schema(AttachmentEvent, add, undefined, "the attachment add event").attachment.path_id,
      mine.path_id,
      "path_id in the attachment add event (GET /attachments')",
    );

    const res = await t.api("member").delete(`/attachments/${mine.id}`);
    t.expect.success(res, "DELETE /attachments/{attachment_id}");
    const [remove] = await queue.until([
      eventOf("attachment", (e) => ((e.attachment as { id?: unknown } | undefined)?.id === mine.id ? null : "another file"), "remove"),
    ]);
    t.expect.schema(AttachmentRemoveEvent, remove, undefined, "the attachment remove event");
    t.expect.ok((await listedNamed(t, file.name)) === undefined, `${file.name} gone from GET /attachments`, file.name);
    t.expect.error(await t.api("member").delete(`/attachments/${mine.id}`), 400, "BAD_REQUEST");
    const fetched = await download(t, "member", address);
    t.expect.ok(fetched.status === 404, "the deleted file's address to answer HTTP 404", `HTTP ${fetched.status}`, fetched.exchange);
  },
);
