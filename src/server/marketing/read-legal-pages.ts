import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { LegalPage } from '../../shared/api/marketing.ts';

export type LegalPages = Record<LegalPage, string>;

/** Terms and privacy text: one markdown file each in content/pages, edited by the operator. */
export async function readLegalPages(
  contentDir: string,
  contactEmail: string | undefined,
): Promise<LegalPages> {
  const read = (name: string) => readFile(path.join(contentDir, 'pages', name), 'utf8');
  return {
    terms: withContact(await read('terms.md'), contactEmail, contactFor.terms),
    privacy: withContact(await read('privacy.md'), contactEmail, contactFor.privacy),
  };
}

const contactFor = {
  terms: 'for a refund under the 30-day guarantee, or with any question about these terms',
  privacy: 'to use any of these rights, or with any question about your data',
};

/** The operator's address before the page's date when it is set; without it the page names none. */
function withContact(markdown: string, contactEmail: string | undefined, purpose: string) {
  if (!contactEmail) return markdown;
  const contact = `## Contact\n\nWrite to us at [${contactEmail}](mailto:${contactEmail}) ${purpose}.\n\n`;
  const dateAt = markdown.lastIndexOf('_Last updated');
  return dateAt === -1
    ? `${markdown.trimEnd()}\n\n${contact}`
    : `${markdown.slice(0, dateAt)}${contact}${markdown.slice(dateAt)}`;
}
