import { streamDoesNotExist } from "../../errors/registry.ts";
import { authed, type Route } from "../../runtime.ts";

/** GET /get_stream_id?stream=NAME → {stream_id}, for channels the requester can see. */
export const routes: Route[] = [
  authed("GET", "/get_stream_id", ({ rt, user, params }) => {
    const name = params.str("stream");
    const channel = rt.store.channelByName(name);
    if (!channel || !rt.access.canSeeChannel(user, channel)) throw streamDoesNotExist({ stream: name });
    return { stream_id: channel.id };
  }),
];
