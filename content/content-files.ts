// Every content file the build validates (content/validate-content.ts): the documents of
// content/content-documents.ts, each a JSON file under content/documents/ with its struct, and
// the image manifest. A new document is added to content/content-documents.ts.
import type { Struct } from 'superstruct';
import { contentDocuments, DOCUMENT_NAMES, type DocumentName } from './content-documents.ts';
import { ImageManifestStruct } from './structs/image-manifest.struct.ts';

export interface ContentFile {
  /** Path from the project root, as it appears in error messages. */
  file: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each file has its own struct type
  struct: Struct<any, any>;
}

export type ContentName = DocumentName | 'imageManifest';

export const contentFiles: Readonly<Record<ContentName, ContentFile>> = {
  ...(Object.fromEntries(DOCUMENT_NAMES.map((name) => [name, { file: contentDocuments[name].file, struct: contentDocuments[name].struct }])) as Record<
    DocumentName,
    ContentFile
  >),
  imageManifest: { file: 'content/image-manifest.json', struct: ImageManifestStruct },
};

/** Pages of the site that a link without an anchor may point to. */
export const sitePaths = ['/', '/thank-you/', '/newsletter/confirmed/', '/newsletter/unsubscribed/', '/newsletter/link-expired/', '/privacy/', '/accessibility/'] as const;
