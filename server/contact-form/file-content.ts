/*
 * File types by content, not by the name or the type the browser claims: a script renamed
 * to brief.pdf must not pass. Each kind is known by its first bytes (magic numbers), and a
 * file passes only when its content is a kind the field accepts and its extension agrees
 * with that content. Accept entries this table cannot recognise by content (".docx") accept
 * nothing: an unverifiable file is refused rather than trusted.
 */

export interface FileKind {
  name: string;
  mediaType: string;
  extensions: readonly string[];
  matches(head: Uint8Array): boolean;
}

const startsWith = (head: Uint8Array, bytes: readonly number[], offset = 0) =>
  bytes.every((byte, index) => head[offset + index] === byte);

export const FILE_KINDS: readonly FileKind[] = [
  { name: 'pdf', mediaType: 'application/pdf', extensions: ['pdf'], matches: (head) => startsWith(head, [0x25, 0x50, 0x44, 0x46, 0x2d]) },
  { name: 'jpeg', mediaType: 'image/jpeg', extensions: ['jpg', 'jpeg', 'jpe'], matches: (head) => startsWith(head, [0xff, 0xd8, 0xff]) },
  {
    name: 'png',
    mediaType: 'image/png',
    extensions: ['png'],
    matches: (head) => startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  },
  { name: 'gif', mediaType: 'image/gif', extensions: ['gif'], matches: (head) => startsWith(head, [0x47, 0x49, 0x46, 0x38]) },
  {
    name: 'webp',
    mediaType: 'image/webp',
    extensions: ['webp'],
    matches: (head) => startsWith(head, [0x52, 0x49, 0x46, 0x46]) && startsWith(head, [0x57, 0x45, 0x42, 0x50], 8),
  },
];

/** Bytes needed to recognise any kind above. */
export const FILE_HEAD_BYTES = 16;

export function detectFileKind(head: Uint8Array): FileKind | undefined {
  return FILE_KINDS.find((kind) => kind.matches(head));
}

/** The kinds an accept list (".pdf", "image/png", "image/*") allows. */
export function acceptedKinds(accept: readonly string[]): FileKind[] {
  return FILE_KINDS.filter((kind) =>
    accept.some((entry) => {
      const value = entry.toLowerCase();
      if (value.startsWith('.')) return kind.extensions.includes(value.slice(1));
      if (value.endsWith('/*')) return kind.mediaType.startsWith(value.slice(0, -1));
      return kind.mediaType === value;
    }),
  );
}

/** The detected kind when the content is acceptable and the name's extension agrees, else undefined. */
export function verifyFileType(head: Uint8Array, filename: string, accept: readonly string[]): FileKind | undefined {
  const kind = detectFileKind(head);
  if (kind === undefined || !acceptedKinds(accept).includes(kind)) return undefined;
  const dot = filename.lastIndexOf('.');
  const extension = dot === -1 ? '' : filename.slice(dot + 1).toLowerCase();
  return kind.extensions.includes(extension) ? kind : undefined;
}
