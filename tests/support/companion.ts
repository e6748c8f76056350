import type { Page } from '@playwright/test';
import { E2E_AI_PROVIDER } from '../../playwright.config.ts';
import { expect } from './fixtures.ts';

export const panelOf = (page: Page) => page.getByRole('complementary', { name: 'AI companion' });

/** Accepts the AI notice in the open panel, as a learner does before the AI answers them. */
export async function acceptAiNotice(page: Page): Promise<void> {
  const panel = panelOf(page);
  const notice = panel.getByRole('region', { name: 'AI notice' });
  await expect(notice).toContainText(E2E_AI_PROVIDER);
  await notice.getByRole('button', { name: 'Accept' }).click();
  await expect(notice).toBeHidden();
  await expect(panel.getByRole('note')).toContainText(`sent to ${E2E_AI_PROVIDER}`);
}
