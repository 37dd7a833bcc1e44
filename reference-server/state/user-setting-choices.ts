/**
 * The fixed lists some user settings choose from, as a Zulip 10 server ships them: register's user_settings and
 * realm_user_settings_defaults carry the sound and emoji-set lists, and PATCH /settings refuses what is not in them.
 */

/** emojiset_choices, in the server's order; `key` is the emojiset value. */
export const EMOJISET_CHOICES: ReadonlyArray<{ key: string; text: string }> = [
  { key: "google", text: "Google" },
  { key: "twitter", text: "Twitter" },
  { key: "text", text: "Plain text" },
  { key: "google-blob", text: "Google blobs" },
];

/** available_notification_sounds: the sound files the server has, sorted; notification_sound also takes "none". */
export const NOTIFICATION_SOUNDS: readonly string[] = [
  "ascend",
  "beep_boop",
  "bink",
  "bright",
  "brlip",
  "chime",
  "deep tom",
  "ding",
  "double tap",
  "down",
  "dry bongos",
  "dutdut",
  "fast ascend",
  "flute",
  "friendly",
  "kick roll",
  "loud tintong",
  "metallic snare",
  "pan",
  "shaker",
  "simple",
  "stairs",
  "subtle",
  "swish",
  "tintong",
  "up",
  "wood block",
  "zaping",
  "zing",
  "zulip",
];

/**
 * default_language: the language codes the server has translations for, each with the name the `user_settings`
 * update event carries as language_name (the language's own name for itself).
 */
export const LANGUAGES: Readonly<Record<string, string>> = {
  ar: "العربيّة",
  be: "Беларуская",
  bg: "български",
  bn: "বাংলা",
  ca: "català",
  cs: "česky",
  cy: "Cymraeg",
  da: "dansk",
  de: "Deutsch",
  el: "Ελληνικά",
  en: "English",
  "en-gb": "British English",
  eo: "Esperanto",
  es: "español",
  fa: "فارسی",
  fi: "suomi",
  fr: "français",
  gl: "galego",
  gu: "ગુજરાતી",
  hi: "हिंदी",
  hu: "Magyar",
  id: "Bahasa Indonesia",
  it: "italiano",
  ja: "日本語",
  ko: "한국어",
  lt: "Lietuviškai",
  lv: "latviešu",
  ml: "മലയാളം",
  mn: "Монгол",
  nl: "Nederlands",
  no: "norsk",
  pl: "polski",
  pt: "Português",
  "pt-br": "Português Brasileiro",
  ro: "Română",
  ru: "Русский",
  si: "සිංහල",
  sr: "српски",
  sv: "svenska",
  ta: "தமிழ்",
  tl: "Tagalog",
  tr: "Türkçe",
  uk: "Українська",
  vi: "Tiếng Việt",
  "zh-hans": "简体中文",
  "zh-tw": "繁體中文",
};

/** An IANA time zone name the runtime knows ("" and UTC offsets are not names). */
export function isTimeZoneName(name: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
