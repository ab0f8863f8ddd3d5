// @vitest-environment node
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/*
 * Features never import each other (ARCHITECTURE.md, "The parts"): the lint rule itself, fed a
 * planted import at a path inside a feature folder, in the browser and on the server.
 */
const eslint = new ESLint();

async function importErrors(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message);
}

describe('the feature boundaries lint enforces', () => {
  it.each([
    ['a machine', 'src/machines/contact-form/planted.ts', "import { newsletterMachine } from '../newsletter/newsletter.machine.ts';\nexport const planted = newsletterMachine;\n"],
    ['a view', 'src/views/newsletter/planted.tsx', "import { SidebarTab } from '../sidebar-form/sidebar-tab.view.tsx';\nexport const planted = SidebarTab;\n"],
    ['a service', 'src/services/media/planted.ts', "import { parseFeedback } from '../contact-form/cf7-api.client.ts';\nexport const planted = parseFeedback;\n"],
    ['a protocol module', 'src/validation/newsletter/planted.ts', "import { SIDEBAR_FIELD } from '../sidebar-form/index.ts';\nexport const planted = SIDEBAR_FIELD;\n"],
    ['a server feature', 'server/newsletter/planted.ts', "import { verifyRecaptcha } from '../contact-form/recaptcha.ts';\nexport const planted = verifyRecaptcha;\n"],
    ['a server feature reaching another protocol', 'server/sidebar-form/planted.ts', "import { NEWSLETTER_FIELD } from '../../src/validation/newsletter/index.ts';\nexport const planted = NEWSLETTER_FIELD;\n"],
  ])('fails on %s importing another feature', async (_what, filePath, source) => {
    const errors = await importErrors(filePath, source);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('Features never import each other');
  });

  it.each([
    ['its own folder', 'src/machines/contact-form/planted.ts', "import { contactFormMachine } from './contact-form.machine.ts';\nexport const planted = contactFormMachine;\n"],
    ['a shared folder', 'src/views/newsletter/planted.tsx', "import { useFocusReturn } from '../shared/use-focus-return.ts';\nexport const planted = useFocusReturn;\n"],
    ['its own protocol, from the server', 'server/newsletter/planted.ts', "import { NEWSLETTER_FIELD } from '../../src/validation/newsletter/index.ts';\nexport const planted = NEWSLETTER_FIELD;\n"],
  ])('passes a feature importing %s', async (_what, filePath, source) => {
    expect(await importErrors(filePath, source)).toEqual([]);
  });
});
