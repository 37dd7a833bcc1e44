import { publishPlaygrounds } from "../../events/realm-playgrounds.ts";
import { badRequest, mustBeAdministrator } from "../../errors/registry.ts";
import { authed, type RequestContext, type Route, type Runtime } from "../../runtime.ts";
import type { Playground } from "../../state/playgrounds.ts";
import { urlKey } from "../../wire/playground.ts";

const MAX_LANGUAGE = 40;
const LANGUAGE_CHARS = /^[ a-zA-Z0-9_+\-./#]*$/;
const OPERATORS = "+#./;?&";
const VARSPEC = /^([A-Za-z0-9_]|%[0-9A-Fa-f]{2})+(\.([A-Za-z0-9_]|%[0-9A-Fa-f]{2})+)*(:[1-9][0-9]{0,3}|\*)?$/;
const BAD_LITERAL = /[\s"'<>\\^`|{}]/;

/** The variable names of an RFC 6570 URI template, or null when it is not one. */
export function templateVariables(template: string): string[] | null {
  const names: string[] = [];
  let rest = template;
  for (;;) {
    const open = rest.indexOf("{");
    if (BAD_LITERAL.test(open < 0 ? rest : rest.slice(0, open))) return null;
    if (open < 0) return names;
    const close = rest.indexOf("}", open);
    if (close < 0) return null;
    let body = rest.slice(open + 1, close);
    if (body !== "" && OPERATORS.includes(body[0]!)) body = body.slice(1);
    const specs = body.split(",");
    if (specs.some((s) => !VARSPEC.test(s))) return null;
    names.push(...specs.map((s) => s.replace(/(:\d+|\*)$/, "")));
    rest = rest.slice(close + 1);
  }
}

/** Whether the text is an absolute http(s) or ftp(s) URL (what url_prefix took). */
function isUrl(text: string): boolean {
  try {
    return ["http:", "https:", "ftp:", "ftps:"].includes(new URL(text).protocol) && !/\s/.test(text);
  } catch {
    return false;
  }
}

/** Each field's problems, as real servers collect them: the field checks, then the whole-record ones. */
function problems(rt: Runtime, p: Omit<Playground, "id">, key: string): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const add = (field: string, msg: string) => (out[field] ??= []).push(msg);
  const variables = key === "url_template" ? templateVariables(p.url) : null;
  if (key === "url_template" ? variables === null : !isUrl(p.url)) add(key, key === "url_template" ? "Invalid URL template." : "Enter a valid URL.");
  if (p.name === "") add("name", "This field cannot be blank.");
  if (p.pygmentsLanguage === "") add("pygments_language", "This field cannot be blank.");
  if (variables && !variables.includes("code")) add("__all__", 'Missing the required variable "code" in the URL template');
  else if (variables && new Set(variables).size !== 1) add("__all__", '"code" should be the only variable present in the URL template');
  if (!out.name && !out.pygments_language && rt.store.playgrounds.find(p.name, p.pygmentsLanguage)) {
    add("__all__", "Realm playground with this Realm, Pygments language and Name already exists.");
  }
  return out;
}

/**
 * POST /realm/playgrounds: an administrator adds a playground → {id}. The URL is url_template (an RFC 6570
 * template whose only variable is `code`) from FL196, url_prefix (the code is appended) before. A record that
 * fails its checks is refused with the first problem as msg and all of them, by field, as `errors`.
 */
function addPlayground(ctx: RequestContext): Record<string, unknown> {
  const { rt, user, params } = ctx;
  if (!rt.access.realm.canConfigure(user)) throw mustBeAdministrator();
  const key = urlKey(rt);
  const name = params.str("name").trim();
  const language = params.str("pygments_language");
  if ([...language].length > MAX_LANGUAGE) throw badRequest(`pygments_language is too long (limit: ${MAX_LANGUAGE} characters)`);
  if (!LANGUAGE_CHARS.test(language)) throw badRequest("Invalid characters in pygments language");
  const url = params.str(key).trim();
  if (key === "url_prefix" && !isUrl(url)) throw badRequest("url_prefix is not a URL");
  const record = { name, pygmentsLanguage: language.trim(), url };
  const errors = problems(rt, record, key);
  const first = Object.values(errors)[0]?.[0];
  if (first !== undefined) throw badRequest(first, { errors });
  const playground = rt.store.playgrounds.add(record);
  publishPlaygrounds(rt);
  return { id: playground.id };
}

/** DELETE /realm/playgrounds/{playground_id}: an administrator removes one; an unknown id is "Invalid playground". */
function removePlayground(ctx: RequestContext): Record<string, unknown> {
  const { rt, user } = ctx;
  if (!rt.access.realm.canConfigure(user)) throw mustBeAdministrator();
  if (!rt.store.playgrounds.remove(Number(ctx.path.playground_id))) throw badRequest("Invalid playground");
  publishPlaygrounds(rt);
  return {};
}

export const routes: Route[] = [
  authed("POST", "/realm/playgrounds", addPlayground, { operation: "add-code-playground" }),
  authed("DELETE", "/realm/playgrounds/:playground_id(^\\d+$)", removePlayground, { operation: "remove-code-playground" }),
];
