/**
 * The client judge's rows among a document's tests (src/judge writes them): their area is "client", their clause a
 * client.<slug>, their id client/<client>/<slug>. The renderers read them by these, below the judge's layer.
 */
export const isClientRow = (t: { area: string }): boolean => t.area === "client";

/** The client a row judges, from its id (client/<client>/<slug>; the client's User-Agent may hold slashes). */
export const clientOfRow = (t: { id: string }): string => t.id.slice("client/".length, t.id.lastIndexOf("/"));
