import { checkLevel } from "./check-level.ts";

// Zulip 10.2's behaviour at FL197, as `serve --product zulip` emulates it: see check-level.ts.
checkLevel(197);
