import { mkdirSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';

/**
 * Saves the page at 1280 and 390 px in English, Finnish and Swedish as `<dir>/<name>-<width>-<lang>.png`,
 * when a spec's *_SHOTS variable names a directory (nothing otherwise). `open` brings the screen
 * back after each change of size and language (a reload, or a reload and a dialog opened); the
 * page is left in English at 1280 px, opened once more.
 */
export async function shoot(page: Page, dir: string | undefined, name: string, open: () => Promise<unknown> = () => page.reload()): Promise<void> {
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  // Generous waits: the shots reload on a machine other tests load too.
  const ready = async () => {
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 60_000 });
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 60_000 });
  };
  for (const lang of ['en', 'fi', 'sv'] as const) {
    await page.evaluate((language) => window.localStorage.setItem('language', language), lang);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      await open();
      await ready();
      await page.screenshot({ path: `${dir}/${name}-${width}-${lang}.png`, fullPage: true });
    }
  }
  await page.evaluate(() => window.localStorage.setItem('language', 'en'));
  await page.setViewportSize({ width: 1280, height: 800 });
  await open();
  await ready();
}
