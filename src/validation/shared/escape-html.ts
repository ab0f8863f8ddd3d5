// Text made safe to put into HTML (or XML) written as a string rather than by React: as element
// content, or in an attribute value quoted with either quote. One function for the browser (the
// prerendered head, lightGallery's captions) and the server (its own pages and mails).

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);
}
