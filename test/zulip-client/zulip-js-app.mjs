// A small app written with zulip-js 2.1.0 the way its README shows: callOnEachEvent for the event loop, and
// messages.send every SEND_EVERY_MS (350 unless given). After SECONDS it prints one JSON line of what it saw and exits (zulip-js's
// event loop never ends by itself, nor deletes its queue): messages sent, its own messages received back as events,
// and of those sent in the second half of its life (up to two seconds before the end), how many came back — did its
// event loop survive? Arguments: realm URL, email, API key, seconds[, ms between messages].
import zulipInit from "zulip-js";

const [realm, username, apiKey, seconds, every] = process.argv.slice(2);
const SEND_EVERY_MS = Number(every ?? 350);
const life = Number(seconds) * 1000;
const started = Date.now();
/** content → when it was sent, in ms from the start */
const sent = new Map();
const received = new Set();
let errors = 0;

// zulip-js logs every failure to the console: counted instead, so that the line on stdout stays the only output.
console.log = () => {
  errors++;
};

const z = await zulipInit({ username, apiKey, realm });
z.callOnEachEvent(
  (event) => {
    if (event.type === "message" && sent.has(event.message.content)) received.add(event.message.content);
  },
  ["message"],
);
let n = 0;
setInterval(() => {
  const content = `zulip-js app ${n++}`;
  sent.set(content, Date.now() - started);
  z.messages.send({ to: "general", type: "stream", subject: "quirks", content }).catch(() => errors++);
}, SEND_EVERY_MS);

setTimeout(() => {
  const late = [...sent].filter(([, t]) => t > life / 2 && t < life - 2_000).map(([c]) => c);
  const line = { sent: sent.size, received: received.size, late: late.length, receivedLate: late.filter((c) => received.has(c)).length, errors };
  process.stdout.write(`${JSON.stringify(line)}\n`);
  process.exit(0);
}, life);
