/**
 * The part of zulip-js 2.1.0 (npm, CommonJS, ships no types) that test/zulip-client uses, read from its lib/ sources.
 * Every call resolves to the server's JSON envelope, success or error alike: the library never throws on `result:
 * "error"`, only on a body that is not JSON.
 *
 * How it puts parameters on the wire (lib/api.js): POST sends every parameter as a multipart/form-data part, arrays
 * JSON-encoded; GET, PATCH and DELETE put every parameter in the query string, as `String(value)`, and send no
 * body. A few methods JSON-encode one parameter first (`narrow`, `event_types`, the flags' `messages`). Path
 * parameters (`message_id`) are also sent as ordinary parameters, except by the reactions methods.
 */
declare module "zulip-js" {
  export interface ZulipResponse {
    result: "success" | "error";
    msg: string;
    code?: string;
    [key: string]: unknown;
  }

  export type ZulipParams = Record<string, unknown>;
  type Call = (params?: ZulipParams) => Promise<ZulipResponse>;

  export interface ZulipConfig {
    username: string;
    apiKey: string;
    /** The server's base URL; the library calls `${realm}/api/v1/...`. */
    realm: string;
  }

  export interface ZulipClient {
    config: ZulipConfig & { apiURL: string };
    callEndpoint(endpoint: string, method?: string, params?: ZulipParams): Promise<ZulipResponse>;
    queues: { register: Call; deregister: Call };
    events: { retrieve: Call };
    messages: {
      send: Call;
      retrieve: Call;
      update: Call;
      getById: Call;
      getHistoryById: Call;
      deleteById: Call;
      flags: { add: Call; remove: Call };
    };
    reactions: { add: Call; remove: Call };
    streams: { retrieve: Call; getStreamId: Call; subscriptions: { retrieve: Call }; topics: { retrieve: Call } };
    users: { retrieve: Call; me: { getProfile: Call; subscriptions: { add: Call; remove: Call } } };
    server: { settings: Call };
  }

  /** With an API key the library makes no request; with `password` instead it first calls POST /fetch_api_key. */
  export default function zulipInit(config: ZulipConfig | { zuliprc: string }): Promise<ZulipClient>;
}
