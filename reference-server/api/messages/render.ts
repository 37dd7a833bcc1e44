/** Markdown to HTML, as much as the reference server renders: escaped text, paragraphs, line breaks. */
export function escapeHtml(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

export function renderMarkdown(content: string): string {
  return content
    .split(/\n{2,}/)
    .filter((p) => p.trim() !== "")
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, "<br>\n")}</p>`)
    .join("\n");
}
