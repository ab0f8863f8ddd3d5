// tel: and mailto: links from the numbers and addresses as content writes them.

/** "+27 11 568 4100" → "tel:+27115684100" */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/\s+/g, '')}`;
}

export function mailtoHref(email: string, subject?: string): string {
  return subject ? `mailto:${email}?subject=${encodeURIComponent(subject)}` : `mailto:${email}`;
}
