/**
 * The instant a `<time:…>` names, in milliseconds, or NaN. Zulip reads these with a forgiving date parser
 * (dateutil): besides what Date.parse reads, it takes ordinals (`5th`), 12-hour times (`10:30PM`, `5:30 am`)
 * and zone abbreviations; a time without a zone is UTC.
 */

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

/** Zone abbreviations as offsets from UTC in minutes (the common ones Zulip's parser is given). */
const ZONES: Readonly<Record<string, number>> = {
  utc: 0,
  gmt: 0,
  z: 0,
  ist: 330,
  est: -300,
  edt: -240,
  cst: -360,
  cdt: -300,
  mst: -420,
  mdt: -360,
  pst: -480,
  pdt: -420,
  cet: 60,
  cest: 120,
  bst: 60,
  eet: 120,
  eest: 180,
  jst: 540,
  aest: 600,
  aedt: 660,
};

/** Words and numbers in any order, as people write dates: `Jun 5th 2017, 10:30PM`, `31 Dec 2017 5:30 am IST`. */
function parseWords(text: string): number {
  const words = text
    .toLowerCase()
    .split(/[\s,]+/)
    .filter((w) => w !== "");
  let month: number | undefined;
  let day: number | undefined;
  let year: number | undefined;
  let hour = 0;
  let minute = 0;
  let second = 0;
  let meridiem: "am" | "pm" | undefined;
  let offset = 0;
  for (const word of words) {
    const time = /^(\d{1,2}):(\d{2})(?::(\d{2}))?(am|pm)?$/.exec(word);
    if (time) {
      hour = Number(time[1]);
      minute = Number(time[2]);
      second = Number(time[3] ?? 0);
      if (time[4]) meridiem = time[4] as "am" | "pm";
      continue;
    }
    if (word === "am" || word === "pm") {
      meridiem = word;
      continue;
    }
    const m = MONTHS.indexOf(word.slice(0, 3));
    if (m >= 0 && /^[a-z]+\.?$/.test(word) && month === undefined) {
      month = m;
      continue;
    }
    if (word in ZONES) {
      offset = ZONES[word]!;
      continue;
    }
    const n = /^(\d{1,4})(st|nd|rd|th)?$/.exec(word);
    if (n) {
      const v = Number(n[1]);
      if (n[1]!.length === 4 && year === undefined) year = v;
      else if (day === undefined && v >= 1 && v <= 31) day = v;
      else return NaN;
      continue;
    }
    return NaN;
  }
  if (month === undefined || day === undefined || year === undefined || hour > 23 || minute > 59 || second > 59) return NaN;
  if (meridiem) {
    if (hour < 1 || hour > 12) return NaN;
    hour = (hour % 12) + (meridiem === "pm" ? 12 : 0);
  }
  return Date.UTC(year, month, day, hour, minute, second) - offset * 60_000;
}

export function parseTime(text: string): number {
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const words = parseWords(text);
  return Number.isNaN(words) ? Date.parse(text) : words;
}
