// Extensions per media type, from WordPress' wp_get_mime_types() (the list swv uses), trimmed
// to the types a contact form plausibly receives: the whole list would cost the browser
// bundle several KB for types no form accepts. A media type not listed here still matches
// by the File's own declared type (see file.ts).
const extensionsByType: Readonly<Record<string, string>> = {
  'image/jpeg': 'jpg|jpeg|jpe',
  'image/gif': 'gif',
  'image/png': 'png',
  'image/bmp': 'bmp',
  'image/tiff': 'tiff|tif',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/heic': 'heic',
  'image/svg+xml': 'svg',
  'video/mp4': 'mp4|m4v',
  'video/quicktime': 'mov|qt',
  'video/mpeg': 'mpeg|mpg|mpe',
  'video/webm': 'webm',
  'audio/mpeg': 'mp3|m4a|m4b',
  'audio/wav': 'wav',
  'audio/ogg': 'ogg|oga',
  'text/plain': 'txt|asc|c|cc|h|srt',
  'text/csv': 'csv',
  'text/calendar': 'ics',
  'application/rtf': 'rtf',
  'application/pdf': 'pdf',
  'application/zip': 'zip',
  'application/x-7z-compressed': '7z',
  'application/msword': 'doc',
  'application/vnd.ms-excel': 'xla|xls|xlt|xlw',
  'application/vnd.ms-powerpoint': 'pot|pps|ppt',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
  'application/vnd.oasis.opendocument.text': 'odt',
  'application/vnd.oasis.opendocument.spreadsheet': 'ods',
  'application/vnd.oasis.opendocument.presentation': 'odp',
  'application/vnd.oasis.opendocument.graphics': 'odg',
};

/** Extensions (without dot) WordPress maps to a media type; "image/*" gives every image's. */
export function extensionsFor(mediaType: string): string[] {
  const wanted = mediaType.toLowerCase();
  const prefix = wanted.endsWith('/*') ? wanted.slice(0, -1) : undefined;
  return Object.entries(extensionsByType)
    .filter(([type]) => (prefix === undefined ? type === wanted : type.startsWith(prefix)))
    .flatMap(([, extensions]) => extensions.split('|'));
}
