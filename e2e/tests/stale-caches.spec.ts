import { expect, test } from '@playwright/test';

/**
 * Spec section 4 (issue 18): the app removes stale service workers and caches at start-up. An
 * older build's worker and cache are planted in the browser first (the worker's script is served
 * by the test: the app itself has none), then the app is loaded and both must be gone.
 */
const WORKER = '/old-build-sw.js';

test('a stale service worker and cache left by an older build are gone once the app has loaded', async ({ page, context }) => {
  await context.route(`**${WORKER}`, (route) =>
    route.fulfill({ contentType: 'text/javascript', body: "self.addEventListener('fetch', () => {});" }),
  );
  // Plant them from a page of the origin that does not run the app (a JSON 404 of the API).
  await page.goto('/api/not-a-route');
  await page.evaluate(async (url) => {
    const registration = await navigator.serviceWorker.register(url, { scope: '/' });
    await new Promise<void>((resolve) => {
      const worker = registration.installing ?? registration.waiting ?? registration.active;
      if (!worker || worker.state === 'activated') return resolve();
      worker.addEventListener('statechange', () => worker.state === 'activated' && resolve());
    });
    const cache = await caches.open('kolikko-old-build');
    await cache.put('/old-asset.js', new Response('old'));
  }, WORKER);
  const planted = await page.evaluate(async () => ({ workers: (await navigator.serviceWorker.getRegistrations()).length, caches: await caches.keys() }));
  expect(planted).toEqual({ workers: 1, caches: ['kolikko-old-build'] });

  await page.goto('/');
  await expect(page.locator('main h1')).toBeVisible();
  await expect
    .poll(async () => page.evaluate(async () => ({ workers: (await navigator.serviceWorker.getRegistrations()).length, caches: await caches.keys() })))
    .toEqual({ workers: 0, caches: [] });
});
