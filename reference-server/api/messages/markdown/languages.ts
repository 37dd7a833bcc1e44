/**
 * Fence languages under the display name Zulip gives them in data-code-language (its highlighter's lexer names);
 * a language not here is shown as written.
 */
const NAMES: Readonly<Record<string, string>> = {
  python: "Python",
  py: "Python",
  python3: "Python",
  py3: "Python",
  py2: "Python 2.x",
  python2: "Python 2.x",
  javascript: "JavaScript",
  js: "JavaScript",
  typescript: "TypeScript",
  ts: "TypeScript",
  php: "PHP",
  "css+php": "CSS+PHP",
  "html+php": "HTML+PHP",
  "javascript+php": "JavaScript+PHP",
  "js+php": "JavaScript+PHP",
  "xml+php": "XML+PHP",
  tex: "TeX",
  latex: "TeX",
  json: "JSON",
  html: "HTML",
  css: "CSS",
  bash: "Bash",
  sh: "Bash",
  shell: "Bash",
  c: "C",
  cpp: "C++",
  "c++": "C++",
  java: "Java",
  go: "Go",
  rust: "Rust",
  ruby: "Ruby",
  rb: "Ruby",
  sql: "SQL",
  yaml: "YAML",
  xml: "XML",
  text: "Text only",
};

export function codeLanguageName(lang: string): string {
  return NAMES[lang.toLowerCase()] ?? lang;
}
