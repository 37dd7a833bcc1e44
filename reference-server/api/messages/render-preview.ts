import { authed, type RequestContext, type Route } from "../../runtime.ts";
import { renderMarkdown } from "./render.ts";

/** POST /messages/render: `content` (raw) rendered as a message's would be → {rendered}; nothing is stored or sent. */
function renderPreview(ctx: RequestContext): Record<string, unknown> {
  const content = ctx.params.str("content");
  return { rendered: renderMarkdown(content, { rt: ctx.rt, senderId: ctx.user.id }) };
}

export const routes: Route[] = [authed("POST", "/messages/render", renderPreview, { operation: "render-message" })];
